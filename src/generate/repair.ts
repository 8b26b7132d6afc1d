/**
 * `repair`: the fewest number changes (cell -> another number among the puzzle's symbols 1..K,
 * K its largest number) after which the puzzle has exactly one solution, S, proven minimal up to
 * a bound. S is kept: a shading given by the caller, else the puzzle's first solution found; a
 * puzzle with no solution may end with any shading (the search chooses S too).
 *
 * The math. Write P' for the changed numbers. S is the unique solution of P' exactly when
 *   (a) S is a solution of P': the unshaded cells of S carry distinct numbers in every line
 *       (rules 2 and 3 do not depend on the numbers, so S must obey them already); and
 *   (b) every other valid shading T (rules 2 and 3) breaks rule 1 under P': two cells unshaded
 *       in T share a line and a number.
 * Changing a shaded cell of S never breaks (a), while changing an unshaded one must keep it; both
 * may be needed for (b), so every cell is a candidate. The search is counterexample-guided
 * (CEGAR) over two incremental solvers:
 *   - the design solver has a variable c(x,u), "cell x holds u", exactly one per cell; a
 *     totalizer (encodings/cardinality-totalizer.ts) counts the kept cells (c(x, P(x))), and
 *     the bound "at most k changed", that is "at least n - k kept", is one assumption; (a) is a clause per pair of cells of a line
 *     and symbol (with S chosen too: conditional on both cells being unshaded, over shading
 *     variables with rules 2 and 3 and connectivity cuts); and for every counterexample T met so
 *     far, (b) for T: some pair of cells unshaded in T in one line gets equal numbers (an
 *     auxiliary eq(x,y) -> c(x,u) => c(y,u) for every u), or, with S chosen, T is S;
 *   - the check solver has the shading variables and the same c(x,u), with rule 1 stated over
 *     them (not c(x,u) or not c(y,u) or x shaded or y shaded), so that one solver checks every
 *     P' by assuming its numbers; S's blocking clause makes it look for a T other than S.
 * Round: the design solver proposes P' (and S) within k changes; the check solver either proves
 * S unique for P' (unsatisfiable: a repair) or returns a counterexample T, which is added to the
 * design solver. Each clause of the design solver is a consequence of (a) and (b), so when it
 * answers "unsatisfiable" under "at most k", no set of k or fewer changes works: that is the
 * proof of minimality, for k = 0, 1, 2, ... up to the bound. A counterexample T whose cells
 * unshaded in a common line are, pair by pair, all unshaded in S too (as when T shades every
 * cell S shades, or a line holds one cell unshaded in T) leaves (b) no pair, since (a) keeps
 * those distinct: then no number of changes works, which is reported as such. The loop ends
 * because each round rules out its T for good and there are finitely many shadings. At the
 * fewest k, the cells of each repair found are blocked (one of them keeps its number) and the
 * design solver asked again, which lists the minimal change sets on other cells, up to
 * `alternatives` (one choice of numbers each: a setter chooses where to change first).
 *
 * Every repair is then proven unique once more by the SAT engine itself (`solveHitori`, a fresh
 * solver, the encodings of rule 1 from the numbers) and its solution checked by the independent
 * checker. The rules as written (the literal convention) are used throughout.
 */
import { InputError, SolverError, TimeoutError, TooLargeError } from '../job/errors.js';
import { checkShading } from '../puzzle/check.js';
import { type Geometry, geometryOf, neighbours } from '../puzzle/geometry.js';
import { roughCount, type Puzzle, type Shading } from '../puzzle/puzzle.js';
import { CutFinder, SatSession } from '../solve/session.js';
import { solveHitori } from '../solve/solve.js';

/** The largest rule-1 CNF `repair` builds, in literals (a 40x40 with 40 symbols: 10 million). */
const maxLiterals = 12e6;

export interface RepairOptions {
  /** The solution to keep (rules 2 and 3 must hold in it); default the first solution found. */
  readonly keep?: Shading;
  /** Search up to this many changes (default 3). */
  readonly maxChanges?: number;
  /** List up to this many minimal change sets, each on other cells (default 5). */
  readonly alternatives?: number;
  /** A `Date.now()` value: past it the search stops and says how far it got. */
  readonly deadline?: number;
  readonly onProgress?: (message: string) => void;
  /** Cancels the search (see SessionOptions.signal). */
  readonly signal?: AbortSignal;
}

export interface NumberChange {
  readonly cell: number;
  readonly from: number;
  readonly to: number;
}

interface Repair {
  readonly changes: readonly NumberChange[];
  /** The puzzle with the changes made. */
  readonly puzzle: Puzzle;
  /** Its one solution, proven unique. */
  readonly solution: Shading;
}

export interface RepairResult {
  /**
   * `repaired`: `repairs` holds minimal change sets; `beyond-bound`: none within `maxChanges`
   * (proven); `impossible`: none at all, as another solution has no two unshaded cells in a line
   * that could be made equal while the kept one holds (proven); `timeout`: none found in time.
   */
  readonly status: 'repaired' | 'beyond-bound' | 'impossible' | 'timeout';
  /** Which solution is kept: the one given, the puzzle's first, or any (the puzzle has none). */
  readonly kept: 'given' | 'first-solution' | 'any';
  /** The kept solution (null when any may be chosen). */
  readonly solution: Shading | null;
  /** Proven: no set of fewer changes than this makes the puzzle unique with the kept solution. */
  readonly provenBelow: number;
  /** The fewest changes (equal to `provenBelow`), or null when none was found. */
  readonly fewest: number | null;
  /** The minimal change sets found, each on its own set of cells, up to `alternatives`. */
  readonly repairs: readonly Repair[];
  /** True when `repairs` lists every set of cells on which a minimal change set exists. */
  readonly complete: boolean;
  readonly symbols: number;
  readonly maxChanges: number;
  /** Counterexample shadings met (design rounds that failed). */
  readonly counterexamples: number;
  readonly timeMs: number;
}

export async function repairPuzzle(puzzle: Puzzle, options: RepairOptions = {}): Promise<RepairResult> {
  const start = performance.now();
  const maxChanges = options.maxChanges ?? 3;
  const wanted = options.alternatives ?? 5;
  const { deadline } = options;
  const g = geometryOf(puzzle);
  const n = g.cells;
  const K = Math.max(...puzzle.values);
  if (options.keep !== undefined) {
    const broken = checkShading(puzzle, options.keep).filter((v) => v.rule !== 'repeat');
    if (broken.length > 0)
      throw new InputError(`the solution to keep breaks a rule that no number can mend: ${broken[0]!.message}`, {}, 'keep');
  }
  // Rule 1 over value variables: one clause of four literals per pair of cells of a line and symbol, in each solver.
  const pairs = g.lines.reduce((sum, line) => sum + (line.length * (line.length - 1)) / 2, 0);
  if (4 * pairs * K > maxLiterals)
    throw new TooLargeError(
      `repair's CNF of a ${puzzle.rows}x${puzzle.cols} grid with ${K} symbols would hold ${roughCount(4 * pairs * K)} literals, more than ${roughCount(maxLiterals)}`,
    );
  // A limit that passes before the search proper (building the solvers, finding and widening the
  // solution to keep) is a search that proved nothing yet: the same report as a later stop.
  const nothingYet = (): RepairResult => ({
    status: 'timeout',
    kept: options.keep === undefined ? 'any' : 'given',
    solution: options.keep ?? null,
    provenBelow: 0,
    fewest: null,
    repairs: [],
    complete: false,
    symbols: K,
    maxChanges,
    counterexamples: 0,
    timeMs: performance.now() - start,
  });
  if (deadline !== undefined && Date.now() > deadline) return nothingYet();
  // The deadline bounds each SAT call, not the building: a search stopped by it reports how far
  // its proof got (below).
  const sessionOptions = { rules: 'shading', ...(options.signal === undefined ? {} : { signal: options.signal }) } as const;
  const check = await SatSession.open(puzzle, sessionOptions);
  let design: SatSession | undefined;
  try {
    // The check solver: rule 1 over value variables (a 17x17 has 80,000 of these clauses, handed
    // to the solver in bulk before its first call).
    const cFirst = check.formula.block('value', n * K);
    const cv = (x: number, u: number) => cFirst + x * K + u - 1;
    for (const line of g.lines) {
      for (let p = 0; p < line.length; p++) {
        for (let q = p + 1; q < line.length; q++) {
          const x = line[p]!;
          const y = line[q]!;
          for (let u = 1; u <= K; u++) check.formula.add([-cv(x, u), -cv(y, u), check.formula.shaded(x), check.formula.shaded(y)]);
        }
      }
    }
    const numbersAssumed = (values: readonly number[]): number[] => {
      const out: number[] = [];
      for (let x = 0; x < n; x++) for (let u = 1; u <= K; u++) out.push(values[x] === u ? cv(x, u) : -cv(x, u));
      return out;
    };

    let kept: RepairResult['kept'] = 'given';
    let fixed: Shading | null = options.keep ?? null;
    if (fixed === null) {
      fixed = await check.find(numbersAssumed(puzzle.values), deadline);
      kept = fixed === null ? 'any' : 'first-solution';
      // Made maximal: while some solution shades every cell S shades and more, it becomes S (a
      // solution whose shaded cells another solution's contain can never be unique: no number
      // can break the other, whose unshaded cells are some of S's).
      const values = numbersAssumed(puzzle.values);
      // First greedily, cell by cell, where rules 2 and 3 allow (a shading whose unshaded cells
      // are some of a solution's is a solution); then by SAT, for larger steps.
      if (fixed !== null) fixed = greedilyExtended(g, fixed);
      for (let round = 0; fixed !== null; round++) {
        const more = check.formula.variable(['more', round]);
        const whites: number[] = [-more];
        const shaded: number[] = [];
        for (let i = 0; i < n; i++) (fixed[i] ? shaded : whites).push(check.formula.shaded(i));
        check.formula.add(whites);
        const bigger = await check.find([...values, ...shaded, more], deadline);
        check.formula.add([-more]);
        if (bigger === null) break;
        fixed = bigger;
      }
    }
    if (fixed !== null) check.block(fixed);

    // The design solver.
    if (deadline !== undefined && Date.now() > deadline) return nothingYet();
    const master = await SatSession.open(puzzle, sessionOptions);
    design = master;
    const base = master.formula;
    const s = (i: number) => base.shaded(i);
    const mFirst = base.block('value', n * K);
    const mc = (x: number, u: number) => mFirst + x * K + u - 1;
    for (let x = 0; x < n; x++) {
      base.add(Array.from({ length: K }, (_, k) => mc(x, k + 1)));
      for (let u = 1; u <= K; u++) for (let w = u + 1; w <= K; w++) base.add([-mc(x, u), -mc(x, w)]);
    }
    if (fixed !== null) for (let i = 0; i < n; i++) base.add([fixed[i] ? s(i) : -s(i)]);
    for (const line of g.lines) {
      for (let p = 0; p < line.length; p++) {
        for (let q = p + 1; q < line.length; q++) {
          const x = line[p]!;
          const y = line[q]!;
          if (fixed !== null && (fixed[x] || fixed[y])) continue;
          for (let u = 1; u <= K; u++) base.add(fixed === null ? [-mc(x, u), -mc(y, u), s(x), s(y)] : [-mc(x, u), -mc(y, u)]);
        }
      }
    }
    // "At most k changed" is "at least n - k kept": the totalizer's bound from below, over the kept cells.
    const keptAtLeast = base.atLeast(
      Array.from({ length: n }, (_, x) => mc(x, puzzle.values[x]!)),
      n,
    );
    const eqOf = new Map<number, number>();
    const eq = (x: number, y: number): number => {
      const key = x * n + y;
      let v = eqOf.get(key);
      if (v === undefined) {
        v = base.variable(['eq', x, y]);
        eqOf.set(key, v);
        for (let u = 1; u <= K; u++) base.add([-v, -mc(x, u), mc(y, u)]);
      }
      return v;
    };
    let counterexamples = 0;
    let round = 0;
    let impossible = false;
    /** (b) for a counterexample T: a pair unshaded in T repeats a number (or, with S chosen, S is T). */
    const refute = (t: Shading) => {
      const clause: number[] = [];
      for (const line of g.lines) {
        for (let p = 0; p < line.length; p++) {
          const x = line[p]!;
          if (t[x]) continue;
          for (let q = p + 1; q < line.length; q++) {
            const y = line[q]!;
            if (t[y] || (fixed !== null && !fixed[x] && !fixed[y])) continue;
            clause.push(eq(x, y));
          }
        }
      }
      if (fixed !== null) {
        // Every pair T could repeat is a pair of S's unshaded cells: no change breaks T while S holds.
        if (clause.length === 0) impossible = true;
        base.add(clause);
        return;
      }
      const d = base.variable(['repeats', counterexamples]);
      base.add([-d, ...clause]);
      for (let i = 0; i < n; i++) base.add([t[i] ? s(i) : -s(i), d]);
    };

    const repairs: Repair[] = [];
    let provenBelow = 0;
    let complete = false;
    const finish = (status: RepairResult['status']): RepairResult => ({
      status,
      kept,
      solution: fixed,
      provenBelow,
      fewest: repairs.length > 0 ? provenBelow : null,
      repairs,
      complete,
      symbols: K,
      maxChanges,
      counterexamples,
      timeMs: performance.now() - start,
    });
    try {
      for (let k = 0; k <= maxChanges; k++) {
        const bound = k < n ? [keptAtLeast[n - k - 1]!] : [];
        for (;;) {
          const chosen = await master.find(bound, deadline);
          if (chosen === null) {
            complete = repairs.length > 0;
            break;
          }
          const values = Array.from({ length: n }, (_, x) => {
            for (let u = 1; u <= K; u++) if (master.value(mc(x, u))) return u;
            throw new SolverError('the design model gives a cell no number: this is a bug in hitori-sat');
          });
          const planted = fixed ?? chosen;
          const changed: Puzzle = { ...puzzle, values };
          if (checkShading(changed, planted).length > 0)
            throw new SolverError('the design model breaks the kept solution: this is a bug in hitori-sat');
          let other: Shading | null;
          if (fixed !== null) other = await check.find(numbersAssumed(values), deadline);
          else {
            const selector = check.formula.variable(['block', round++]);
            check.block(planted, selector);
            other = await check.find([...numbersAssumed(values), selector], deadline);
            check.formula.add([-selector]);
          }
          if (other === null) {
            const changes: NumberChange[] = [];
            for (let x = 0; x < n; x++)
              if (values[x] !== puzzle.values[x]) changes.push({ cell: x, from: puzzle.values[x]!, to: values[x]! });
            repairs.push({ changes, puzzle: changed, solution: planted });
            options.onProgress?.(`repair: ${repairs.length} set(s) of ${k} change(s) found`);
            if (repairs.length >= wanted || changes.length === 0) break;
            base.add(changes.map((c) => mc(c.cell, c.from)));
            continue;
          }
          counterexamples++;
          refute(other);
          options.onProgress?.(`repair: ${k} change(s), ${counterexamples} counterexample(s)`);
        }
        if (repairs.length > 0) {
          complete ||= repairs[0]!.changes.length === 0;
          for (const repair of repairs) await proveUnique(repair, deadline);
          return finish('repaired');
        }
        provenBelow = k + 1;
        if (impossible) return finish('impossible');
      }
      return finish('beyond-bound');
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      complete = false;
      return finish(repairs.length > 0 ? 'repaired' : 'timeout');
    }
  } catch (error) {
    // Only the set-up's own calls get here (the search above reports its stops itself).
    if (error instanceof TimeoutError) return nothingYet();
    throw error;
  } finally {
    check.dispose();
    design?.dispose();
  }
}

/** The shading with every cell shaded in turn that keeps rules 2 and 3 (in cell order). */
function greedilyExtended(g: Geometry, shading: Shading): Shading {
  const out = Uint8Array.from(shading, (x) => (x ? 1 : 0));
  const finder = new CutFinder(g);
  for (let i = 0; i < g.cells; i++) {
    if (out[i] || neighbours(g, i).some((j) => out[j] === 1)) continue;
    out[i] = 1;
    if (finder.label(out) !== 1) out[i] = 0;
  }
  return Array.from(out, (x) => x === 1);
}

/** The SAT engine's proof, on a fresh solver: the changed puzzle is unique with the repair's solution. */
async function proveUnique(repair: Repair, deadline: number | undefined): Promise<void> {
  const result = await solveHitori(repair.puzzle, deadline === undefined ? {} : { timeoutMs: Math.max(1, deadline - Date.now()) });
  if (result.status === 'timeout') throw new TimeoutError('the time limit passed during the uniqueness proof');
  const solution = result.solutions[0];
  if (result.status !== 'unique' || solution === undefined || solution.some((x, i) => x !== repair.solution[i]))
    throw new SolverError(`repair: the SAT engine finds the repaired puzzle ${result.status}, not unique with the kept solution: a bug`);
  if (checkShading(repair.puzzle, solution).length > 0) throw new SolverError('repair: the solution breaks the rules: a bug');
}
