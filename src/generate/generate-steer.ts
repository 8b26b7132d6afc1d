/**
 * Steering a numbering toward a class, instead of drawing puzzles until one lands in it.
 *
 * A random unique puzzle of 17x17 is class F in 98 of 100 draws (BENCH.md, generate-classes):
 * the line and corner rules stall early and only the connectivity rules (F) finish it, so
 * classes C, D and E are never drawn at that size. Steering keeps the planted solution S and
 * changes numbers of cells S shades until the rules of the class asked for, X, solve the puzzle:
 *
 * 1. Solve with the techniques of classes up to X (the thesis's rule set, as `rate` does).
 * 2. Stuck: take an undecided cell x that S shades and a cell y of its row or column that S keeps
 *    unshaded and the rules have already made white, and give x the number of y (a giveaway).
 *    S still holds (x is shaded and repeats the unshaded y), and now x follows from y by DoW
 *    (class B), so the next solve gets further. Repeat until solved.
 *
 * Every giveaway can only make the puzzle easier, so the class may fall below X. To keep the
 * need for X, a giveaway uses, when it can, a y that the rules decided only after the first
 * deduction of class X: a solve with the classes below X reaches that first stall exactly as
 * before (a giveaway there could not be used earlier: its y was not yet white), so it still
 * needs X there. That is a heuristic, not a proof: the caller rates the result and keeps it only
 * when the rating (the truth) is X, and proves it unique by SAT.
 *
 * Only numbers of cells S shades change, so the shading (and its symmetry) stays as planted.
 */
import { type Geometry, lineCells } from '../puzzle/geometry.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { levels, solveByRules, technique, type Level } from '../rules/index.js';
import type { Limit } from '../control/limit.js';

export interface Steered {
  /** The rules of the class solved the puzzle to the planted shading. */
  readonly solved: boolean;
  /** They solved it without a technique of the class: it is easier than asked (dropped at once). */
  readonly below: boolean;
  /** Numbers changed. */
  readonly giveaways: number;
  /** The solve proved its solution the only one (no uniqueness-assuming step, or it was checked). */
  readonly unique: boolean;
}

/** Giveaways allowed per steering, per cell of the grid (a solve needs at most one per shaded cell). */
const giveawaysPerCell = 1;

/**
 * Changes `values` in place (cells shaded in `planted` only) until the rules of classes up to
 * `cls` solve the puzzle to `planted`. `random` picks among the giveaways.
 */
export function steerToClass(g: Geometry, values: number[], planted: Shading, cls: Level, random: () => number, limit: Limit): Steered {
  const level = levels.indexOf(cls);
  const puzzle: Puzzle = { rows: g.rows, cols: g.cols, values };
  const options = { techniques: 'thesis', maxLevel: cls, limit } as const;
  let giveaways = 0;
  let stallPlants = 0;
  for (;;) {
    const result = solveByRules(puzzle, options);
    if (result.timedOut) throw limit.reached('while steering the class');
    if (result.status === 'solved') {
      const same = result.shading!.every((s, i) => s === planted[i]);
      const below = result.hardest === null || levels.indexOf(result.hardest) < level;
      return { solved: same, below, giveaways, unique: same && result.unique === true };
    }
    if (result.status === 'contradiction' || giveaways >= giveawaysPerCell * g.cells) return failed(giveaways);
    // When each cell was decided (its step's index), and the first step of class `cls`.
    const decidedAt = new Int32Array(g.cells).fill(-1);
    let firstOfClass = -1;
    result.steps.forEach((step, k) => {
      if (firstOfClass === -1 && levels.indexOf(technique(step.technique).level) === level) firstOfClass = k;
      for (const c of step.cells) if (decidedAt[c.cell] === -1) decidedAt[c.cell] = k;
    });
    const board = result.board;
    // No step of the class yet: plant its pattern among the cells still open at this stall, so
    // that the class's technique is what moves the solve on from here.
    if (firstOfClass === -1 && stallPlants < maxStallPlants) {
      stallPlants++;
      if (
        plantClass(
          g,
          values,
          planted,
          cls,
          random,
          (i) => board.isUnknown(i),
          (i) => board.isWhite(i),
        ) > 0
      )
        continue;
    }
    const late: [number, number][] = [];
    const any: [number, number][] = [];
    for (let x = 0; x < g.cells; x++) {
      if (!planted[x] || !board.isUnknown(x)) continue;
      for (const y of lineCells(g, x)) {
        if (planted[y] || values[y] === values[x]) continue;
        if (board.isWhite(y)) (decidedAt[y]! > firstOfClass && firstOfClass >= 0 ? late : any).push([x, y]);
      }
    }
    // With no white cell to repeat, pair x with an undecided one: the line rules see the pair.
    if (late.length === 0 && any.length === 0) {
      for (let x = 0; x < g.cells; x++) {
        if (!planted[x] || !board.isUnknown(x)) continue;
        for (const y of lineCells(g, x)) if (!planted[y] && values[y] !== values[x]) any.push([x, y]);
      }
    }
    const moves = late.length > 0 ? late : any;
    if (moves.length === 0) return failed(giveaways);
    const [x, y] = moves[Math.floor(random() * moves.length)]!;
    values[x] = values[y]!;
    giveaways++;
  }
}

const failed = (giveaways: number): Steered => ({ solved: false, below: false, giveaways, unique: false });

/** Plants at stalls per steering. */
const maxStallPlants = 3;

/** Plants per puzzle (sites chosen at random among those the shading offers). */
const maxPlants = 3;

/**
 * Plants the pattern of a technique of class `cls` where the planted shading allows it, by
 * giving cells it shades the number of an unshaded cell of their line (so it stays a solution):
 * - C, DP: X shaded and Y unshaded, diagonal neighbours in rows r and r' (or columns); a column
 *   k apart from theirs with P = (r, k) unshaded and Q = (r', k) shaded. X takes P's number and
 *   Q takes Y's: the pair P over Q sees its duplicates X and Y diagonal to each other.
 * - D, CP: a corner c and its diagonal q both shaded: c takes the number of its row neighbour,
 *   q the number of c's column neighbour (two pairs in the corner square).
 * - E, BoP-D: the same square at an edge away from the corners, shaded on a diagonal: each
 *   shaded cell takes the number of its neighbour along the edge (two stacked pairs).
 * Returns the number of sites planted (none for the other classes or when no site exists).
 */
export function plantClass(
  g: Geometry,
  values: number[],
  planted: Shading,
  cls: Level,
  random: () => number,
  open: (cell: number) => boolean = () => true,
  white: (cell: number) => boolean = () => false,
): number {
  const at = (r: number, c: number) => r * g.cols + c;
  // Each site: [cell, takes the number of cell] pairs.
  const sites: [number, number][][] = [];
  const square = (r0: number, c0: number, along: 'H' | 'V'): [number, number][] | null => {
    const [a, b, c, d] = [at(r0, c0), at(r0, c0 + 1), at(r0 + 1, c0), at(r0 + 1, c0 + 1)];
    // Along the edge means along the rows for the top and bottom edges.
    if (planted[a] && planted[d])
      return along === 'H'
        ? [
            [a, b],
            [d, c],
          ]
        : [
            [a, c],
            [d, b],
          ];
    if (planted[b] && planted[c])
      return along === 'H'
        ? [
            [b, a],
            [c, d],
          ]
        : [
            [b, d],
            [c, a],
          ];
    return null;
  };
  const { rows, cols } = g;
  if (rows < 3 || cols < 3) return 0;
  if (cls === 'D') {
    for (const [r0, c0] of [
      [0, 0],
      [0, cols - 2],
      [rows - 2, 0],
      [rows - 2, cols - 2],
    ] as const) {
      const a = at(r0, c0);
      const d = at(r0 + 1, c0 + 1);
      const b = at(r0, c0 + 1);
      const c = at(r0 + 1, c0);
      // The corner cell itself must be shaded (with the cell diagonal to it).
      const corner = (r0 === 0 ? (c0 === 0 ? a : b) : c0 === 0 ? c : d) as number;
      const s = square(r0, c0, 'H');
      if (s?.some(([x]) => x === corner)) sites.push(s);
    }
  } else if (cls === 'E') {
    for (let t = 1; t + 1 <= cols - 2; t++) {
      for (const r0 of [0, rows - 2]) {
        const s = square(r0, t, 'H');
        if (s !== null) sites.push(s);
      }
    }
    for (let t = 1; t + 1 <= rows - 2; t++) {
      for (const c0 of [0, cols - 2]) {
        const s = square(t, c0, 'V');
        if (s !== null) sites.push(s);
      }
    }
  } else if (cls === 'C') {
    for (const along of ['H', 'V'] as const) {
      // Lines of `along` (rows for 'H') and positions along them.
      const n = along === 'H' ? rows : cols;
      const m = along === 'H' ? cols : rows;
      const cell = (line: number, pos: number) => (along === 'H' ? at(line, pos) : at(pos, line));
      for (let l = 0; l + 1 < n; l++) {
        for (let p = 0; p < m; p++) {
          for (const dp of [-1, 1]) {
            if (p + dp < 0 || p + dp >= m) continue;
            for (const [lx, ly] of [
              [l, l + 1],
              [l + 1, l],
            ] as const) {
              const x = cell(lx, p);
              const y = cell(ly, p + dp);
              if (!planted[x] || planted[y]) continue;
              // The square's other two cells, which DP makes white, and the pair's cells stay open.
              if (![x, y, cell(lx, p + dp), cell(ly, p)].every(open)) continue;
              const ks: number[] = [];
              for (let k = 0; k < m; k++)
                if (k !== p && k !== p + dp && !planted[cell(lx, k)] && planted[cell(ly, k)] && open(cell(lx, k)) && open(cell(ly, k)))
                  ks.push(k);
              if (ks.length === 0) continue;
              const k = ks[Math.floor(random() * ks.length)]!;
              sites.push([
                [x, cell(lx, k)],
                [cell(ly, k), y],
              ]);
            }
          }
        }
        // SbP: columns k1, k2 shaded on a diagonal across lines l, l + 1 (k1 unshaded in l),
        // and a third cell z shaded in one of the two lines, all open.
        for (let k1 = 0; k1 < m; k1++) {
          const a1 = cell(l, k1);
          const b1 = cell(l + 1, k1);
          if (planted[a1] || !planted[b1] || !open(a1) || !open(b1)) continue;
          for (let k2 = 0; k2 < m; k2++) {
            const a2 = cell(l, k2);
            const b2 = cell(l + 1, k2);
            if (k2 === k1 || !planted[a2] || planted[b2] || !open(a2) || !open(b2)) continue;
            const zs: [number, number][] = [];
            for (let k = 0; k < m; k++) {
              if (k !== k2 && planted[cell(l, k)] && open(cell(l, k))) zs.push([cell(l, k), a1]);
              if (k !== k1 && planted[cell(l + 1, k)] && open(cell(l + 1, k))) zs.push([cell(l + 1, k), b2]);
            }
            if (zs.length === 0) continue;
            sites.push([[a2, a1], [b1, b2], zs[Math.floor(random() * zs.length)]!]);
          }
        }
      }
    }
  }
  // Sites sharing a cell would undo each other: take disjoint ones in random order.
  const used = new Set<number>();
  let plants = 0;
  while (sites.length > 0 && plants < (cls === 'D' ? 4 : maxPlants)) {
    const site = sites.splice(Math.floor(random() * sites.length), 1)[0]!;
    // A white cell already repeating the new number would decide x by DoW (class B) at once.
    const repeated = ([x, y]: [number, number]) => lineCells(g, x).some((j) => j !== y && white(j) && values[j] === values[y]);
    if (site.some(([x, y]) => used.has(x) || used.has(y) || !open(x) || repeated([x, y]))) continue;
    for (const [x, y] of site) {
      values[x] = values[y]!;
      used.add(x);
      used.add(y);
    }
    plants++;
  }
  return plants;
}
