/** `generate` in this thread (browser-safe): one puzzle after another. Node's node.ts spreads them over worker threads. */
import { UsageError } from '../../control/errors.js';
import { throttled, type ProgressEvent } from '../../control/progress.js';
import type { Handler } from '../handler.js';
import type { GenerateRequest } from './request.js';

export const handler: Handler<'generate'> = async (request, { limit, options, progress }) => {
  const { generatePuzzle, puzzleSeed } = await import('../../generate/generate.js');
  await refuseOutOfReach(request);
  const count = request.count ?? 1;
  const spec = specOf(request);
  const puzzles = [];
  const tried = throttled(progress);
  for (let k = 0; k < count; k++) {
    if (limit.expired) return { puzzles, complete: false };
    try {
      const onTry = (tries: number, elapsedMs: number) => tried(tryEvent(k, count, tries, elapsedMs));
      const made = await generatePuzzle(spec, puzzleSeed(request.seed, k), limit, onTry);
      puzzles.push(made);
      options.onItem?.(made, k);
      progress({ phase: 'generate', done: k + 1, total: count, message: `generate: ${k + 1}/${count}` });
    } catch (error) {
      if (limit.expired) return { puzzles, complete: false };
      throw error;
    }
  }
  return { puzzles, complete: true };
};

/** The generator's specification of a request. */
export function specOf(request: GenerateRequest) {
  return {
    rows: request.rows,
    cols: request.cols,
    convention: request.convention ?? 'literal',
    ...(request.symbols === undefined ? {} : { symbols: request.symbols }),
    ...(request.class === undefined ? {} : { class: request.class }),
    ...(request.pattern === undefined ? {} : { pattern: request.pattern }),
    ...(request.symmetry === undefined ? {} : { symmetry: request.symmetry }),
  } as const;
}

/**
 * The progress of one generated puzzle while it is searched for: puzzles done (`done` of
 * `total`), and in the line the shadings tried for this one and the time it has taken.
 */
export function tryEvent(index: number, count: number, tries: number, elapsedMs: number): ProgressEvent {
  const which = count === 1 ? 'generate' : `generate ${index + 1}/${count}`;
  return {
    phase: 'generate',
    done: index,
    total: count,
    message: `${which}: try ${tries}, ${(elapsedMs / 1000).toFixed(1)} s`,
  };
}

/** A (size, class, symmetry) measured out of reach (generate-support.ts) is refused before any search. */
export async function refuseOutOfReach(request: GenerateRequest): Promise<void> {
  // Loaded here, not with the door: a one-shot solve need not read the table.
  const { generationProblem } = await import('../../generate/generate-support.js');
  const problem = generationProblem(request);
  if (problem !== null) throw new UsageError(problem);
}
