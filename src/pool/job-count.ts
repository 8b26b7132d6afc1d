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

/**
 * Below this much time left, a parallel job runs on the calling thread rather than on workers.
 * A worker takes 0.1-0.5 s to start (Node's own start-up, then its handler's modules and
 * tables; the longer on a loaded machine) and cannot be stopped while it starts: ending it waits
 * for that start to finish. Under a 1 s limit on a loaded 2-core machine, `enumerate`'s and
 * `generate`'s workers were often still starting at the limit, held the exit 100-500 ms past
 * it, and had done less than the one thread does alone in that time.
 */
const minWorkerTimeMs = 2000;

/** The workers for `jobs` when `timeLeftMs` remain (undefined: no limit): 1, the calling thread, under `minWorkerTimeMs`. */
export function jobsWithin(jobs: number, timeLeftMs: number | undefined): number {
  return timeLeftMs !== undefined && timeLeftMs < minWorkerTimeMs ? 1 : jobs;
}
