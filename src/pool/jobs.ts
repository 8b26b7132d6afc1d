/**
 * How many worker threads a parallel job gets: `--jobs` as given, capped at the cores
 * (`os.availableParallelism()`). More workers than cores only share the cores, each with its own
 * heap and engine: `--jobs 256` on 2 cores took 3 GB and 8 s where 2 took a fraction of both.
 */
import { availableParallelism } from 'node:os';

export interface Jobs {
  readonly jobs: number;
  /** Set when the request was more than the cores: one line saying so, for stderr. */
  readonly warning?: string;
}

/** The jobs for a request (`undefined`: the cores), and a warning when it was capped. */
export function resolveJobs(requested: number | undefined, cores = availableParallelism()): Jobs {
  if (requested === undefined) return { jobs: cores };
  if (requested <= cores) return { jobs: requested };
  return { jobs: cores, warning: `--jobs ${requested} is more than the ${cores} core${cores === 1 ? '' : 's'}; using ${cores}` };
}
