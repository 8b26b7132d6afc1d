/** `maxblack`: its request, its result and their checks at the door. */
import { InputError, UsageError } from '../../control/errors.js';
import type { MaxBlackConnectivity, MaxBlackResult } from '../../maxblack/maxblack.js';
import type { AtLeastResult } from '../../maxblack/maxblack-aimed.js';
import type { ConstructResult } from '../../maxblack/maxblack-construct.js';
import type { GrowResult } from '../../maxblack/maxblack-grow.js';
import type { ShadingVerdict } from '../../maxblack/maxblack-shading.js';
import type { Bounded } from '../bounded.js';
import { validateCount } from '../validate.js';

/**
 * The largest number of shaded cells in a valid shading of an empty board, proven (a shading that
 * meets the edge-counting bound, or SAT); or, with `atLeast`, a shading with that many or more;
 * with `construct`, a near-optimal shading of a large square board built directly; with `check`,
 * the verdict on a shading file's text ('#' shaded, '.' unshaded); with `grow`, a shading file's
 * text grown by six rows and six columns (SAT on strips, after the given cuts or each in turn).
 */
export type MaxBlackRequest = Bounded & { readonly command: 'maxblack' } & (
    | { readonly rows: number; readonly cols: number; readonly connectivity?: MaxBlackConnectivity; readonly atLeast?: number }
    | { readonly rows: number; readonly cols: number; readonly construct: true }
    | { readonly check: string; readonly checkSource?: string }
    | { readonly grow: string; readonly growSource?: string; readonly rowCut?: number; readonly colCut?: number }
  );

export type MaxBlackAnswer =
  | { readonly mode: 'maximum'; readonly result: MaxBlackResult }
  | { readonly mode: 'at-least'; readonly result: AtLeastResult }
  | { readonly mode: 'construct'; readonly result: ConstructResult }
  | { readonly mode: 'check'; readonly result: ShadingVerdict }
  | { readonly mode: 'grow'; readonly result: GrowResult };

export function checkMaxBlack(request: MaxBlackRequest): void {
  if ('check' in request) {
    if (typeof request.check !== 'string') throw new InputError('"check" must be the text of a shading file', {}, 'request');
    return;
  }
  if ('grow' in request) {
    if (typeof request.grow !== 'string') throw new InputError('"grow" must be the text of a shading file', {}, 'request');
    if (request.rowCut !== undefined) validateCount('rowCut', request.rowCut);
    if (request.colCut !== undefined) validateCount('colCut', request.colCut);
    return;
  }
  validateCount('rows', request.rows);
  validateCount('cols', request.cols);
  if ('construct' in request && request.rows !== request.cols) throw new UsageError('--construct builds square boards only');
}
