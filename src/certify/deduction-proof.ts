/**
 * A deduction certificate: the cells the deduction core (src/rules/core.ts) decided, replayed as
 * lemmas that a DRAT checker accepts by unit propagation (RUP) over the complete layered CNF, each
 * with the extra lemmas it needs.
 *
 * Which lemmas. Write s_i for "cell i is shaded" and take the cells in the core's trail order; a
 * cell already implied at the root (by the units so far, through the binary clauses of rules 1
 * and 2) needs nothing. For a cell whose colour f the core deduced otherwise, assume ¬f and
 * propagate on a rule kernel of its own (kernel.ts, NoB and DoW: what the checker's unit
 * propagation finds through the same binary clauses), with two more steps the checker cannot
 * take alone:
 *  - the only way out (NCO-B): a white cell w with one non-black neighbour j. For w other than
 *    the ground candidates (below), w's isolation lemma s_w ∨ ⋁_{n ∈ N(w)} ¬s_n, written once
 *    at the root (RUP: an isolated white w has no layer), makes j white by unit propagation
 *    under any assumption. Next to the ground candidates, assume j black as well (one level
 *    deeper) and refute that; its lemma ¬Γ ∨ ¬s_j then puts j white.
 *  - connectivity: when the non-black cells fall apart, one part C holds neither ground
 *    candidate a = cell 0 nor b = cell 1 of the layer encoding (encodings/connectivity-layers.ts;
 *    a and b touch, and a black one makes the other white). Every neighbour of C outside it is
 *    black, and then unit propagation alone finds that no cell of C is at any distance k from
 *    the ground, by induction on k: d(c,k) needs a neighbour at k-1 (L2); one outside C is black
 *    and has no layer (L1; the layer-0 literals of a and b are false when they are black), and
 *    one inside C has none by the step before. The induction is well founded in k, so each of
 *    its steps is one unit propagation: every d(c,k) of C is false, every cell of C is shaded
 *    (L3), next to a black neighbour. So ¬Γ is RUP with no lemma before it.
 * The probes of the core (a colour that propagates, with the only way out and rule 3, into a
 * contradiction), its NCO cells (black here would cut white cells off), Sim-M3, Sim-U* and the
 * knock-on rules are all of this form. A cell this procedure cannot refute (none is known) ends
 * the replay: the caller leaves the rest to a SAT proof.
 *
 * What the checker pays: each RUP check propagates the layers of the cells it shades (about K =
 * R·C minus the fewest black cells each, ~210 on a 17x17), not the lemmas' count, which stays
 * about one per deduced cell.
 */
import { groundCells } from '../../encodings/connectivity-layers.js';
import type { HitoriVars } from '../../encodings/variables.js';
import { geometryOf, lineMates, neighbours, type Geometry } from '../puzzle/geometry.js';
import { componentsScratch, labelComponents, type Components } from '../puzzle/graph.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { BLACK, UNKNOWN, WHITE } from '../rules/cell-state.js';
import { Kernel, soleExit, Why } from '../rules/kernel.js';
import type { ProofStep } from './sat-prover.js';

/** One cell the core decided: where, which colour, and why (kernel.ts's `Why`). */
export interface DeducedCell {
  readonly cell: number;
  readonly black: boolean;
  readonly why: number;
}

export interface DeductionProof {
  /** The proof steps written. */
  readonly steps: ProofStep[];
  /** Per cell, what the steps proved at the root: true shaded, false unshaded, null open. */
  readonly decided: (boolean | null)[];
  /** The steps end with the empty clause: the CNF is refuted by them alone. */
  readonly refuted: boolean;
  /** Cells of the trail replayed (the rest, when fewer than given, are left to SAT). */
  readonly replayed: number;
}

/** How deep assumptions nest: a probe (1), the only way out inside it (2), and one more for safety. */
const maxDepth = 3;

class DeductionProver {
  private readonly g: Geometry;
  private readonly kernel: Kernel;
  private readonly components: Components;
  private readonly a: number;
  private readonly b: number;
  /** The cell whose only way out `soleExitToProve` found last. */
  private exitFrom = -1;
  /** Per cell: 1 once its isolation lemma is written. */
  private readonly isolated: Uint8Array;
  /** Steps of the current top-level deduction, written out only when it is proven. */
  private pending: ProofStep[] = [];
  readonly steps: ProofStep[] = [];

  constructor(
    puzzle: Puzzle,
    private readonly vars: HitoriVars,
  ) {
    this.g = geometryOf(puzzle);
    const n = this.g.cells;
    this.kernel = new Kernel(
      this.g,
      lineMates(puzzle),
      { state: new Uint8Array(n), trail: new Int32Array(n), why: new Uint8Array(n), premise: new Int32Array(n) },
      false,
    );
    this.components = componentsScratch(n);
    this.isolated = new Uint8Array(n);
    const { a, b } = groundCells(puzzle);
    this.a = a;
    this.b = b ?? -1;
  }

  get state(): Uint8Array {
    return this.kernel.state;
  }

  private literal(cell: number, colour: number): number {
    return colour === BLACK ? this.vars.shaded(cell) : -this.vars.shaded(cell);
  }

  private emit(lits: number[]): void {
    this.pending.push({ deleted: false, lits });
  }

  /** Commits the pending steps (a proven top-level deduction). */
  private commit(): void {
    for (const step of this.pending) this.steps.push(step);
    this.pending = [];
  }

  /** Decides a cell at the root (after its lemma) and propagates; false on a contradiction at the root. */
  private settle(cell: number, colour: number): boolean {
    return this.kernel.assign(cell, colour, Why.Given, -1) && this.kernel.propagate();
  }

  /**
   * Proves one deduced cell: `proven`, or `contradiction` (proven, and the root conflicts: the
   * empty clause is RUP), or `failed` (nothing written). A cell the root has in the other colour
   * fails too: that the core and the root disagree proves no clause the checker could accept.
   */
  proveCell(cell: number, black: boolean, why: number): 'proven' | 'contradiction' | 'failed' {
    const colour = black ? BLACK : WHITE;
    const { state } = this.kernel;
    if (state[cell] === colour) return 'proven';
    if (state[cell] !== UNKNOWN) return 'failed';
    const lit = this.literal(cell, colour);
    // The line patterns are RUP as they stand (a b a: b black makes both a's white; a a with a
    // third a white: the pair black side by side).
    if (why === Why.SimM3 || why === Why.SimUStar) this.emit([lit]);
    else if (!this.refute([-lit], 0)) {
      this.pending = [];
      return 'failed';
    }
    this.commit();
    return this.settle(cell, colour) ? 'proven' : 'contradiction';
  }

  /** Refutes the root itself (the only way out and rule 3 at the root); writes the empty clause when it can. */
  refuteRoot(): boolean {
    const proven = this.refute([], 0);
    if (proven) this.commit();
    else this.pending = [];
    return proven;
  }

  /** Writes the empty clause (the caller knows it is RUP: a contradiction at the root, or a blocking clause all false). */
  emptyClause(): void {
    this.emit([]);
    this.commit();
  }

  /**
   * Refutes the literals `gamma` (cell literals) on top of the root: writes lemmas ending with
   * ¬gamma and returns true, or returns false (its lemmas stay pending; the caller drops them).
   */
  private refute(gamma: readonly number[], depth: number): boolean {
    const { kernel } = this;
    const mark = kernel.size;
    const negated = gamma.map((l) => -l);
    const done = (): true => {
      this.emit(negated);
      kernel.undo(mark);
      return true;
    };
    for (const lit of gamma) {
      const cell = Math.abs(lit) - this.vars.shaded(0);
      if (!kernel.assign(cell, lit > 0 ? BLACK : WHITE, Why.Given, -1)) return done();
    }
    for (;;) {
      if (!kernel.propagate()) return done();
      const exit = this.soleExitToProve();
      if (exit >= 0) {
        const w = this.exitFrom;
        const j = exit;
        // The only way out. Away from the ground candidates, w's isolation lemma (written once)
        // makes j white by unit propagation; next to them, j black is refuted one level down.
        if (w !== this.a && w !== this.b) {
          this.isolationLemma(w);
          kernel.assign(j, WHITE, Why.Exit, w);
          continue;
        }
        if (depth + 1 < maxDepth && this.refute([...gamma, this.literal(j, BLACK)], depth + 1) && kernel.assign(j, WHITE, Why.Exit, w))
          continue;
        kernel.undo(mark);
        return false;
      }
      if (this.cutOff()) return done();
      kernel.undo(mark);
      return false;
    }
  }

  /** An undecided cell that is the only way out of a white neighbour, or -1. */
  private soleExitToProve(): number {
    const { state } = this.kernel;
    const { nbrStart, nbr, cells } = this.g;
    for (let w = 0; w < cells; w++) {
      if (state[w] !== WHITE) continue;
      const open = soleExit(state, nbrStart, nbr, w);
      if (open >= 0 && state[open] === UNKNOWN) {
        this.exitFrom = w;
        return open;
      }
    }
    return -1;
  }

  /**
   * Writes, once per cell w other than the ground candidates, the clause "w is shaded or one of
   * its neighbours is not": with w white and every neighbour black, w has no layer (its layer
   * clauses find no neighbour one layer closer) and so is shaded (L3). RUP over the CNF alone,
   * it is written at the root, outside any assumption; with it, unit propagation finds the only
   * way out of w under any assumption, and a probe needs no lemma of its own for it.
   */
  private isolationLemma(w: number): void {
    if (this.isolated[w] === 1) return;
    this.isolated[w] = 1;
    const lemma = [this.vars.shaded(w)];
    for (const n of neighbours(this.g, w)) lemma.push(-this.vars.shaded(n));
    this.steps.push({ deleted: false, lits: lemma });
  }

  /**
   * Whether the non-black cells fall apart into parts one of which holds no ground candidate: Γ
   * is then RUP as it stands (see the header).
   */
  private cutOff(): boolean {
    const { state } = this.kernel;
    const comps = this.components;
    const count = labelComponents(this.g, this.g.cells, (v) => state[v] !== BLACK, comps);
    for (let c = 0; c < count; c++) {
      let grounded = false;
      for (let k = comps.first[c]!; k < comps.first[c + 1]!; k++) {
        const cell = comps.order[k]!;
        if (cell === this.a || cell === this.b) grounded = true;
      }
      if (!grounded) return true;
    }
    return false;
  }
}

/**
 * Replays `trail` (the core's decided cells, in order) as proof steps over the complete layered
 * CNF whose variables are `vars`. Stops at the first cell it cannot prove, or at a contradiction
 * (then the steps end with the empty clause). With `finish`, a trail that decides every cell is
 * closed with the empty clause too: the caller's CNF blocks that very shading.
 */
export function proveDeductions(
  puzzle: Puzzle,
  vars: HitoriVars,
  trail: readonly DeducedCell[],
  options: { readonly blocksCompleteShading?: boolean } = {},
): DeductionProof {
  const prover = new DeductionProver(puzzle, vars);
  let replayed = 0;
  let refuted = false;
  for (const { cell, black, why } of trail) {
    const outcome = prover.proveCell(cell, black, why);
    if (outcome === 'failed') break;
    replayed++;
    if (outcome === 'contradiction') {
      prover.emptyClause();
      refuted = true;
      break;
    }
  }
  const { state } = prover;
  const complete = () => state.every((s) => s !== UNKNOWN);
  if (!refuted && replayed === trail.length) {
    if (complete() && options.blocksCompleteShading === true) {
      prover.emptyClause();
      refuted = true;
    } else if (prover.refuteRoot()) refuted = true;
  }
  return {
    steps: prover.steps,
    decided: Array.from(state, (s) => (s === UNKNOWN ? null : s === BLACK)),
    refuted,
    replayed,
  };
}
