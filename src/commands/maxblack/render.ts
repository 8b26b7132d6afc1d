/** The `maxblack` report: the proven maximum and its pattern, as text or JSON. */
import type { MaxBlackResult } from '../../maxblack/maxblack.js';
import { shadingToGrid } from '../../puzzle/puzzle.js';

/** The shading file form ('#' shaded, '.' unshaded, ';' comment lines), as the other modes print their shading. */
export { formatShadingFile } from '../../maxblack/maxblack-shading.js';

/** A shading drawn with '#' for a shaded cell and '.' for an unshaded one. */
function drawPattern(result: Pick<MaxBlackResult, 'rows' | 'cols' | 'shading'>): string {
  return shadingToGrid(result, result.shading)
    .map((row) => `${row.map((s) => (s ? '#' : '.')).join(' ')}\n`)
    .join('');
}

export function maxBlackText(result: MaxBlackResult): string {
  const size = `${result.rows}x${result.cols}`;
  const headline = result.proven
    ? result.provenBy === 'bound'
      ? `${size}: at most ${result.value} shaded cells (proven: a valid shading with ${result.value}, which meets the upper bound)`
      : `${size}: at most ${result.value} shaded cells (proven: a valid shading with ${result.value}, none with ${result.value + 1})`
    : `${size}: ${result.value} shaded cells found, not proven the maximum (time limit reached)`;
  const boundLine = `upper bound ${result.bound} (edges: 3s <= (m-1)(n-1) + border weight - cycles of the unshaded cells)${
    result.proven || result.value === result.bound ? '' : `, ${result.bound - result.value} above the shading found`
  }\n`;
  const note =
    result.rows * result.cols === 1
      ? 'a 1x1 board counts 0: the unshaded cells must form a non-empty region (OEIS A239231 counts a(1) = 1, an empty region counting as connected)\n'
      : '';
  const stats = `${result.solveCalls} solve calls, ${result.cuts} connectivity cuts, ${result.variables} variables, ${result.clauses} clauses; found in ${result.foundMs.toFixed(0)} ms, ${result.timeMs.toFixed(0)} ms in all\n`;
  return `${headline}\n${boundLine}${note}${drawPattern(result)}${stats}`;
}

export function maxBlackJson(result: MaxBlackResult): object {
  return {
    rows: result.rows,
    cols: result.cols,
    maxShaded: result.value,
    proven: result.proven,
    provenBy: result.provenBy,
    bound: result.bound,
    shading: shadingToGrid(result, result.shading),
    foundMs: round(result.foundMs),
    timeMs: round(result.timeMs),
    solveCalls: result.solveCalls,
    cuts: result.cuts,
    variables: result.variables,
    clauses: result.clauses,
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
