/** `solve` in this thread (browser-safe): the engines, without external solver programs. */
import { UsageError } from '../../control/errors.js';
import { externalNeedsNode } from '../../sat/backends/index.js';
import type { Handler, HandlerContext } from '../handler.js';
import type { SolveRequest } from './request.js';

export const handler: Handler<'solve'> = async (request, { limit, options, progress }) => {
  const { solveWithEngine } = await import('../../solve/engines.js');
  if (request.backend === 'external') throw new UsageError(`backend "external" ${externalNeedsNode}`);
  return solveWithEngine(request.puzzle, engineOptions(request, { limit, options, progress }));
};

/** What the solve engines take for a solve request: its choices, what is left of the limit, the listeners. */
export function engineOptions(request: SolveRequest, { limit, options, progress }: HandlerContext<'solve'>) {
  const { command: _, puzzle: _puzzle, startedAt: _started, timeoutMs: _timeout, ...choices } = request;
  return {
    ...choices,
    limit,
    onProgress: (message: string) => progress({ phase: 'solve', done: 0, message }),
    ...(options.onItem === undefined ? {} : { onSolution: solutionCounter(options.onItem) }),
  };
}

/** `onItem` for solutions, numbered from 0 as they come. */
function solutionCounter<T>(onItem: (item: T, index: number) => void): (item: T) => void {
  let k = 0;
  return (item) => onItem(item, k++);
}
