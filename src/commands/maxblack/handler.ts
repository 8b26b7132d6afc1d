/** `maxblack`: the maximum, a shading of at least k, a construction, a shading file judged, or one grown. */
import { InputError } from '../../control/errors.js';
import type { Limit } from '../../control/limit.js';
import type { GrowResult } from '../../maxblack/maxblack-grow.js';
import type { Handler } from '../handler.js';
import type { MaxBlackRequest } from './request.js';

export const handler: Handler<'maxblack'> = async (request, { limit, progress }) => {
  const onProgress = (message: string) => progress({ phase: 'maxblack', done: 0, message });
  if ('check' in request) {
    const { judgeShading, parseShadingFile } = await import('../../maxblack/maxblack-shading.js');
    let file: ReturnType<typeof parseShadingFile>;
    try {
      file = parseShadingFile(request.check);
    } catch (error) {
      throw new InputError((error as Error).message, {}, request.checkSource ?? 'check');
    }
    return { mode: 'check', result: judgeShading(file) };
  }
  if ('grow' in request) return { mode: 'grow', result: await grow(request, limit, onProgress) };
  if ('construct' in request) {
    const { constructShading } = await import('../../maxblack/maxblack-construct.js');
    return {
      mode: 'construct',
      result: constructShading(request.rows, { limit }),
    };
  }
  if (request.atLeast !== undefined) {
    const { maxBlackAtLeast } = await import('../../maxblack/maxblack-aimed.js');
    return {
      mode: 'at-least',
      result: await maxBlackAtLeast(request.rows, request.cols, request.atLeast, { limit, onProgress }),
    };
  }
  const { maxBlack } = await import('../../maxblack/maxblack.js');
  const result = await maxBlack(request.rows, request.cols, {
    ...(request.connectivity === undefined ? {} : { connectivity: request.connectivity }),
    limit,
    onProgress,
  });
  return { mode: 'maximum', result };
};

/** A shading file grown by six rows and six columns: the file read and judged first, then SAT on strips. */
async function grow(
  request: Extract<MaxBlackRequest, { grow: string }>,
  limit: Limit,
  onProgress: (message: string) => void,
): Promise<GrowResult> {
  const { judgeShading, parseShadingFile } = await import('../../maxblack/maxblack-shading.js');
  const { growShading } = await import('../../maxblack/maxblack-grow.js');
  const source = request.growSource ?? 'grow';
  let file: ReturnType<typeof parseShadingFile>;
  try {
    file = parseShadingFile(request.grow);
  } catch (error) {
    throw new InputError((error as Error).message, {}, source);
  }
  const verdict = judgeShading(file);
  if (!verdict.valid) throw new InputError(`the shading to grow is not valid: ${verdict.problem}`, {}, source);
  for (const [name, cut, lines] of [
    ['row', request.rowCut, file.rows],
    ['column', request.colCut, file.cols],
  ] as const)
    if (cut !== undefined && cut >= lines)
      throw new InputError(`a ${name} cut must lie after one of its ${lines} ${name}s (1..${lines - 1}), got ${cut}`, {}, source);
  return growShading(file.rows, file.cols, file.shading, {
    ...(request.rowCut === undefined ? {} : { rowCuts: [request.rowCut] }),
    ...(request.colCut === undefined ? {} : { colCuts: [request.colCut] }),
    limit,
    onProgress,
  });
}
