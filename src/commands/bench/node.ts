/** `bench` under Node: every puzzle of the sets on worker threads, each answer judged, timed. */
import type { ProgressEvent } from '../../control/progress.js';
import type { NodeFace } from '../handler.js';
import type { BenchRequest, BenchResult } from './request.js';

export const node: NodeFace<'bench'> = {
  // The time limit of a bench is per puzzle (the workers bound each one), not for the whole run.
  handler: (request, { progress }) => bench(request, progress),
};

async function bench(request: BenchRequest, progress: (event: ProgressEvent) => void): Promise<BenchResult> {
  const { benchSets } = await import('../../benchmark/run-set.js');
  const { defaultBenchBackend, defaultBenchConnectivity, defaultEngine } = await import('../../benchmark/engines.js');
  return benchSets(request.sets, {
    engine: request.engine ?? defaultEngine,
    backend: request.backend ?? defaultBenchBackend,
    connectivity: request.connectivity ?? defaultBenchConnectivity,
    jobs: request.jobs ?? 1,
    ...(request.warmup === undefined ? {} : { warmup: request.warmup }),
    ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    ...(request.firstStartedAt === undefined ? {} : { firstStartedAt: request.firstStartedAt }),
    onProgress: (p) =>
      progress({
        phase: p.phase === 'warm-up' ? 'bench warm-up' : 'bench',
        done: p.done,
        total: p.n,
        message:
          p.phase === 'warm-up'
            ? `warm-up: up to ${p.n} puzzle(s) in every worker`
            : `set ${p.set}/${p.sets} ${p.name}: ${p.done}/${p.n}${p.failed > 0 ? `, ${p.failed} not correct` : ''}`,
      }),
  });
}
