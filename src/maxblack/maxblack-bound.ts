/**
 * An upper bound on the number of shaded cells in a valid shading of an m x n board (no two
 * shaded cells share an edge, the unshaded cells form one connected region), from counting edges.
 * A shading that meets it is optimal: no refutation is needed.
 *
 * Let S be the shaded set (s cells) and U the rest (connected, |U| = mn - s). The board has
 * 2mn - m - n edges. S is independent, so each edge at a shaded cell v goes to U: U keeps
 * 2mn - m - n - Σ_{v∈S} deg v edges. Write deg v = 4 - ε(v) (ε = 1 on a side cell, 2 on a corner,
 * 0 inside) and μ = |E(U)| - |U| + 1 ≥ 0 (the independent cycles of the connected U). Then
 *     2mn - m - n - 4s + Σε = mn - s - 1 + μ,   i.e.   3s = (m-1)(n-1) + Σ_{v∈S} ε(v) - μ.   (*)
 * The border cells form a cycle of L = 2(m + n - 2) cells (consecutive ones share an edge), so the
 * shaded border cells are independent on it. W(m, n), the most Σε over independent sets of that
 * cycle (corners weigh 2, side cells 1), is m + n + (m mod 2) + (n mod 2) for m, n ≥ 3:
 * - an independent set has k ≤ L/2 = m + n - 2 cells and c ≤ 4 corners, Σε = k + c;
 * - k = L/2 only for one of the two parity classes of the cycle; the corners sit at positions
 *   0, n-1, n+m-2, 2n+m-3, all of one parity when m and n are odd (Σε = m + n + 2), two in each
 *   class otherwise (Σε = m + n);
 * - with all four corners, each side of e edges between two shaded corners holds at most
 *   ⌈(e - 3)/2⌉ more: k ≤ 4 + 2⌈(n-4)/2⌉ + 2⌈(m-4)/2⌉, so Σε ≤ m + n + 1 when exactly one side
 *   length is odd, and less than the parity class otherwise; three corners do no better.
 * On a 2 x n board the two short sides have one edge, so two corners at most: W(2, n) = n + 2.
 * (`maxBorderWeight` computes W by dynamic programming over the cycle; the tests check it against
 * this formula.) With μ ≥ 0: **3s ≤ (m-1)(n-1) + W**.
 *
 * Sharper when m and n are both odd and at least 5: Σε = W = m + n + 2 needs k = L/2 with all
 * four corners, i.e. the border alternates shaded/unshaded starting from the corners. Then every
 * cell of the second ring is unshaded: it touches a border cell that is either shaded (rule 2) or
 * unshaded with both border neighbours shaded, so that the second-ring cell is its only way to
 * the rest of U. The second ring is a cycle (m, n ≥ 5), so μ ≥ 1. Either way Σε - μ ≤ W - 1:
 * **3s ≤ (m-1)(n-1) + W - 1**.
 *
 * For n x n this gives a(n) ≤ ⌊(n²+1)/3⌋ for even n, ⌊n²/3⌋ + 1 for odd n ≤ 3, and ⌊(n²+2)/3⌋ for
 * odd n ≥ 5 (n²/3 when 3 divides n). A one-row board (1 x n) holds at most min(2, n - 1): the
 * unshaded cells must be one run, so only the two end cells can be shaded. (1 x 1 counts 0, the
 * unshaded region being non-empty, as in `maxBlack`.)
 *
 * (*) also says what a shading meeting the bound looks like: U a tree (μ = 0) or nearly, and the
 * border alternating or nearly; `slack` below is how much of W - Σε + μ a shading with k cells
 * may spend, which the search aimed at the bound turns into clauses.
 */

export interface MaxBlackBound {
  /** No valid shading of the board has more shaded cells than this. */
  readonly bound: number;
  /** W(m, n): the most Σε over the border (0 for a one-row board, where the count is direct). */
  readonly borderWeight: number;
  /** Whether the second-ring argument (both sides odd and at least 5) took one off W. */
  readonly sharpened: boolean;
  /** In words, for a report: the formula used. */
  readonly formula: string;
}

/**
 * W(m, n) by dynamic programming over the border cycle: the most Σε (2 per corner, 1 per side
 * cell) over sets of border cells no two of which are consecutive on the cycle.
 */
export function maxBorderWeight(rows: number, cols: number): number {
  if (rows < 2 || cols < 2) throw new RangeError('the border is a cycle only for boards of at least 2x2');
  const weights = borderCycle(rows, cols).map(({ corner }) => (corner ? 2 : 1));
  // Two passes over the path: the first cell left out, or taken (then the last cell is left out).
  const path = (w: readonly number[]): number => {
    let take = 0;
    let skip = 0;
    for (const x of w) [take, skip] = [skip + x, Math.max(take, skip)];
    return Math.max(take, skip);
  };
  return Math.max(path(weights.slice(1)), weights[0]! + path(weights.slice(2, -1)));
}

/** The border cells in cycle order from the top-left corner, clockwise, with their corner flags. */
export function borderCycle(rows: number, cols: number): { cell: number; corner: boolean }[] {
  const out: { cell: number; corner: boolean }[] = [];
  const at = (r: number, c: number) => out.push({ cell: r * cols + c, corner: (r === 0 || r === rows - 1) && (c === 0 || c === cols - 1) });
  for (let c = 0; c < cols; c++) at(0, c);
  for (let r = 1; r < rows; r++) at(r, cols - 1);
  for (let c = cols - 2; c >= 0; c--) at(rows - 1, c);
  for (let r = rows - 2; r >= 1; r--) at(r, 0);
  return out;
}

export function maxBlackBound(rows: number, cols: number): MaxBlackBound {
  const m = Math.min(rows, cols);
  const n = Math.max(rows, cols);
  if (m === 1) {
    const bound = Math.min(2, n - 1);
    return { bound, borderWeight: 0, sharpened: false, formula: 'one row: only the end cells, min(2, n - 1)' };
  }
  const w = borderWeight(m, n);
  const sharpened = m % 2 === 1 && n % 2 === 1 && m >= 5;
  const bound = Math.floor(((m - 1) * (n - 1) + w - (sharpened ? 1 : 0)) / 3);
  const formula = sharpened
    ? `⌊((m-1)(n-1) + W - 1)/3⌋, W = m+n+2 (both sides odd; the second ring is a cycle when the border alternates)`
    : `⌊((m-1)(n-1) + W)/3⌋, W = ${m === 2 ? 'n+2' : `m+n+${(m % 2) + (n % 2)}`}`;
  return { bound, borderWeight: w, sharpened, formula };
}

/**
 * For a shading with k shaded cells, (*) gives Σε - μ = 3k - (m-1)(n-1) =: t; a board with
 * W - t < 0 has no such shading. `slack` = W - t is what the border's shortfall from W and the
 * cycles of U may add up to (for m, n ≥ 2).
 */
export function boundSlack(rows: number, cols: number, k: number): { need: number; slack: number } {
  const m = Math.min(rows, cols);
  const n = Math.max(rows, cols);
  const need = 3 * k - (m - 1) * (n - 1);
  return { need, slack: borderWeight(m, n) - need };
}

/** W(m, n) in closed form (m ≤ n, m ≥ 2), as derived in the header. */
function borderWeight(m: number, n: number): number {
  return m === 2 ? n + 2 : m + n + (m % 2) + (n % 2);
}
