/**
 * Simple techniques (class B of the thesis): one row or column at a time. Every one follows from
 * two facts about a line: two cells of the same number are never both white (rule 1), and two
 * neighbouring cells are never both black (rule 2). None needs connectivity, and none assumes
 * a unique solution. All but DoW depend only on the numbers, so they fire at most once.
 *
 * DoW    ("Duplicates of White"): the other cells of a white cell's number in its row and
 *        column are black. Rule 1. The kernel's (kernel.ts; as a technique, knock-on.ts).
 * Sim-M3 (a b a, Tatham's SP): the b between two equal numbers is white. One of the two a's is
 *        black (rule 1), and b is its neighbour (rule 2).
 * Sim-U3 (a a a, Tatham's ST): the outer a's are black, the middle one white. Two of the three
 *        are black (rule 1); the only two that do not touch are the outer ones (rule 2).
 * Sim-U* (a a .. a, Tatham's PI, Yen's pattern b): beside an adjacent pair a a, every other a of
 *        the line is black. The pair has exactly one white cell: not both white (rule 1), not
 *        both black (rule 2); so no other a may be white (rule 1).
 * Sim-M4 (a b a b): the outer a and b are black, the inner two white. The inner b lies between
 *        two a's and the inner a between two b's, so both are white (Sim-M3); their duplicates at
 *        the ends are black (rule 1).
 * Sim-M* (a b b a .. a): every other a of the line is black. The pair b b has a black cell, so
 *        not both a's of a b b a are black (both b's would then be white, against rule 1); one of
 *        them is white, so every other a is black (rule 1).
 */
import type { Board } from './board.js';
import { linesInScope, lineName, listing, openDeduction as deduction, posLabel, runLabel } from './lines.js';
import type { Deduction, Scope } from './types.js';

// The patterns of Sim-M3 and Sim-U*, written once for these techniques and the deduction core
// (core.ts), which runs them first on every solve. `keys` are the renamed numbers (numberKeys: equal
// exactly where the numbers are); `line` lists a line's cells in order; `k` is a position along it.

/** Sim-M3: the cells at k, k+1, k+2 read a b a (b not a): the middle one is white. */
export function sandwichAt(keys: Int32Array, line: Int32Array, k: number): boolean {
  if (k + 2 >= line.length) return false;
  const a = keys[line[k]!]!;
  return keys[line[k + 2]!] === a && keys[line[k + 1]!] !== a;
}

/** Sim-U*: the cells at k and k+1 read a a: every other a of the line (`pairMateAt`) is black. */
export function pairAt(keys: Int32Array, line: Int32Array, k: number): boolean {
  return k + 1 < line.length && keys[line[k]!] === keys[line[k + 1]!];
}

/** Whether position m holds another copy of the number of the pair at k, k+1 (so it is black). */
export function pairMateAt(keys: Int32Array, line: Int32Array, k: number, m: number): boolean {
  return m !== k && m !== k + 1 && keys[line[m]!] === keys[line[k]!];
}

function values(board: Board, cells: readonly number[]): string {
  return cells.map((c) => board.value(c)).join(' ');
}

/** Runs `visit(line, cells)` over the lines in scope and collects what it returns. */
function perLine(board: Board, scope: Scope, visit: (line: number, cells: Int32Array, out: Deduction[]) => void): Deduction[] {
  const out: Deduction[] = [];
  for (const line of linesInScope(board, scope)) visit(line, board.geo.lines[line]!, out);
  return out;
}

/** "the other 9 at c4 is black", "the other 9s at c4 and c12 are black" */
function otherCopies(board: Board, line: number, value: number, cells: readonly number[]): string {
  const at = listing(cells.map((x) => posLabel(board, line, x)));
  return cells.length === 1 ? `the other ${value} at ${at} is black` : `the other ${value}s at ${at} are black`;
}

export function SimM3(board: Board, scope: Scope = {}): Deduction[] {
  return perLine(board, scope, (line, L, out) => {
    for (let k = 0; k + 2 < L.length; k++) {
      if (!sandwichAt(board.geo.keys, L, k)) continue;
      const a = L[k]!;
      const b = L[k + 1]!;
      const c = L[k + 2]!;
      const d = deduction(
        board,
        'Sim-M3',
        [{ cell: b, colour: 'white' }],
        [a, b, c],
        `${lineName(board, line)}: ${values(board, [a, b, c])} at ${runLabel(board, line, a, c)}, so ${posLabel(board, line, b)} white`,
      );
      if (d) out.push(d);
    }
  });
}

export function SimU3(board: Board, scope: Scope = {}): Deduction[] {
  return perLine(board, scope, (line, L, out) => {
    for (let k = 0; k + 2 < L.length; k++) {
      const a = L[k]!;
      const b = L[k + 1]!;
      const c = L[k + 2]!;
      if (board.value(a) !== board.value(b) || board.value(b) !== board.value(c)) continue;
      const d = deduction(
        board,
        'Sim-U3',
        [
          { cell: a, colour: 'black' },
          { cell: b, colour: 'white' },
          { cell: c, colour: 'black' },
        ],
        [a, b, c],
        `${lineName(board, line)}: ${values(board, [a, b, c])} at ${runLabel(board, line, a, c)}, so ${posLabel(board, line, a)} and ${posLabel(board, line, c)} black, ${posLabel(board, line, b)} white`,
      );
      if (d) out.push(d);
    }
  });
}

export function SimUStar(board: Board, scope: Scope = {}): Deduction[] {
  return perLine(board, scope, (line, L, out) => {
    for (let k = 0; k + 1 < L.length; k++) {
      if (!pairAt(board.geo.keys, L, k)) continue;
      const a = L[k]!;
      const b = L[k + 1]!;
      const others: number[] = [];
      for (let m = 0; m < L.length; m++) if (pairMateAt(board.geo.keys, L, k, m)) others.push(L[m]!);
      if (others.length === 0) continue;
      const d = deduction(
        board,
        'Sim-U*',
        others.map((cell) => ({ cell, colour: 'black' })),
        [a, b, ...others],
        `${lineName(board, line)}: the pair ${values(board, [a, b])} at ${runLabel(board, line, a, b)} keeps one ${board.value(a)} white, so ${otherCopies(board, line, board.value(a), others)}`,
      );
      if (d) out.push(d);
    }
  });
}

export function SimM4(board: Board, scope: Scope = {}): Deduction[] {
  return perLine(board, scope, (line, L, out) => {
    for (let k = 0; k + 3 < L.length; k++) {
      const [p, q, r, s] = [L[k]!, L[k + 1]!, L[k + 2]!, L[k + 3]!];
      if (board.value(p) !== board.value(r) || board.value(q) !== board.value(s) || board.value(p) === board.value(q)) continue;
      const d = deduction(
        board,
        'Sim-M4',
        [
          { cell: p, colour: 'black' },
          { cell: q, colour: 'white' },
          { cell: r, colour: 'white' },
          { cell: s, colour: 'black' },
        ],
        [p, q, r, s],
        `${lineName(board, line)}: ${values(board, [p, q, r, s])} at ${runLabel(board, line, p, s)}, so ${posLabel(board, line, p)} and ${posLabel(board, line, s)} black, ${posLabel(board, line, q)} and ${posLabel(board, line, r)} white`,
      );
      if (d) out.push(d);
    }
  });
}

export function SimMStar(board: Board, scope: Scope = {}): Deduction[] {
  return perLine(board, scope, (line, L, out) => {
    for (let k = 0; k + 3 < L.length; k++) {
      const [p, q, r, s] = [L[k]!, L[k + 1]!, L[k + 2]!, L[k + 3]!];
      if (board.value(p) !== board.value(s) || board.value(q) !== board.value(r) || board.value(p) === board.value(q)) continue;
      const others = [...L].filter((x) => x !== p && x !== s && board.value(x) === board.value(p));
      if (others.length === 0) continue;
      const d = deduction(
        board,
        'Sim-M*',
        others.map((cell) => ({ cell, colour: 'black' })),
        [p, q, r, s, ...others],
        `${lineName(board, line)}: ${values(board, [p, q, r, s])} at ${runLabel(board, line, p, s)} keeps one of its ${board.value(p)}s white, so ${otherCopies(board, line, board.value(p), others)}`,
      );
      if (d) out.push(d);
    }
  });
}
