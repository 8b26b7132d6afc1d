/**
 * Valid shadings of large n x n boards close to the edge-counting bound (maxblack-bound.ts),
 * built directly: a lattice, a recursion on its junctions, then repair and greedy improvement.
 *
 * Why it can be close: by (*) of maxblack-bound.ts, 3s = (n-1)² + Σε - μ for a valid shading, so
 * a shading whose border alternates (Σε = W) and whose unshaded cells form a tree up to a few
 * cycles (μ small) is within μ/3 + (W - Σε)/3 of the bound, whatever it looks like inside.
 *
 * Lattice. Give every row and column a role: L (lattice) or J (junction). Shade every (L, L)
 * cell. Rows and columns alternate L, J, L, ..., so the unshaded cells are the J rows and J
 * columns: junctions (J, J), joined to their neighbours by one-cell links ((L, J) or (J, L)).
 * The unshaded region is then the junction grid with its edges subdivided, plus pendant links,
 * and shading a set R of junctions leaves a tree exactly when R is independent in the junction
 * grid (else the link between two shaded junctions is cut off) and the junctions outside R
 * induce a tree. No (L, L) cell touches a junction, so R can be any such set.
 *
 * Framed problem P(a x b): an a x b grid whose every outer side touches an unshaded, connected
 * frame. Choosing shaded cells R (independent, the rest plus the frame connected), the unshaded
 * part has μ = (a+1)(b+1) - 3|R| - (the frame's own cycles counted once) by counting edges, as
 * all cells have degree 4. With the roles L J L ... L along an odd side (the outer junction lines
 * reach the frame through links), the junctions form P((a-1)/2 x ...) with the same frame and
 * the same μ: no loss. Along an even side the roles are L J L ... J L X: the last line X is
 * shaded at its J (and X) crossings, its other cells hang on the frame, and the last J line,
 * whose links end at X's shaded cells, must stay unshaded: it joins the frame (one more cycle)
 * and the junction problem shrinks by that line. So P(k) costs at most one cycle per even level,
 * about log₂ k in all.
 *
 * The board: odd n takes the roles L J L ... L; the first and last J lines touch the border only
 * through links that end there, so they stay unshaded and form a ring (one cycle, which the
 * sharper bound allows), and the inner junctions are P((n-1)/2 - 2). The border alternates with
 * all four corners shaded: Σε = W. Even n takes L S S L J L ... J L: rows 1 and 2 (and columns
 * 1 and 2) form a comb (row 1 unshaded, row 2 shaded at its J crossings), which keeps the border
 * alternating on all four sides; the J lines next to the combs and the border stay unshaded.
 * Where these pieces meet (the corners, the combs' crossing) the pattern is then repaired (a
 * shaded cell that cuts the unshaded cells apart is unshaded again) and improved greedily: an
 * unshaded cell whose neighbours are all unshaded and which is no cut vertex of the unshaded
 * cells is shaded, while there is one.
 */
import { Limit } from '../control/limit.js';
import { checkShading } from '../puzzle/check.js';
import { blankBoard } from './maxblack.js';
import { maxBlackBound } from './maxblack-bound.js';

export interface ConstructResult {
  readonly n: number;
  /** Row-major, true = shaded. */
  readonly shading: boolean[];
  readonly value: number;
  readonly bound: number;
  readonly timeMs: number;
}

type Role = 'L' | 'J' | 'X';

/** Roles along a side of a framed problem: L J L ... L (odd), L J L ... J L X (even). */
function framedRoles(k: number): Role[] {
  const roles: Role[] = [];
  const body = k % 2 === 1 ? k : k - 1;
  for (let i = 0; i < body; i++) roles.push(i % 2 === 0 ? 'L' : 'J');
  if (k % 2 === 0) roles.push('X');
  return roles;
}

/**
 * The sizes of the framed problems the construction of an n x n board recurses through. (Solving
 * one of them by SAT instead does not help where the construction falls short: P(4) and P(10)
 * have no solution with the frame's cycle alone, 8 and 40 shaded cells; the record shadings of
 * 13, 17 and 21 found by SAT are built differently inside.)
 */
export function framedSizes(n: number): [number, number][] {
  const out: [number, number][] = [];
  if (n < 5) return out;
  let k = boardRoles(n).filter((role) => role === 'J').length - 2;
  while (k > 0) {
    out.push([k, k]);
    k = subLines(
      Array.from({ length: k }, (_, i) => i),
      framedRoles(k),
    ).length;
  }
  return out;
}

/** Solves the framed problem on the cells rows x cols (board coordinates) into `black`. */
function framed(rows: readonly number[], cols: readonly number[], black: Uint8Array, width: number): void {
  if (rows.length === 0 || cols.length === 0) return;
  const rr = framedRoles(rows.length);
  const cr = framedRoles(cols.length);
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < cols.length; j++) {
      const a = rr[i]!;
      const b = cr[j]!;
      const shade = (a === 'L' && b === 'L') || (a === 'X' && b !== 'L') || (b === 'X' && a !== 'L');
      if (shade) black[rows[i]! * width + cols[j]!] = 1;
    }
  framed(subLines(rows, rr), subLines(cols, cr), black, width);
}

/** The junction lines that stay free: all J lines but the last when an X line ends the side. */
function subLines(lines: readonly number[], roles: readonly Role[]): number[] {
  const j = lines.filter((_, i) => roles[i] === 'J');
  if (roles[roles.length - 1] === 'X') j.pop();
  return j;
}

/** Row (and column) roles of the whole board; S1/S2 are the comb lines of even n. */
type BoardRole = 'L' | 'J' | 'S1' | 'S2';
function boardRoles(n: number): BoardRole[] {
  if (n % 2 === 1) return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'L' : 'J'));
  const roles: BoardRole[] = ['L', 'S1', 'S2'];
  for (let i = 3; i < n; i++) roles.push(i % 2 === 1 ? 'L' : 'J');
  return roles;
}

/** Past `limit` the improving pass stops: the shading is then valid but may not be the best this construction reaches. */
export function constructShading(n: number, options: { readonly limit?: Limit } = {}): ConstructResult {
  const started = performance.now();
  const black = new Uint8Array(n * n);
  if (n >= 5) {
    const roles = boardRoles(n);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const a = roles[r]!;
        const b = roles[c]!;
        if ((a === 'L' && b === 'L') || (a === 'S2' && (b === 'J' || b === 'S2')) || (b === 'S2' && a === 'J')) black[r * n + c] = 1;
      }
    const junctions = roles.flatMap((role, i) => (role === 'J' ? [i] : []));
    const inner = junctions.slice(1, -1);
    framed(inner, inner, black, n);
  }
  repair(n, black);
  // A 1x1 board keeps its one cell unshaded (the unshaded region must not be empty).
  if (n > 1) improve(n, black, options.limit ?? Limit.none);
  const shading = Array.from(black, (b) => b === 1);
  const violations = checkShading(blankBoard(n, n), shading);
  if (violations.length > 0) throw new Error(`construct: the shading breaks the rules (${violations[0]!.message}): a bug in hitori-sat`);
  return { n, shading, value: shading.filter(Boolean).length, bound: maxBlackBound(n, n).bound, timeMs: performance.now() - started };
}

/** Unshades shaded cells that touch another one, then joins the unshaded components. */
function repair(n: number, black: Uint8Array): void {
  for (let i = 0; i < n * n; i++) {
    if (!black[i]) continue;
    const c = i % n;
    if ((c + 1 < n && black[i + 1]) || (i + n < n * n && black[i + n])) black[i] = 0;
  }
  const comp = new Int32Array(n * n);
  for (;;) {
    const count = label(n, black, comp);
    if (count <= 1) return;
    // Unshade every shaded cell that touches two components (each merge makes progress).
    let changed = false;
    for (let i = 0; i < n * n; i++) {
      if (!black[i]) continue;
      const seen = new Set<number>();
      for (const j of around(n, i)) if (!black[j]) seen.add(comp[j]!);
      if (seen.size >= 2) {
        black[i] = 0;
        changed = true;
        break;
      }
    }
    if (!changed) throw new Error('construct: cannot join the unshaded cells (a bug)');
  }
}

function around(n: number, i: number): number[] {
  const r = Math.floor(i / n);
  const c = i % n;
  const out: number[] = [];
  if (r > 0) out.push(i - n);
  if (r + 1 < n) out.push(i + n);
  if (c > 0) out.push(i - 1);
  if (c + 1 < n) out.push(i + 1);
  return out;
}

/** Labels the unshaded components (comp[i] = its number, -1 for shaded); returns how many. */
function label(n: number, black: Uint8Array, comp: Int32Array): number {
  comp.fill(-1);
  const stack = new Int32Array(n * n);
  let count = 0;
  for (let s = 0; s < n * n; s++) {
    if (black[s] || comp[s] !== -1) continue;
    let top = 0;
    stack[top++] = s;
    comp[s] = count;
    while (top > 0) {
      const i = stack[--top]!;
      for (const j of around(n, i))
        if (!black[j] && comp[j] === -1) {
          comp[j] = count;
          stack[top++] = j;
        }
    }
    count++;
  }
  return count;
}

/** The cut vertices of the unshaded cells (iterative Tarjan); `cut[i]` = 1 for each. */
function cutVertices(n: number, black: Uint8Array, cut: Uint8Array): void {
  const size = n * n;
  const disc = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const next = new Uint8Array(size);
  const children = new Int32Array(size);
  const stack = new Int32Array(size);
  cut.fill(0);
  let time = 0;
  const nb = [-n, n, -1, 1];
  for (let s = 0; s < size; s++) {
    if (black[s] || disc[s] !== -1) continue;
    let top = 0;
    stack[top++] = s;
    disc[s] = low[s] = time++;
    while (top > 0) {
      const v = stack[top - 1]!;
      if (next[v]! < 4) {
        const d = next[v]!++;
        const c = v % n;
        if ((d === 0 && v < n) || (d === 1 && v + n >= size) || (d === 2 && c === 0) || (d === 3 && c === n - 1)) continue;
        const w = v + nb[d]!;
        if (black[w]) continue;
        if (disc[w] === -1) {
          parent[w] = v;
          children[v]!++;
          disc[w] = low[w] = time++;
          stack[top++] = w;
        } else if (w !== parent[v]) low[v] = Math.min(low[v]!, disc[w]!);
      } else {
        top--;
        const p = parent[v]!;
        if (p >= 0) {
          low[p] = Math.min(low[p]!, low[v]!);
          if (parent[p] !== -1 && low[v]! >= disc[p]!) cut[p] = 1;
        }
      }
    }
    if (children[s]! >= 2) cut[s] = 1;
  }
}

/** Shades unshaded cells with only unshaded neighbours that are no cut vertex, while any is left. */
function improve(n: number, black: Uint8Array, limit: Limit): void {
  const cut = new Uint8Array(n * n);
  for (;;) {
    if (limit.expired) return;
    cutVertices(n, black, cut);
    let added = 0;
    const touched = new Uint8Array(n * n);
    for (let i = 0; i < n * n; i++) {
      if (black[i] || cut[i] || touched[i]) continue;
      const nbrs = around(n, i);
      if (nbrs.some((j) => black[j])) continue;
      // One addition per neighbourhood per round: after it, cut vertices nearby may change.
      if (added > 0 && nbrs.some((j) => touched[j])) continue;
      black[i] = 1;
      added++;
      // Far-apart additions can still cut together; re-check by counting components.
      for (const j of nbrs) touched[j] = 1;
      touched[i] = 1;
      break;
    }
    if (added === 0) return;
  }
}
