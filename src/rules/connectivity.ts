/**
 * Connectivity techniques (class F of the thesis): rule 3, on the board as it stands. Each needs
 * the fact that a white cell needs a white neighbour, true on any grid of 4 or more cells (a
 * solution there has two or more white cells) or once another white cell is known
 * (Board.needsExit). None assumes a unique solution.
 *
 * NCO-C ("No Cut-Off in the Corner", Tatham's CC): a corner cell with one black neighbour is
 *       white (rule 2) and its other neighbour is its only way out, so that is white.
 * NCO-B ("No Cut-Off at the Border", Tatham's CE): a border cell with two black neighbours is
 *       white and its third neighbour is its only way out, so that is white.
 * EP    ("Enclosing Pair", Tatham's DC, Yen's pattern a): a corner cell r whose two neighbours
 *       a and b are unknown, where a shares its number with r, or with a neighbour p of b in a's
 *       line. Then b is white. Sound: a and its partner are not both white (rule 1). If a is
 *       black, r is white (rule 2) with b its only way out (rule 3); if the partner is black,
 *       it touches b (rule 2: p is b's neighbour; r is b's neighbour too).
 * EP-B  ("Enclosing Pair at the Border"): the same for a border cell r with one black neighbour.
 * EP-M  ("Enclosing Pair in the Middle"): the same for an inner cell r with two black neighbours.
 * NCO   ("No Cut-Off", Tatham's MC, Yen's pattern f): an unknown cell whose blackening would
 *       split the white cells (the non-black cells without it fall apart into parts holding
 *       white cells) is white. Sound: rule 3. Found at once for every cell as the articulation
 *       points of the non-black cells (one depth-first search, Hopcroft-Tarjan lowpoints, puzzle/graph.ts) that
 *       separate white cells; covers NCO-C, NCO-B and the inner cell with three black neighbours
 *       (Tatham's QM). Its weight, for the difficulty measure, is the number of white cells that
 *       would be cut off from the largest remaining part.
 */
import { searchScratch } from '../puzzle/graph.js';
import { BLACK, Board, UNKNOWN, WHITE } from './board.js';
import { soleExit } from './kernel.js';
import { countSeparated, type SeparatorCount } from './separators.js';
import { labels, plural } from './lines.js';
import type { Separator } from './trial-base.js';
import type { Trial } from './trial.js';
import { KnockOnScreen } from './walls.js';
import { type CellColour, type Deduction, withReason } from './types.js';

/** NCO-C and NCO-B: a white cell with exactly one non-black neighbour (the kernel's only way out), which is not yet white. */
function singleExit(board: Board, technique: 'NCO-C' | 'NCO-B', degree: number, trial: Trial | null): Deduction[] {
  const out: Deduction[] = [];
  const { nbr, nbrStart } = board.geo;
  const near = trial === null ? null : trial.nearChanges('neighbours');
  const count = near === null ? board.n : near.length;
  for (let k = 0; k < count; k++) {
    const i = near === null ? k : near[k]!;
    const from = nbrStart[i]!;
    const to = nbrStart[i + 1]!;
    if (to - from !== degree || board.isBlack(i)) continue;
    // One way out of `degree` (2 or 3, on a grid 2 wide at least): i has a black neighbour, so it is white.
    const exit = soleExit(board.state, nbrStart, nbr, i);
    if (exit < 0 || !board.isUnknown(exit) || !board.needsExit(i)) continue;
    const blacks = [...board.neighbours(i)].filter((j) => board.isBlack(j));
    const place = technique === 'NCO-C' ? 'corner cell' : 'border cell';
    out.push(
      withReason(
        {
          technique,
          cells: [{ cell: exit, colour: 'white' }],
          premises: [i, ...blacks],
          weight: 1,
          given: blacks.map((cell) => ({ cell, colour: 'black' as const })),
        },
        () =>
          `the ${place} ${board.label(i)}, beside black ${labels(board, blacks)}, is white, and its only way out is ${board.label(exit)}, so that is white`,
      ),
    );
  }
  return out;
}

export function NCO_C(board: Board, trial: Trial | null = null): Deduction[] {
  return board.rows >= 2 && board.cols >= 2 ? singleExit(board, 'NCO-C', 2, trial) : [];
}

export function NCO_B(board: Board, trial: Trial | null = null): Deduction[] {
  return singleExit(board, 'NCO-B', 3, trial);
}

/** EP, EP-B, EP-M: r has exactly two non-black neighbours and `degree` neighbours in all. */
function enclosingPair(board: Board, technique: 'EP' | 'EP-B' | 'EP-M', degree: number, trial: Trial | null): Deduction[] {
  const out: Deduction[] = [];
  const { nbr, nbrStart } = board.geo;
  const near = trial === null ? null : trial.nearChanges('neighbours');
  const count = near === null ? board.n : near.length;
  for (let k = 0; k < count; k++) {
    const r = near === null ? k : near[k]!;
    const from = nbrStart[r]!;
    const to = nbrStart[r + 1]!;
    if (to - from !== degree || board.isBlack(r)) continue;
    let a0 = -1;
    let b0 = -1;
    let openCount = 0;
    for (let k = from; k < to; k++) {
      const j = nbr[k]!;
      if (board.isBlack(j)) continue;
      openCount++;
      if (a0 < 0) a0 = j;
      else b0 = j;
    }
    if (openCount !== 2 || !board.isUnknown(a0) || !board.isUnknown(b0) || !board.needsExit(r)) continue;
    const blacks = [...board.neighbours(r)].filter((j) => board.isBlack(j));
    if (technique !== 'EP' && blacks.length === 0) continue;
    for (const [a, b] of [
      [a0, b0],
      [b0, a0],
    ] as const) {
      const partner = partnerOf(board, r, a, b);
      if (partner < 0) continue;
      const around = blacks.length === 0 ? 'the grid edges' : `the edge and black ${labels(board, blacks)}`;
      out.push(
        withReason(
          {
            technique,
            cells: [{ cell: b, colour: 'white' }],
            premises: [r, a, partner, ...blacks],
            weight: 1,
            given: blacks.map((cell) => ({ cell, colour: 'black' as const })),
          },
          () =>
            `${board.label(r)} is closed in by ${degree === 4 ? `black ${labels(board, blacks)}` : around}; ${board.label(a)} and ${board.label(partner)} both show ${board.value(a)}, so one is black: either ${board.label(a)}, leaving ${board.label(b)} as the only way out of ${board.label(r)}, or ${board.label(partner)}, which touches ${board.label(b)}; so ${board.label(b)} is white`,
        ),
      );
    }
  }
  return out;
}

/** A cell sharing a's number and line that is r itself or another neighbour of b; -1 if none. */
function partnerOf(board: Board, r: number, a: number, b: number): number {
  if (board.value(r) === board.value(a)) return r;
  for (const p of board.neighbours(b)) {
    if (p === r || p === a || board.value(p) !== board.value(a)) continue;
    if (board.row(p) === board.row(a) || board.col(p) === board.col(a)) return p;
  }
  return -1;
}

export function EP(board: Board, trial: Trial | null = null): Deduction[] {
  return enclosingPair(board, 'EP', 2, trial);
}

export function EP_B(board: Board, trial: Trial | null = null): Deduction[] {
  return enclosingPair(board, 'EP-B', 3, trial);
}

export function EP_M(board: Board, trial: Trial | null = null): Deduction[] {
  return enclosingPair(board, 'EP-M', 4, trial);
}

/**
 * The unknown cells whose blackening would split the white cells, each with the white cells it
 * would cut off from the largest remaining part, and one white cell on each side.
 */
function whiteSeparators(board: Board): { cell: number; weight: number; cutOff: number; kept: number }[] {
  const n = board.geo.cells;
  const out: { cell: number; weight: number; cutOff: number; kept: number }[] = [];
  if (board.whiteCount < 2) return out;
  let root = 0;
  while (!board.isWhite(root)) root++;
  const scratch = separatorScratch(board);
  const { someWhite, sepWhites, sepMax, sepCell } = scratch;
  const { state } = board;
  for (let i = 0; i < n; i++) someWhite[i] = state[i] === WHITE ? i : -1;
  // Per vertex: white cells in separated child subtrees, the largest such, and one white cell there.
  const total = countSeparated(board.geo, root, state, scratch);
  for (let x = 0; x < n; x++) {
    if (!board.isUnknown(x) || sepWhites[x] === 0) continue;
    const rest = total - sepWhites[x]!;
    const largest = Math.max(rest, sepMax[x]!);
    out.push({ cell: x, weight: total - largest, cutOff: sepCell[x]!, kept: root });
  }
  return out;
}

/** Working arrays of whiteSeparators, one set per puzzle (it runs in every probe). */
type SeparatorScratch = Required<SeparatorCount>;
const separatorScratches = new WeakMap<object, SeparatorScratch>();

function separatorScratch(board: Board): SeparatorScratch {
  let s = separatorScratches.get(board.geo);
  if (s === undefined) {
    const n = board.geo.cells;
    s = {
      whites: new Int32Array(n),
      whitesGiven: false,
      someWhite: new Int32Array(n),
      sepWhites: new Int32Array(n),
      sepMax: new Int32Array(n),
      sepCell: new Int32Array(n),
      search: searchScratch(n),
    };
    separatorScratches.set(board.geo, s);
  }
  return s;
}

export function NCO(board: Board, trial: Trial | null = null): Deduction[] {
  // On a trial, the same cells and weights from the contracted graph (trial-base.ts).
  const base = trial === null ? null : trial.trialBase();
  const separators: readonly (Separator & { cutOff?: number; kept?: number })[] =
    base === null ? whiteSeparators(board) : board.whiteCount < 2 || base.noSeparator(trial!) ? [] : base.separators(board.state);
  if (separators.length === 0) return [];
  // The text needs two flood fills per deduction: it is built when asked, on the board as it is now
  // (a trial's separators name no white cells: the search of the whole board finds them then).
  const at = board.clone();
  const named = (s: Separator & { cutOff?: number; kept?: number }) =>
    s.cutOff !== undefined && s.kept !== undefined
      ? { ...s, cutOff: s.cutOff, kept: s.kept }
      : whiteSeparators(at).find((x) => x.cell === s.cell)!;
  return separators.map((s) =>
    deferred({ technique: 'NCO', cells: [{ cell: s.cell, colour: 'white' }], weight: s.weight }, () => ncoText(at, named(s))),
  );
}

/** The reason, premises and given colours of an NCO deduction, on the board it was found on. */
function ncoText(board: Board, s: { cell: number; cutOff: number; kept: number }): DeferredText {
  const cut = cutOffRegion(board, s.cell, s.cutOff, s.kept);
  const whites = cut.region.filter((i) => board.isWhite(i));
  const more = whites.length > 4 ? ` and ${whites.length - 4} more white cell${plural(whites.length - 4, '', 's')}` : '';
  const listed = cut.region.length <= 12;
  const which = listed && whites.length === cut.region.length ? 'all white' : `white ${labels(board, whites.slice(0, 4))}${more}`;
  const shown = listed ? `the region ${labels(board, cut.region)} (${which})` : `a region of ${cut.region.length} cells (${which})`;
  const closedBy = [...(cut.blacks.length > 0 ? [`black ${labels(board, cut.blacks)}`] : []), ...(cut.edge ? ['the grid edge'] : [])];
  return {
    premises: [...cut.region, ...cut.blacks, cut.other],
    reason: `black at ${board.label(s.cell)}, with ${closedBy.join(' and ')}, would close in ${shown}, cutting it off from white ${board.label(cut.other)}; so ${board.label(s.cell)} is white`,
    given: [
      ...whites.slice(0, 4).map((cell) => ({ cell, colour: 'white' as const })),
      { cell: cut.other, colour: 'white' as const },
      ...cut.blacks.map((cell) => ({ cell, colour: 'black' as const })),
    ],
  };
}

/** What a deferred deduction builds when first asked: its text and what the text relies on. */
interface DeferredText {
  readonly reason: string;
  readonly premises: readonly number[];
  readonly given: readonly CellColour[];
  readonly weight?: number;
}

/**
 * A deduction whose reason, premises and given colours (and weight, when `build` gives one) are
 * built on first use, once. The techniques that run inside every probe use it: probes read none
 * of these unless a trial is told in an explanation. `build` must read only a board that no
 * longer changes (a copy).
 */
function deferred(base: Pick<Deduction, 'technique' | 'cells' | 'weight'>, build: () => DeferredText): Deduction {
  let text: DeferredText | undefined;
  const get = () => {
    text ??= build();
    return text;
  };
  const d = {
    technique: base.technique,
    cells: base.cells,
    get premises() {
      return get().premises;
    },
    get reason() {
      return get().reason;
    },
    get given() {
      return get().given;
    },
  };
  // Not a spread: that would call the getters.
  const weight = base.weight;
  return Object.defineProperty(
    d,
    'weight',
    weight === undefined ? { get: () => get().weight, enumerable: true } : { value: weight, enumerable: true },
  );
}

/**
 * The part of the non-black cells that a black `cell` would cut off: of the two parts holding the
 * white cells `a` and `b`, the smaller. Returns its cells, the black cells around it, whether it
 * touches the grid edge, and a white cell on the other side.
 */
function cutOffRegion(
  board: Board,
  cell: number,
  a: number,
  b: number,
): { region: number[]; blacks: number[]; edge: boolean; other: number } {
  const flood = (start: number): number[] => {
    const seen = new Set<number>([cell, start]);
    const todo = [start];
    for (let k = 0; k < todo.length; k++) {
      for (const j of board.neighbours(todo[k]!)) {
        if (!seen.has(j) && !board.isBlack(j)) {
          seen.add(j);
          todo.push(j);
        }
      }
    }
    return todo;
  };
  const ra = flood(a);
  const rb = flood(b);
  const [region, other] = ra.length <= rb.length ? [ra, b] : [rb, a];
  region.sort((x, y) => x - y);
  const blacks = new Set<number>();
  let edge = false;
  for (const i of region) {
    const nb = board.neighbours(i);
    if (nb.length < 4) edge = true;
    for (const j of nb) if (board.isBlack(j)) blacks.add(j);
  }
  return { region, blacks: [...blacks].sort((x, y) => x - y), edge, other };
}

/**
 * NCO-K: the thesis's reading of NCO (class F: "making a cell black may lead to the cut-off of a
 * half grid"), which counts the knock-on effects of the trial black cell before it tests the
 * cut-off: x black makes its neighbours white (rule 2), and those make the other copies of their
 * numbers in their lines black (rule 1). If the white cells then fall apart, x is white. Sound:
 * each effect holds in every solution where x is black, so a split shows there is none. A trial
 * that breaks rule 1 or 2 instead proves nothing here (that is probing, class G). Its weight is
 * the number of white cells cut off (the smaller side).
 */
export function NCO_K(board: Board, on: Trial | null = null): Deduction[] {
  const out: Deduction[] = [];
  // Most trials leave the white cells connected; the screen says exactly which do not (walls.ts).
  // On a trial, only the unknown cells of the trial's origin can be unknown, and the origin's
  // screen tells which of them can split (built first: screens share scratch).
  const trial = on === null ? null : on.trialBase();
  if (trial !== null && trial.knockOn === undefined) trial.knockOn = KnockOnScreen.screenOrigin(trial);
  const screen = new KnockOnScreen(board, on);
  const cells = (trial?.knockOn ? screen.candidates(on!, trial.knockOn) : null) ?? trial?.unknown ?? null;
  let at: Board | undefined;
  const count = cells === null ? board.n : cells.length;
  for (let k = 0; k < count; k++) {
    const x = cells === null ? k : cells[k]!;
    if (!board.isUnknown(x) || !screen.splits(x)) continue;
    // The text (and the weight: the white cells cut off) needs the trial's flood fills: built when asked.
    at ??= board.clone();
    const on = at;
    out.push(deferred({ technique: 'NCO-K', cells: [{ cell: x, colour: 'white' }] }, () => ncoKText(on, x)));
  }
  return out;
}

/** The reason, premises, given colours and weight of an NCO-K deduction, on the board it was found on. */
function ncoKText(board: Board, x: number): DeferredText {
  const trial = knockOnTrial(board, x)!;
  const hypo = new Board(board.puzzle, board.geo, trial.state);
  hypo.checkConnectivity();
  const [a, b] = hypo.contradiction!.cells as [number, number];
  const cut = cutOffRegion(hypo, x, a, b);
  const whites = cut.region.filter((i) => hypo.isWhite(i));
  const listed = whites.slice(0, 4);
  const more = whites.length > 4 ? ` and ${whites.length - 4} more white cell${plural(whites.length - 4, '', 's')}` : '';
  const realBlacks = cut.blacks.filter((i) => board.isBlack(i));
  const newBlacks = cut.blacks.filter((i) => !board.isBlack(i) && i !== x);
  const effects = [`${labels(board, trial.whitened)} white`];
  if (trial.blackened.length > 0) effects.push(`${labels(board, trial.blackened)} black`);
  const already = [...(realBlacks.length > 0 ? [`black ${labels(board, realBlacks)}`] : []), ...(cut.edge ? ['the grid edge'] : [])];
  const around = `${labels(board, [x, ...newBlacks])}${already.length > 0 ? `, with ${already.join(' and ')},` : ''}`;
  const shown = cut.region.length <= 12 ? `the region ${labels(board, cut.region)}` : `a region of ${cut.region.length} cells`;
  const known = (i: number) => board.isWhite(i);
  return {
    premises: [...cut.region, ...cut.blacks, cut.other],
    reason: `black at ${board.label(x)} would make ${effects.join(' and then ')}; then ${around} would close in ${shown} (white ${labels(board, listed)}${more}), cutting it off from white ${board.label(cut.other)}; so ${board.label(x)} is white`,
    weight: whites.length,
    given: [
      ...listed.filter(known).map((cell) => ({ cell, colour: 'white' as const })),
      ...(known(cut.other) ? [{ cell: cut.other, colour: 'white' as const }] : []),
      ...realBlacks.map((cell) => ({ cell, colour: 'black' as const })),
    ],
  };
}

/**
 * The board with x black and its knock-on effects, one round as the thesis describes them: x's
 * neighbours white, then the other copies of their numbers black. Null when these break rule 1
 * or 2, or change nothing beyond x (plain NCO covers that).
 */
function knockOnTrial(board: Board, x: number): { state: Uint8Array; whitened: number[]; blackened: number[] } | null {
  const state = board.state.slice();
  state[x] = BLACK;
  const whitened: number[] = [];
  for (const j of board.neighbours(x)) {
    if (state[j] === BLACK) return null;
    if (state[j] === UNKNOWN) {
      state[j] = WHITE;
      whitened.push(j);
    }
  }
  if (whitened.length === 0) return null;
  const blackened: number[] = [];
  for (const w of whitened) {
    for (const m of board.mates(w)) {
      if (state[m] === WHITE) return null;
      if (state[m] === UNKNOWN) {
        state[m] = BLACK;
        blackened.push(m);
      }
    }
  }
  for (const b of blackened) for (const j of board.neighbours(b)) if (state[j] === BLACK) return null;
  return { state, whitened, blackened };
}
