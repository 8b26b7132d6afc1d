/**
 * The rule breaks the page shows live as the player marks (examples/web/main.ts). They are read
 * off the player's board only, never from a solution, so they give nothing away: each is a break
 * that no further marking can mend without taking a mark back.
 *
 * - `touch`: two shaded cells share an edge (rule 2).
 * - `repeat`: a number marked white twice in a row or column (rule 1): one of them must be shaded,
 *   and the player has said neither is. Numbers that are merely not shaded yet are not flagged, or
 *   a fresh board would be all red.
 * - `cut`: cells that shaded cells cut off from the largest region of cells not shaded (rule 3).
 *   Unmarked cells count as white here: shading more of them can never join the regions again.
 */

/** One rule a cell breaks, as the page tints it. */
export type Break = 'repeat' | 'touch' | 'cut';

/** The grid the breaks are read from (a Puzzle has these fields). */
interface Grid {
  readonly rows: number;
  readonly cols: number;
  readonly values: readonly number[];
}

/**
 * Per cell, the rule it breaks on the player's board (true shaded, false marked white, null not
 * marked), or null. A shaded cell can only break `touch`; a cell that is not shaded shows `repeat`
 * before `cut`.
 */
export function ruleBreaks(grid: Grid, marks: readonly (boolean | null)[]): (Break | null)[] {
  const { rows, cols, values } = grid;
  const n = rows * cols;
  const out: (Break | null)[] = new Array<Break | null>(n).fill(null);
  const shaded = (i: number) => marks[i] === true;

  for (let i = 0; i < n; i++) {
    if (!shaded(i)) continue;
    const right = i % cols < cols - 1 ? i + 1 : -1;
    const below = i + cols < n ? i + cols : -1;
    for (const j of [right, below])
      if (j >= 0 && shaded(j)) {
        out[i] = 'touch';
        out[j] = 'touch';
      }
  }

  // Components of the cells not shaded; all but the largest (the first of equal size) are cut off.
  const region = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < n; start++) {
    if (shaded(start) || region[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    region[start] = id;
    while (stack.length > 0) {
      const i = stack.pop()!;
      size++;
      const c = i % cols;
      for (const j of [i >= cols ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, i + cols < n ? i + cols : -1])
        if (j >= 0 && !shaded(j) && region[j] === -1) {
          region[j] = id;
          stack.push(j);
        }
    }
    sizes.push(size);
  }
  if (sizes.length > 1) {
    const main = sizes.indexOf(Math.max(...sizes));
    for (let i = 0; i < n; i++) if (region[i] !== -1 && region[i] !== main) out[i] = 'cut';
  }

  // Numbers marked white twice in a line.
  const lines: number[][] = [];
  for (let r = 0; r < rows; r++) lines.push(Array.from({ length: cols }, (_, c) => r * cols + c));
  for (let c = 0; c < cols; c++) lines.push(Array.from({ length: rows }, (_, r) => r * cols + c));
  for (const line of lines) {
    const seen = new Map<number, number[]>();
    for (const i of line) {
      if (marks[i] !== false) continue;
      const same = seen.get(values[i]!);
      if (same === undefined) seen.set(values[i]!, [i]);
      else same.push(i);
    }
    for (const same of seen.values()) if (same.length > 1) for (const i of same) out[i] = 'repeat';
  }
  return out;
}
