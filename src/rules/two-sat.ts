/**
 * The 2-SAT line solver of the thesis (section 6.1): everything one row or column alone forces.
 *
 * Each unknown cell of the line is a variable x (true = white). Rule 2 gives (x ∨ y) for two
 * neighbours, rule 1 gives (¬x ∨ ¬y) for two cells of the same number; a neighbour already black
 * or a duplicate already white gives a unit clause. These clauses are exactly the rules as they
 * bear on the line, so every solution of the puzzle satisfies them: whatever they force is sound,
 * and no uniqueness is assumed. Every clause has two literals, so the implication graph (¬a → b
 * and ¬b → a for each clause a ∨ b) decides them in linear time: the line has no valid shading
 * when some x and ¬x share a strongly connected component, and a literal l holds in every shading
 * of the line exactly when ¬l reaches l. Components come from Tarjan's algorithm (puzzle/graph.ts); reachability
 * is propagated over the components in the order Tarjan closes them (successors first) as bit sets.
 * This subsumes every single-line rule (the Sim-* family, the enclosing and alternating
 * permutations of thesis section 5.2): it finds all that the line alone forces.
 */
import type { Limit } from '../control/limit.js';
import { stronglyConnected } from '../puzzle/graph.js';
import type { Board } from './board.js';
import { isRowLine, linesInScope, lineName, posLabel } from './lines.js';
import type { Trial } from './trial.js';
import type { CellColour, Deduction, Scope } from './types.js';

/** An implication graph over 2·vars literal nodes: node 2v is "v white", 2v+1 is "v black". */
class ImplicationGraph {
  readonly heads: number[][];
  constructor(readonly vars: number) {
    this.heads = Array.from({ length: 2 * vars }, () => []);
  }
  /** The clause (a ∨ b) over literal nodes. */
  clause(a: number, b: number): void {
    this.heads[a ^ 1]!.push(b);
    if (a !== b) this.heads[b ^ 1]!.push(a);
  }
}

/**
 * Solves one line: undefined when it forces nothing new, else the deduction (which colours a
 * cell both ways when the line has no valid shading, so that applying it is a contradiction).
 */
function solveLine(board: Board, line: number): Deduction | undefined {
  const L = board.geo.lines[line]!;
  if (!worthSolving(board, line)) return undefined;
  const varOf = new Map<number, number>();
  const cells: number[] = [];
  for (const i of L) {
    if (board.isUnknown(i)) {
      varOf.set(i, cells.length);
      cells.push(i);
    }
  }
  const g = new ImplicationGraph(cells.length);
  const white = (v: number) => 2 * v;
  const black = (v: number) => 2 * v + 1;
  // The known cell behind each unit clause: a black neighbour (the node "v black" is refuted) or a white duplicate ("v white" is).
  const refutedBy = new Map<number, number>();
  const unit = (node: number, because: number) => {
    g.clause(node ^ 1, node ^ 1);
    if (!refutedBy.has(node)) refutedBy.set(node, because);
  };
  for (let k = 0; k + 1 < L.length; k++) {
    const a = L[k]!;
    const b = L[k + 1]!;
    const va = varOf.get(a);
    const vb = varOf.get(b);
    if (va !== undefined && vb !== undefined) g.clause(white(va), white(vb));
    else if (va !== undefined && board.isBlack(b)) unit(black(va), b);
    else if (vb !== undefined && board.isBlack(a)) unit(black(vb), a);
  }
  // The pairs of equal numbers in the line, in the order of a scan of every pair (p, then q > p):
  // from the line mates, each cell's mates along the line in order, rather than comparing every
  // pair of cells (a million comparisons in a 1000-wide line).
  const { mateStart, mate } = board.geo;
  for (let p = 0; p < L.length; p++) {
    const a = L[p]!;
    for (let m = mateStart[a]!; m < mateStart[a + 1]!; m++) {
      const b = mate[m]!;
      if (!alongLine(board, line, a, b) || positionOf(board, line, b) <= p) continue;
      const va = varOf.get(a);
      const vb = varOf.get(b);
      if (va !== undefined && vb !== undefined) g.clause(black(va), black(vb));
      else if (va !== undefined && board.isWhite(b)) unit(white(va), b);
      else if (vb !== undefined && board.isWhite(a)) unit(white(vb), a);
    }
  }
  // Made when a chain is first wanted: most lines force nothing and spell out no chain.
  let search: ChainSearch | undefined;
  const chain = (start: number) => {
    search ??= new ChainSearch(g.heads.length);
    return implicationChain(board, line, g, cells, refutedBy, start, search);
  };
  const { comp, count } = stronglyConnected(g.heads);
  const premises = [...L];
  const name = lineName(board, line);
  for (let v = 0; v < cells.length; v++) {
    if (comp[white(v)] === comp[black(v)]) {
      const cell = cells[v]!;
      const both = [chain(white(v)), chain(black(v))];
      return {
        technique: '2-SAT',
        cells: [
          { cell, colour: 'white' },
          { cell, colour: 'black' },
        ],
        premises,
        reason: `${name} has no shading without a repeated white number or two adjacent black cells (${posLabel(board, line, cell)} would have to be both white and black: ${both.map((c) => c.text).join('; ')})`,
        given: both.flatMap((c) => c.given),
      };
    }
  }
  // reach[c]: the components reachable from component c, as a bit set.
  const words = (count + 31) >>> 5;
  const reach = new Uint32Array(count * words);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let node = 0; node < comp.length; node++) members[comp[node]!]!.push(node);
  for (let c = 0; c < count; c++) {
    const base = c * words;
    reach[base + (c >>> 5)]! |= 1 << (c & 31);
    for (const node of members[c]!) {
      for (const w of g.heads[node]!) {
        const d = comp[w]!;
        if (d === c) continue;
        const from = d * words;
        for (let k = 0; k < words; k++) reach[base + k]! |= reach[from + k]!;
      }
    }
  }
  const reaches = (a: number, b: number) => {
    const ca = comp[a]!;
    const cb = comp[b]!;
    return (reach[ca * words + (cb >>> 5)]! & (1 << (cb & 31))) !== 0;
  };
  const forced: CellColour[] = [];
  for (let v = 0; v < cells.length; v++) {
    if (reaches(black(v), white(v))) forced.push({ cell: cells[v]!, colour: 'white' });
    else if (reaches(white(v), black(v))) forced.push({ cell: cells[v]!, colour: 'black' });
  }
  if (forced.length === 0) return undefined;
  const say = (colour: string) =>
    forced
      .filter((f) => f.colour === colour)
      .map((f) => posLabel(board, line, f.cell))
      .join(', ');
  const parts = [say('black') && `${say('black')} black`, say('white') && `${say('white')} white`].filter((s) => s !== '');
  // The reason spells out the chains of the first few forced cells: a reader follows a handful, and
  // each costs a search of the line's implication graph (thousands of nodes in a 1000-wide line).
  const shown = forced.slice(0, maxChainsShown);
  const chains = shown.map((f) => chain(f.colour === 'white' ? black(varIndex(cells, f.cell)) : white(varIndex(cells, f.cell))));
  const more = forced.length - shown.length;
  const rest = more === 0 ? '' : `; and ${more} more cell${more === 1 ? '' : 's'} likewise`;
  return {
    technique: '2-SAT',
    cells: forced,
    premises,
    reason: `${name}, taken alone, forces ${parts.join(' and ')}: the other colour breaks a rule within the ${isRowLine(board, line) ? 'row' : 'column'} (${chains.map((c) => c.text).join('; ')}${rest})`,
    given: chains.flatMap((c) => c.given),
  };
}

/** A cell's place along a line: its column in a row, its row in a column. */
function positionOf(board: Board, line: number, cell: number): number {
  return isRowLine(board, line) ? board.col(cell) : board.row(cell);
}

/**
 * Whether line mate `b` of cell `a` lies along `line` with it (a row mate for a row, a column mate
 * for a column). The puzzle's line mates list a cell's row mates, then its column mates, each in
 * the line's order (puzzle/geometry.ts), so those along a line come in its order.
 */
function alongLine(board: Board, line: number, a: number, b: number): boolean {
  return isRowLine(board, line) ? board.row(b) === board.row(a) : board.col(b) === board.col(a);
}

/**
 * The breadth-first tree of one chain search, in arrays reused by the searches of a line: each
 * node's parent, depth and ancestors 2^k levels up (binary lifting), so that "is this node on the
 * path from the start to that one" costs a logarithm of the depth, not a walk up the path (which
 * made a 1000-wide line's chains take seconds: quadratic in the line).
 */
class ChainSearch {
  /** The search that discovered each node (a node is in the tree when its stamp is the current one). */
  readonly seen: Int32Array;
  readonly depth: Int32Array;
  /** up[k * nodes + u]: u's ancestor 2^k levels up (the start itself when there are fewer). */
  readonly up: Int32Array;
  readonly levels: number;
  stamp = 0;
  constructor(readonly nodes: number) {
    this.seen = new Int32Array(nodes);
    this.depth = new Int32Array(nodes);
    this.levels = Math.max(1, 32 - Math.clz32(nodes));
    this.up = new Int32Array(this.levels * nodes);
  }
  start(node: number): void {
    this.stamp++;
    this.add(node, node, 0);
  }
  has(node: number): boolean {
    return this.seen[node] === this.stamp;
  }
  parent(node: number): number {
    return this.depth[node] === 0 ? -1 : this.up[node]!;
  }
  add(node: number, parent: number, depth: number): void {
    const { up, nodes } = this;
    this.seen[node] = this.stamp;
    this.depth[node] = depth;
    up[node] = parent;
    for (let k = 1; k < this.levels; k++) up[k * nodes + node] = up[(k - 1) * nodes + up[(k - 1) * nodes + node]!]!;
  }
  /** Whether `node` lies on the path from the start to `u`, `u` itself excluded. */
  isAncestor(node: number, u: number): boolean {
    if (!this.has(node)) return false;
    let lift = this.depth[u]! - this.depth[node]!;
    if (lift <= 0) return false;
    let x = u;
    for (let k = 0; lift > 0; k++, lift >>= 1) if (lift & 1) x = this.up[k * this.nodes + x]!;
    return x === node;
  }
}

const varIndex = (cells: readonly number[], cell: number): number => cells.indexOf(cell);

/**
 * Why a literal is impossible, as a short chain of implications from it (breadth-first) to the
 * negation of a literal earlier in the chain, or to a literal a known cell refutes: "c3 black → c4 white → c8 black (both 2),
 * beside black c9: impossible". Each arrow is one rule: black → white across neighbours (rule 2),
 * white → black between equal numbers (rule 1).
 */
function implicationChain(
  board: Board,
  line: number,
  g: ImplicationGraph,
  cells: readonly number[],
  refutedBy: ReadonlyMap<number, number>,
  start: number,
  tree: ChainSearch,
): { text: string; given: CellColour[] } {
  tree.start(start);
  const queue = [start];
  let end = -1;
  for (let k = 0; k < queue.length && end < 0; k++) {
    const u = queue[k]!;
    if (refutedBy.has(u) || tree.isAncestor(u ^ 1, u)) {
      end = u;
      break;
    }
    for (const w of g.heads[u]!) {
      if (w === (u ^ 1) || tree.has(w)) continue;
      tree.add(w, u, tree.depth[u]! + 1);
      queue.push(w);
    }
  }
  const pos = (node: number) => posLabel(board, line, cells[node >> 1]!);
  const colourOf = (node: number) => ((node & 1) === 0 ? 'white' : 'black');
  if (end < 0) return { text: `${pos(start)} ${colourOf(start)} is impossible`, given: [] };
  const path: number[] = [];
  for (let u = end; u !== -1; u = tree.parent(u)) path.push(u);
  path.reverse();
  let text = `${pos(start)} ${colourOf(start)}`;
  for (let k = 1; k < path.length; k++) {
    const u = path[k]!;
    const same = colourOf(u) === 'black' ? ` (both ${board.value(cells[u >> 1]!)})` : '';
    text += ` → ${pos(u)} ${colourOf(u)}${same}`;
  }
  const given: CellColour[] = [];
  const because = refutedBy.get(end);
  if (because === undefined) text += ': impossible';
  else if (colourOf(end) === 'black') {
    text += `, beside black ${posLabel(board, line, because)}: impossible`;
    given.push({ cell: because, colour: 'black' });
  } else {
    text += `, with white ${posLabel(board, line, because)} (${board.value(because)}) in the line: impossible`;
    given.push({ cell: because, colour: 'white' });
  }
  return { text, given };
}

/**
 * Whether the line's clauses can force anything: only when two unknown cells share a number, or
 * an unknown cell has a unit clause (a black neighbour, a white duplicate). Otherwise colouring
 * every unknown cell white satisfies the line, and no cell is forced: a cell made black only
 * forces its neighbours white, which contradicts nothing.
 */
function worthSolving(board: Board, line: number): boolean {
  const L = board.geo.lines[line]!;
  const { mateStart, mate } = board.geo;
  for (let p = 0; p < L.length; p++) {
    const a = L[p]!;
    if (!board.isUnknown(a)) continue;
    if ((p > 0 && board.isBlack(L[p - 1]!)) || (p + 1 < L.length && board.isBlack(L[p + 1]!))) return true;
    for (let m = mateStart[a]!; m < mateStart[a + 1]!; m++)
      if (alongLine(board, line, a, mate[m]!) && !board.isBlack(mate[m]!)) return true;
  }
  return false;
}

/**
 * The memo's bound, in characters of its keys (a key is a line's colours, one character a cell):
 * a 1x8000 line explained step by step made 8,000 keys of 8,000 cells, 2 GB as the strings that
 * `+=` builds (32 bytes a cell). Keys are flat one-byte strings now, and the memo is emptied when
 * its keys pass 16 million characters.
 */
const memoChars = 16_000_000;
/** The keys' characters held, per memo. */
const memoHeld = new WeakMap<Map<string, unknown>, number>();
const latin1 = new TextDecoder('latin1');
let keyBytes = new Uint8Array(0);

/** solveLine, remembered per puzzle: the answer depends only on the numbers and the line's colours. */
function solveLineMemo(board: Board, line: number): Deduction | undefined {
  const L = board.geo.lines[line]!;
  if (keyBytes.length < L.length) keyBytes = new Uint8Array(L.length);
  for (let k = 0; k < L.length; k++) keyBytes[k] = 48 + board.get(L[k]!);
  const key = `2sat${line}:${latin1.decode(keyBytes.subarray(0, L.length))}`;
  const memo = board.geo.memo;
  if (memo.has(key)) return memo.get(key) as Deduction | undefined;
  const d = solveLine(board, line);
  const held = (memoHeld.get(memo) ?? 0) + key.length;
  if (held > memoChars) memo.clear();
  memoHeld.set(memo, held > memoChars ? key.length : held);
  memo.set(key, d);
  return d;
}

/**
 * Nothing to find on a trial (trial.ts: a board where this technique found nothing, with changes
 * made by `apply`). Proof: after apply's knock-on effects no unknown cell
 * has a black neighbour or a white cell of its number in its line, so a line has no unit clause;
 * its other clauses are those of the start board's line between cells still unknown (a clause
 * with a decided cell is satisfied, or its other cell was coloured by a knock-on effect). So the
 * implication graph is a part of the start board's, and every path in it, ¬x to x or x to ¬x
 * and back, was there on the start board, where it would have decided the cell or shown the
 * contradiction. Probes run this technique thousands of times per pass: each run would read
 * every line for nothing.
 */
/** How many forced cells' chains a 2-SAT reason spells out. */
const maxChainsShown = 8;

export function TwoSat(board: Board, scope: Scope = {}, limit?: Limit, trial: Trial | null = null): Deduction[] {
  if (trial !== null) return [];
  const out: Deduction[] = [];
  for (const line of linesInScope(board, scope)) {
    // A 1000-wide line takes milliseconds: a large board's 2,000 lines are not one unbroken step.
    if (limit?.expired === true) break;
    const d = solveLineMemo(board, line);
    if (d) out.push(d);
  }
  return out;
}
