/** `solve` in this thread (browser-safe): the engines, without external solver programs. */
import { UsageError } from '../../control/errors.js';
import type { Limit } from '../../control/limit.js';
import type { EngineResult } from '../../solve/engines.js';
import { externalNeedsNode } from '../../sat/backends/index.js';
import type { Handler, HandlerContext } from '../handler.js';
import type { SolveRequest, SolveResult } from './request.js';

export const handler: Handler<'solve'> = async (request, { limit, options, progress }) => {
  const { solveWithEngine } = await import('../../solve/engines.js');
  if (request.backend === 'external') throw new UsageError(`backend "external" ${externalNeedsNode}`);
  return withCertificate(request, limit, () => solveWithEngine(request.puzzle, engineOptions(request, { limit, options, progress })));
};

/**
 * The solve's result with its certificate, when the request asks for one and the verdict is
 * proven. A certificate over its size bound is refused before the solve (TooLargeError). The
 * certificate is made from this solve's verdict and solutions, not by solving again; its maker
 * checks the solutions and verifies the finished certificate, so a wrong verdict is an error,
 * never a certificate.
 */
export async function withCertificate(request: SolveRequest, limit: Limit, solve: () => Promise<EngineResult>): Promise<SolveResult> {
  if (request.certificate !== true) return solve();
  const { assertCertificateFits } = await import('../../certify/formula.js');
  assertCertificateFits(request.puzzle, request.convention ?? 'literal');
  const result = await solve();
  const { status } = result;
  if (status !== 'unique' && status !== 'none' && status !== 'multiple') return result;
  const { makeCertificate } = await import('../../certify/make.js');
  const certificate = await makeCertificate(request.puzzle, {
    convention: request.convention ?? 'literal',
    limit,
    solved: { status, solutions: result.solutions },
  });
  return { ...result, certificate };
}

/** What the solve engines take for a solve request: its choices, what is left of the limit, the listeners. */
export function engineOptions(request: SolveRequest, { limit, options, progress }: HandlerContext<'solve'>) {
  const { command: _, puzzle: _puzzle, startedAt: _started, timeoutMs: _timeout, certificate: _certificate, ...choices } = request;
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
