/**
 * The SAT part of a certificate without the distance layers in the solver: CaDiCaL in
 * WebAssembly (wasm-prover.ts, its learned clauses traced) solves the rules over the shading
 * variables alone, and connectivity comes in as cuts, the way the solve itself runs
 * (src/solve/session.ts, encodings/connectivity-cuts.ts), each cut written into the proof as a
 * lemma. The proof is still a refutation of the complete layered CNF, which the verifier rebuilds.
 *
 * Why it is a DRAT proof of the complete CNF F (uniqueness pairs, non-adjacency, the layers, the
 * convention, the blocking clause), when the lemmas before it are in the proof too (the
 * deductions'):
 *  - The solver's input is, first, the clauses of F over the shading variables alone (every clause
 *    but those naming a layer variable): a subset of F.
 *  - The cells the deductions decided, as units: the caller writes each as a lemma before these
 *    steps (make.ts).
 *  - Then, each written as a lemma before the solver gets it: the seed clauses and, between
 *    calls, the cuts of each model whose unshaded cells fall apart. Seeds and
 *    cuts are instances of the enclosure lemma (encodings/connectivity-cuts.ts): C connected, its
 *    boundary B, the rest O non-empty, the clause ⋁_{b ∈ B} ¬s_b. It is RUP over F: with every b
 *    shaded, one of C and the components of O holds neither ground candidate (the two touch, so
 *    a side holding one and not the other has it in B), and over that part P, all of whose
 *    neighbours outside it are in B, unit propagation finds no layer for any cell (L1 for B; L2
 *    for P, by induction on the layer; the layer-0 literals of the candidates are false when they
 *    are in B), so every cell of P shaded (L3), two of them neighbours or one next to B: a
 *    conflict of rule 2. It is the argument of deduction-proof.ts's connectivity steps.
 *  - Each clause CaDiCaL learns is RUP over the clauses it had when it learned it (wasm-prover.ts),
 *    all of which the checker holds at that point of the proof, with more besides; and RUP over a
 *    set of clauses is RUP over any superset (unit propagation only finds more).
 *  - With the last call unsatisfiable, the empty clause ends the proof: RUP by the same argument.
 * CaDiCaL with inprocessing off writes no RAT lemma (a RAT lemma's check depends on every clause
 * holding its pivot's negation, which the layers would change): the learned clauses are RUP, and
 * the checker, which the maker runs on the certificate before handing it out, decides.
 *
 * Why: the layered 17x17 has 59,000 variables and 118,000 clauses, on which CaDiCaL takes
 * thousands of conflicts, each propagating the layers, and seconds in WebAssembly; the rules
 * alone have 289 variables, and the solve that gave the verdict takes milliseconds on them.
 */
import { CutFinder, encodeConnectivitySeeds } from '../../encodings/connectivity-cuts.js';
import type { HitoriVars } from '../../encodings/variables.js';
import { geometryOf } from '../puzzle/geometry.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { Cnf } from '../sat/cnf.js';
import type { ProofStep, ProveCall, SatProof } from './sat-prover.js';
import { tracedCadical, tracedSolve } from './wasm-prover.js';

const cutProverName = 'cadical-wasm on rules 1 and 2 with connectivity cuts (learned clauses and cut lemmas, DRUP)';

/**
 * Refutes `cnf` (the complete layered CNF over `vars`) given the cells `decided` (true shaded,
 * false unshaded, null open), each of which the proof must hold as a unit lemma before these steps.
 * `unknown` past the limit; `satisfiable` when the rules have a connected shading.
 */
export async function proveByCuts(
  puzzle: Puzzle,
  cnf: Cnf,
  vars: HitoriVars,
  decided: readonly (boolean | null)[],
  call: ProveCall = {},
): Promise<SatProof> {
  const steps: ProofStep[] = [];
  const solver = await tracedCadical(steps);
  try {
    const first = vars.shaded(0);
    const last = vars.shaded(vars.cells - 1);
    // The clauses of F over the cells alone, every cell declared (a model names each).
    const rules = new Cnf();
    rules.declare(last);
    const all = cnf.flat();
    let start = 0;
    for (const end of all.ends) {
      let k = start;
      while (k < end && (all.lits[k]! < 0 ? -all.lits[k]! : all.lits[k]!) <= last) k++;
      if (k === end) rules.add(all.lits.subarray(start, end));
      start = end;
    }
    solver.addCnf(rules);
    decided.forEach((black, i) => {
      if (black !== null) solver.addClause([black ? vars.shaded(i) : -vars.shaded(i)]);
    });
    const lemma = (lits: number[]) => {
      steps.push({ deleted: false, lits });
      solver.addClause(lits);
    };
    // A seed that a white cell decided satisfies is left out: it could never help.
    const seeds = new Cnf();
    encodeConnectivitySeeds(puzzle, vars, seeds);
    const { lits, ends } = seeds.flat();
    let from = 0;
    for (const end of ends) {
      const clause = Array.from(lits.subarray(from, end));
      from = end;
      if (!clause.some((lit) => decided[(lit < 0 ? -lit : lit) - first] === lit > 0)) lemma(clause);
    }
    const finder = new CutFinder(geometryOf(puzzle));
    const model = new Uint8Array(vars.cells);
    for (;;) {
      const status = await tracedSolve(solver, call.limit);
      if (status === 'unsatisfiable') {
        steps.push({ deleted: false, lits: [] });
        return { status, steps, solver: cutProverName };
      }
      if (status === 'unknown') return { status, steps: [], solver: cutProverName };
      for (let i = 0; i < vars.cells; i++) model[i] = solver.value(vars.shaded(i)) ? 1 : 0;
      // A model that holds together obeys every rule: F is satisfiable.
      if (finder.cuts(model, vars, (cut) => lemma(Array.from(cut))) === 0) return { status, steps: [], solver: cutProverName };
    }
  } finally {
    solver.dispose();
  }
}
