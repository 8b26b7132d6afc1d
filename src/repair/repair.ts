/**
 * `repair`: the fewest number changes (a cell given another number of 1..K+1, K the puzzle's
 * largest number: every number on the grid and one new one) after which the puzzle has exactly
 * one solution, proven minimal. Two scopes:
 *   - `any-solution` (the default): the repaired puzzle may have any solution S; the search
 *     chooses S with the numbers, so a puzzle is repaired towards whichever solution needs the
 *     fewest changes (not necessarily one it has now);
 *   - `keep-solution` (`keep`): S is the shading given, which must obey rules 2 and 3 (it need
 *     not be a solution yet).
 * The minimum is over every set of changes with numbers 1..K+1 in that scope; the bound k rises
 * from 0 until a repair is found, every bound below it proven impossible, up to `maxChanges`
 * (default: no bound but the cell count) or the limit. A search stopped by either reports the
 * bound it proved ("no repair with k or fewer changes").
 *
 * The math. Write P' for the changed numbers. S is the unique solution of P' exactly when
 *   (a) S is a solution of P': S obeys rules 2 and 3 (they do not depend on the numbers) and the
 *       unshaded cells of S carry distinct numbers in every line; and
 *   (b) every other valid shading T (rules 2 and 3) breaks rule 1 under P': two cells unshaded
 *       in T share a line and a number.
 * The search is counterexample-guided (CEGAR) over two incremental solvers:
 *   - the design solver has a variable c(x,u), "cell x holds u", exactly one per cell; a
 *     totalizer (encodings/cardinality-totalizer.ts) counts the kept cells (c(x, P(x))), and the
 *     bound "at most k changed", that is "at least n - k kept", is one assumption. It has the
 *     shading variables of S too, with rules 2 and 3 (connectivity by lazy cuts), and (a) as a
 *     clause per pair of cells of a line and number, conditional on both cells being unshaded
 *     (with S kept, S's cells are units and the clauses plain). For every counterexample T met so
 *     far it has (b) for T: some pair of cells unshaded in T in one line gets equal numbers (an
 *     auxiliary eq(x,y) -> c(x,u) => c(y,u) for every u), or S is T (not needed with S kept);
 *   - the check solver has the shading variables and the same c(x,u), with rule 1 stated over
 *     them (not c(x,u) or not c(y,u) or x shaded or y shaded), so that one solver checks every
 *     P' by assuming its numbers, S blocked under a selector so that it looks for a T other
 *     than S.
 * Round: the design solver proposes P' and S within k changes; the check solver either proves S
 * unique for P' (unsatisfiable: a repair) or returns another solution T. Both T and S are then
 * counterexamples (each is a solution of P', and at most one of them can be the unique one), so
 * (b) is added for both, which rules out P' whatever S the design solver would choose next.
 * Each clause of the design solver is a consequence of (a) and (b), so when it answers
 * "unsatisfiable" under "at most k", no set of k or fewer changes works: the proof of
 * minimality, for k = 0, 1, 2, ... At k = n (every cell free) "unsatisfiable" proves that no
 * numbering in 1..K+1 makes the puzzle unique (in the scope); with S kept, a counterexample T
 * whose cells unshaded in a common line are, pair by pair, all unshaded in S too leaves (b) no
 * pair (a keeps those distinct) and proves it at once. The loop ends because each round rules
 * out its P' for good and there are finitely many numberings. At the fewest k, the cells of each
 * repair found are blocked (one of them keeps its number) and the design solver asked again,
 * which lists the minimal change sets on other cells, up to `alternatives` (one choice of numbers
 * and solution each: a setter chooses where to change first).
 *
 * Why 1..K+1: a number not on the grid is a cell that can repeat nothing, which a repair may
 * need (to make S a solution); one such number is offered, and the scope says so.
 *
 * Every repair is then proven unique once more by the SAT engine itself (`solveHitori`, a fresh
 * solver, the encodings of rule 1 from the numbers) and its solution checked by the independent
 * checker. The rules as written (the literal convention) are used throughout.
 */
import { Limit } from '../control/limit.js';
import { InputError, SolverError, TimeoutError, TooLargeError } from '../control/errors.js';
import type { ProgressListener } from '../control/progress.js';
import { checkShading } from '../puzzle/check.js';
import { geometryOf } from '../puzzle/geometry.js';
import { roughCount, type Puzzle, type Shading } from '../puzzle/puzzle.js';
import { SatSession } from '../solve/session.js';
import { solveHitori } from '../solve/solve.js';

/** The largest rule-1 CNF `repair` builds, in literals (a 40x40 with 40 numbers: 10 million). */
const maxLiterals = 12e6;

export interface RepairOptions {
  /** The solution to keep (rules 2 and 3 must hold in it); default: any solution (the scope `any-solution`). */
  readonly keep?: Shading;
  /** Search up to this many changes (default: no bound but the cell count; the limit may stop it first). */
  readonly maxChanges?: number;
  /** List up to this many minimal change sets, each on other cells (default 5). */
  readonly alternatives?: number;
  /**
   * Past its deadline the search stops and says how far it got (status `timeout`, or the repairs
   * found so far: a result marked partial, `complete: false`); its signal cancels the search.
   */
  readonly limit?: Limit;
  /** The one progress event (phase `repair`): `done` counts the bounds proven, one per k with no repair. */
  readonly onProgress?: ProgressListener;
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

/** `any-solution`: the fewest over every solution the repaired puzzle may have; `keep-solution`: keeping `keep`. */
type RepairScope = 'any-solution' | 'keep-solution';

export interface RepairResult {
  /**
   * `repaired`: `repairs` holds minimal change sets (none needed when the puzzle is already
   * unique); `beyond-bound`: none within `maxChanges` (proven); `impossible`: no set of changes
   * at all, in the scope and with numbers 1..`values` (proven); `timeout`: the limit stopped
   * the search before a repair was found (`provenBelow` says how far the proof got).
   */
  readonly status: 'repaired' | 'beyond-bound' | 'impossible' | 'timeout';
  /** What the minimum is over: any solution, or the solution kept. */
  readonly scope: RepairScope;
  /** The numbers a change may give: 1..values (the grid's largest number plus one). */
  readonly values: number;
  /** The kept solution (scope `keep-solution`), else null. */
  readonly solution: Shading | null;
  /** Proven: no set of fewer changes than this makes the puzzle unique (in the scope, numbers 1..values). */
  readonly provenBelow: number;
  /** The fewest changes (equal to `provenBelow`), or null when none was found. */
  readonly fewest: number | null;
  /** The minimal change sets found, each on its own set of cells, up to `alternatives`. */
  readonly repairs: readonly Repair[];
  /** True when `repairs` lists every set of cells on which a minimal change set exists. */
  readonly complete: boolean;
  /** The puzzle's largest number, K. */
  readonly symbols: number;
  /** The bound asked for, or null for none (the search then runs to the cell count or the limit). */
  readonly maxChanges: number | null;
  /** Counterexample shadings met (design rounds that failed). */
  readonly counterexamples: number;
  readonly timeMs: number;
}

export async function repairPuzzle(puzzle: Puzzle, options: RepairOptions = {}): Promise<RepairResult> {
  const start = performance.now();
  const wanted = options.alternatives ?? 5;
  const { keep } = options;
  const limit = options.limit ?? Limit.none;
  const g = geometryOf(puzzle);
  const n = g.cells;
  // Not a spread: a million values would overflow the call stack.
  const K = puzzle.values.reduce((m, v) => Math.max(m, v), 0);
  /** The numbers a cell may hold: the grid's and one new one. */
  const V = K + 1;
  // Past the cell count a bound says nothing more: every cell may already change.
  const lastBound = Math.min(options.maxChanges ?? n, n);
  const scope: RepairScope = keep === undefined ? 'any-solution' : 'keep-solution';
  if (keep !== undefined) {
    const broken = checkShading(puzzle, keep).filter((v) => v.rule !== 'repeat');
    if (broken.length > 0)
      throw new InputError(`the solution to keep breaks a rule that no number can mend: ${broken[0]!.message}`, {}, 'keep');
  }
  // Rule 1 over value variables: one clause of four literals per pair of cells of a line and number, in each solver.
  const pairs = g.lines.reduce((sum, line) => sum + (line.length * (line.length - 1)) / 2, 0);
  if (4 * pairs * V > maxLiterals)
    throw new TooLargeError(
      `repair's CNF of a ${puzzle.rows}x${puzzle.cols} grid with numbers 1..${V} would hold ${roughCount(4 * pairs * V)} literals, more than ${roughCount(maxLiterals)}`,
    );
  const fixed: Shading | null = keep ?? null;
  const repairs: Repair[] = [];
  let provenBelow = 0;
  let complete = false;
  let counterexamples = 0;
  const finish = (status: RepairResult['status']): RepairResult => ({
    status,
    scope,
    values: V,
    solution: fixed,
    provenBelow,
    fewest: repairs.length > 0 ? provenBelow : null,
    repairs,
    complete,
    symbols: K,
    maxChanges: options.maxChanges ?? null,
    counterexamples,
    timeMs: performance.now() - start,
  });
  // A limit that passes before the search proper (building the solvers) is a search that proved
  // nothing yet: the same report as a later stop.
  if (limit.passedBy(0)) return finish('timeout');
  // The deadline bounds each SAT call, not the building: a search stopped by it reports how far
  // its proof got (below).
  const sessionOptions = { rules: 'shading', limit: limit.untimed() } as const;
  const check = await SatSession.open(puzzle, sessionOptions);
  let design: SatSession | undefined;
  try {
    // The check solver: rule 1 over value variables (a 17x17 has 80,000 of these clauses, handed
    // to the solver in bulk before its first call).
    const cFirst = check.formula.block('value', n * V);
    const cv = (x: number, u: number) => cFirst + x * V + u - 1;
    for (const line of g.lines) {
      for (let p = 0; p < line.length; p++) {
        for (let q = p + 1; q < line.length; q++) {
          const x = line[p]!;
          const y = line[q]!;
          for (let u = 1; u <= V; u++) check.formula.add([-cv(x, u), -cv(y, u), check.formula.shaded(x), check.formula.shaded(y)]);
        }
      }
    }
    const numbersAssumed = (values: readonly number[]): number[] => {
      const out: number[] = [];
      for (let x = 0; x < n; x++) for (let u = 1; u <= V; u++) out.push(values[x] === u ? cv(x, u) : -cv(x, u));
      return out;
    };
    if (fixed !== null) check.block(fixed);

    // The design solver.
    if (limit.passedBy(0)) return finish('timeout');
    const master = await SatSession.open(puzzle, sessionOptions);
    design = master;
    const base = master.formula;
    const s = (i: number) => base.shaded(i);
    const mFirst = base.block('value', n * V);
    const mc = (x: number, u: number) => mFirst + x * V + u - 1;
    for (let x = 0; x < n; x++) {
      base.add(Array.from({ length: V }, (_, k) => mc(x, k + 1)));
      for (let u = 1; u <= V; u++) for (let w = u + 1; w <= V; w++) base.add([-mc(x, u), -mc(x, w)]);
    }
    if (fixed !== null) for (let i = 0; i < n; i++) base.add([fixed[i] ? s(i) : -s(i)]);
    for (const line of g.lines) {
      for (let p = 0; p < line.length; p++) {
        for (let q = p + 1; q < line.length; q++) {
          const x = line[p]!;
          const y = line[q]!;
          if (fixed !== null && (fixed[x] || fixed[y])) continue;
          for (let u = 1; u <= V; u++) base.add(fixed === null ? [-mc(x, u), -mc(y, u), s(x), s(y)] : [-mc(x, u), -mc(y, u)]);
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
        for (let u = 1; u <= V; u++) base.add([-v, -mc(x, u), mc(y, u)]);
      }
      return v;
    };
    let selectors = 0;
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
      const d = base.variable(['repeats', selectors++]);
      base.add([-d, ...clause]);
      for (let i = 0; i < n; i++) base.add([t[i] ? s(i) : -s(i), d]);
    };
    const where = scope === 'any-solution' ? 'over any solution' : 'keeping the given solution';
    // `done` counts the bounds proven; their total is known only when `maxChanges` sets it.
    const total = options.maxChanges === undefined ? {} : { total: lastBound + 1 };
    const tell = (message: string) => options.onProgress?.({ phase: 'repair', done: provenBelow, ...total, message: `repair: ${message}` });

    try {
      for (let k = 0; k <= lastBound; k++) {
        const bound = k < n ? [keptAtLeast[n - k - 1]!] : [];
        for (;;) {
          const chosen = await master.find(bound, limit);
          if (chosen === null) {
            complete = repairs.length > 0;
            break;
          }
          const values = Array.from({ length: n }, (_, x) => {
            for (let u = 1; u <= V; u++) if (master.value(mc(x, u))) return u;
            throw new SolverError('the design model gives a cell no number: this is a bug in hitori-sat');
          });
          const planted = fixed ?? chosen;
          const changed: Puzzle = { ...puzzle, values };
          if (checkShading(changed, planted).length > 0)
            throw new SolverError('the design model breaks its own solution: this is a bug in hitori-sat');
          let other: Shading | null;
          if (fixed !== null) other = await check.find(numbersAssumed(values), limit);
          else {
            const selector = check.formula.variable(['block', selectors++]);
            check.block(planted, selector);
            other = await check.find([...numbersAssumed(values), selector], limit);
            check.formula.add([-selector]);
          }
          if (other === null) {
            const changes: NumberChange[] = [];
            for (let x = 0; x < n; x++)
              if (values[x] !== puzzle.values[x]) changes.push({ cell: x, from: puzzle.values[x]!, to: values[x]! });
            repairs.push({ changes, puzzle: changed, solution: planted });
            tell(`${repairs.length} set(s) of ${k} change(s) found`);
            if (repairs.length >= wanted || changes.length === 0) break;
            base.add(changes.map((c) => mc(c.cell, c.from)));
            continue;
          }
          counterexamples++;
          refute(other);
          // S is a solution of P' as well as T: at most one can be the unique one, whichever the design picks next.
          if (fixed === null) refute(planted);
          // The bound proven stays in the line: a terminal shows only the latest event.
          if (counterexamples % 10 === 0)
            tell(`${k > 0 ? `no repair with ${k - 1} or fewer changes (proven); ` : ''}trying ${k}: ${counterexamples} counterexamples`);
        }
        if (repairs.length > 0) {
          complete ||= repairs[0]!.changes.length === 0;
          for (const repair of repairs) await proveUnique(repair, limit);
          return finish('repaired');
        }
        provenBelow = k + 1;
        tell(`no repair with ${k} change${k === 1 ? '' : 's'} ${where} (proven)`);
        if (impossible || k === n) return finish('impossible');
      }
      return finish('beyond-bound');
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      complete = false;
      return finish(repairs.length > 0 ? 'repaired' : 'timeout');
    }
  } catch (error) {
    // Only the set-up's own calls get here (the search above reports its stops itself).
    if (error instanceof TimeoutError) return finish('timeout');
    throw error;
  } finally {
    check.dispose();
    design?.dispose();
  }
}

/** The SAT engine's proof, on a fresh solver: the changed puzzle is unique with the repair's solution. */
async function proveUnique(repair: Repair, limit: Limit): Promise<void> {
  const result = await solveHitori(repair.puzzle, { limit });
  if (result.status === 'timeout') throw limit.reached('during the uniqueness proof');
  const solution = result.solutions[0];
  if (result.status !== 'unique' || solution === undefined || solution.some((x, i) => x !== repair.solution[i]))
    throw new SolverError(`repair: the SAT engine finds the repaired puzzle ${result.status}, not unique with its solution: a bug`);
  if (checkShading(repair.puzzle, solution).length > 0) throw new SolverError('repair: the solution breaks the rules: a bug');
}
