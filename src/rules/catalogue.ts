/**
 * The catalogue: every technique in one table, cheapest first, with its difficulty level (the
 * thesis's Table 5), the file it lives in, and the codes of Tatham's singles.c and Yen et al. that
 * name the same rule. The engine tries them in this order and goes back to the top after any
 * progress; a technique is enabled at a level only if its level is at most that level. This is
 * the one place that says which technique belongs to which level (like Tatham's DIFFLIST).
 *
 *  code    level  file             rule (one line)                                       also
 *  UC      A      trivial.ts       number unique in its row and column -> white (*)       Tatham SNEAKY, Yen g
 *  NoB     A      kernel.ts        neighbours of a black cell -> white                    Tatham SB, Yen e
 *  DoW     B      kernel.ts        other cells of a white cell's number in its lines -> black  Tatham SC, Yen h
 *  Sim-M3  B      simple.ts        a b a: b -> white                                      Tatham SP, Yen c
 *  Sim-U3  B      simple.ts        a a a: outer black, middle white                       Tatham ST
 *  Sim-U*  B      simple.ts        a a .. a: the lone a -> black                          Tatham PI, Yen b
 *  Sim-M4  B      simple.ts        a b a b: outer black, inner white
 *  Sim-M*  B      simple.ts        a b b a .. a: the lone a -> black
 *  2-SAT   B      two-sat.ts       all that one line forces (implication graph, SCCs)     thesis 6.1
 *  DP      C      advanced.ts      pair a-b, duplicates diagonal -> other diagonal white  Tatham IP
 *  SbP     C      advanced.ts      two pairs a-b in two lines -> other a's and b's black  Tatham MP
 *  CP      D      corner.ts        two pairs in a corner -> corner and diagonal black     Tatham QC
 *  DoT     D      corner.ts        three equal in a corner -> apex black                  Tatham TC, Yen d
 *  BoP-D   E      border.ts        two stacked pairs at an edge -> 2 flanking cells white Tatham DEP
 *  BoP-T   E      border.ts        three stacked pairs -> 4 flanking cells white          Tatham TEP
 *  BoP     E      border.ts        m stacked pairs -> 2(m-1) flanking cells white
 *  NCO-C   F      connectivity.ts  corner cell beside a black: other neighbour white      Tatham CC
 *  NCO-B   F      connectivity.ts  border cell between two blacks: last neighbour white   Tatham CE
 *  EP      F      connectivity.ts  corner cell, pair beside it -> other neighbour white   Tatham DC, Yen a
 *  EP-B    F      connectivity.ts  the same for a border cell beside a black
 *  EP-M    F      connectivity.ts  the same for an inner cell beside two blacks
 *  NCO     F      connectivity.ts  black here would split the white cells -> white        Tatham MC/QM, Yen f
 *  NCO-K   F      connectivity.ts  the same after black's knock-on effects (thesis mode)
 *  Prob    G      probing.ts       a colour that leads to a contradiction -> the other    Tatham CnC, Yen local search
 *  Prob-C  G      probing.ts       both colours of a cell lead to y's colour -> y has it  Tatham "MC: two possibilities"
 *  Prob-2  G      probing.ts       Prob whose probes may probe once more inside           (the thesis's depth-first probing)
 *  (*) assumes the puzzle has a unique solution (`assumesUniqueness`).
 *  Extras, not in the thesis (`extra`): 2-SAT (its section 6.1 uses it as a separate, SAT-based
 *  classifier, not as a rule), Prob-C and Prob-2.
 *
 * Levels follow Table 5 of the thesis (D: CP, DoT; E: BoP). The thesis's running text says the
 * opposite (BoP class D, CP and DoT class E); Table 5 is taken because its step measures fit it
 * (D counts corner cells, E counts sweeps). EP at a corner needs no black cell (it is Tatham's
 * DC), but the thesis puts all of EP in F, and so does this table. Prob-C and Prob-2 are not in
 * the thesis's list; its probing is a depth-first search ("one can iteratively probe other
 * cells"), which Prob-2 bounds at two levels.
 *
 * Not implemented as separate rules: the thesis's enclosing and alternating permutations
 * (section 5.2) and Tatham's FI: single-line patterns that 2-SAT finds whole; Tatham's QuM, FDE
 * and FDM, which are special cases of EP-B/EP-M or NCO once the first black cell is known.
 */
import type { Limit } from '../control/limit.js';
import { BoP, BoP_D, BoP_T } from './border.js';
import { CP, DoT } from './corner.js';
import { DP, SbP } from './advanced.js';
import { EP, EP_B, EP_M, NCO, NCO_B, NCO_C, NCO_K } from './connectivity.js';
import type { Board } from './board.js';
import { Prob, ProbC, type ProbeCursor, type ProbeRunner } from './probing.js';
import { owedKnockOns } from './knock-on.js';
import { SimM3, SimM4, SimMStar, SimU3, SimUStar } from './simple.js';
import { UC } from './trivial.js';
import { TwoSat } from './two-sat.js';
import { levels, type Deduction, type Level, type RuleSet, type Scope, type TechniqueCode } from './types.js';
import type { Trial } from './trial.js';
import type { Witnesses } from './witnesses.js';

/** What a technique may use besides the board. */
export interface Context {
  readonly scope: Scope;
  /** The inner run of a probe (the cheaper techniques); probing is off without it. */
  readonly prober?: ProbeRunner;
  /** The inner run of a depth-2 probe (the cheaper techniques and Prob). */
  readonly prober2?: ProbeRunner;
  readonly cursor: ProbeCursor;
  /**
   * The trial the board is on (trial.ts), when it is one that started from a fixpoint: the local
   * techniques then look only near its changes, and the rule 3 ones ask its origin's graph.
   */
  readonly trial?: Trial;
  /**
   * The board is at a fixpoint of the techniques below G (the fixpoint loop and a hint pass this
   * to the probing techniques, which run after every cheaper one found nothing): probes from it
   * run as trials that look only near their changes.
   */
  readonly atFixpoint?: boolean;
  /** Inside a Prob-2 trial: the solutions known so far, which spare Prob the probes that cannot fail (witnesses.ts). */
  readonly witnesses?: Witnesses;
  /**
   * The run's limit, for a technique that works line by line on a large board: past it, it
   * returns what it found so far (the run then ends as timed out).
   */
  readonly limit?: Limit;
}

export interface Technique {
  readonly code: TechniqueCode;
  readonly level: Level;
  readonly name: string;
  readonly file: string;
  /** Depends on the numbers only: its deductions never change, so it runs once per solve. */
  readonly static: boolean;
  /** Relies on the puzzle having a unique solution. */
  readonly assumesUniqueness: boolean;
  /**
   * Carried out by the board itself as a knock-on effect of every change (NoB, DoW): never needs a
   * pass of its own. Its `find` tells what a board given from outside still owes (a hint's marks).
   */
  readonly byBoard: boolean;
  /** Not one of the thesis's rules (2-SAT, Prob-C, Prob-2): left out of the `thesis` rule set. */
  readonly extra: boolean;
  readonly find: (board: Board, ctx: Context) => Deduction[];
}

/** The difficulty classes of the thesis's Table 5: name and what the step count measures. */
export const levelInfo: Readonly<Record<Level, { readonly name: string; readonly steps: string }>> = {
  A: { name: 'trivial', steps: 'none' },
  B: { name: 'pretty easy', steps: 'sweeps (mean of H-first and V-first)' },
  C: { name: 'easy', steps: 'sweeps (mean of H-first and V-first)' },
  D: { name: 'medium', steps: 'cells solved by the corner rules' },
  E: { name: 'pretty hard', steps: 'sweeps (mean of H-first and V-first)' },
  F: { name: 'hard', steps: 'sum of the white cells a cut would cut off' },
  G: {
    name: 'super hard',
    steps:
      'mean over every probe tried of the class of the hardest technique its trials used (A = 1 .. F = 6; 7 for a trial that probed again)',
  },
};

export const levelIndex = (level: Level): number => levels.indexOf(level);

interface Flags {
  readonly static?: boolean;
  readonly assumesUniqueness?: boolean;
  readonly byBoard?: boolean;
  readonly extra?: boolean;
}

const T = (code: TechniqueCode, level: Level, name: string, file: string, find: Technique['find'], flags: Flags = {}): Technique => ({
  code,
  level,
  name,
  file,
  static: flags.static ?? false,
  assumesUniqueness: flags.assumesUniqueness ?? false,
  byBoard: flags.byBoard ?? false,
  extra: flags.extra ?? false,
  find,
});
const once: Flags = { static: true };

export const techniques: readonly Technique[] = [
  T('UC', 'A', 'Unique Cell', 'trivial.ts', (b, x) => UC(b, x.trial ?? null, x.limit), { assumesUniqueness: true }),
  T('NoB', 'A', 'Neighbours of Black cells', 'kernel.ts', (b) => owedKnockOns(b, 'NoB'), { byBoard: true }),
  T('DoW', 'B', 'Duplicates of White', 'kernel.ts', (b) => owedKnockOns(b, 'DoW'), { byBoard: true }),
  T('Sim-M3', 'B', 'Simple sequence of Multiple characters of length 3', 'simple.ts', (b, x) => SimM3(b, x.scope), once),
  T('Sim-U3', 'B', 'Simple sequence of Uniform characters of length 3', 'simple.ts', (b, x) => SimU3(b, x.scope), once),
  T('Sim-U*', 'B', 'Simple sequence of Uniform characters separated by some cells', 'simple.ts', (b, x) => SimUStar(b, x.scope), once),
  T('Sim-M4', 'B', 'Simple sequence of Multiple characters of length 4', 'simple.ts', (b, x) => SimM4(b, x.scope), once),
  T('Sim-M*', 'B', 'Simple sequence of Multiple characters separated by some cells', 'simple.ts', (b, x) => SimMStar(b, x.scope), once),
  T('2-SAT', 'B', '2-SAT line solver', 'two-sat.ts', (b, x) => TwoSat(b, x.scope, x.limit, x.trial ?? null), { extra: true }),
  T('DP', 'C', 'Double Pair', 'advanced.ts', (b, x) => DP(b, x.scope, x.limit), once),
  T('SbP', 'C', 'Single between Pairs', 'advanced.ts', (b, x) => SbP(b, x.scope, x.limit), once),
  T('CP', 'D', 'Corner Pairs', 'corner.ts', (b) => CP(b), once),
  T('DoT', 'D', 'Diagonal of a Triple', 'corner.ts', (b) => DoT(b), once),
  T('BoP-D', 'E', 'Border of Double Pairs', 'border.ts', (b, x) => BoP_D(b, x.scope), once),
  T('BoP-T', 'E', 'Border of Triple Pairs', 'border.ts', (b, x) => BoP_T(b, x.scope), once),
  T('BoP', 'E', 'Border of Pairs', 'border.ts', (b, x) => BoP(b, x.scope), once),
  T('NCO-C', 'F', 'No Cut-Off in the Corner', 'connectivity.ts', (b, x) => NCO_C(b, x.trial ?? null)),
  T('NCO-B', 'F', 'No Cut-Off at the Border', 'connectivity.ts', (b, x) => NCO_B(b, x.trial ?? null)),
  T('EP', 'F', 'Enclosing Pair (corner)', 'connectivity.ts', (b, x) => EP(b, x.trial ?? null)),
  T('EP-B', 'F', 'Enclosing Pair at the Border', 'connectivity.ts', (b, x) => EP_B(b, x.trial ?? null)),
  T('EP-M', 'F', 'Enclosing Pair in the Middle', 'connectivity.ts', (b, x) => EP_M(b, x.trial ?? null)),
  T('NCO', 'F', 'No Cut-Off', 'connectivity.ts', (b, x) => NCO(b, x.trial ?? null)),
  T('NCO-K', 'F', 'No Cut-Off after the knock-on effects', 'connectivity.ts', (b, x) => NCO_K(b, x.trial ?? null)),
  T('Prob', 'G', 'Probing', 'probing.ts', (b, x) => (x.prober ? Prob(b, x.prober, x.cursor, 'Prob', x) : [])),
  T('Prob-C', 'G', 'Probing, common consequence', 'probing.ts', (b, x) => (x.prober ? ProbC(b, x.prober, x.cursor, x) : []), {
    extra: true,
  }),
  T('Prob-2', 'G', 'Probing two deep', 'probing.ts', (b, x) => (x.prober2 ? Prob(b, x.prober2, x.cursor, 'Prob-2', x) : []), {
    extra: true,
  }),
];

export function technique(code: TechniqueCode): Technique {
  const t = techniques.find((x) => x.code === code);
  if (!t) throw new RangeError(`unknown technique ${code}`);
  return t;
}

export const levelOf = (code: TechniqueCode): Level => technique(code).level;

/** The single-line pattern rules that the 2-SAT line solver replaces in the 'two-sat' rule set. */
const lineRules: readonly TechniqueCode[] = ['Sim-M3', 'Sim-U3', 'Sim-U*', 'Sim-M4', 'Sim-M*'];

/**
 * Rule sets:
 * - `all` (the default for solving and explaining): every technique but NCO-K, extras included:
 *   the strongest engine (NCO-K only moves deductions that probing finds anyway into class F).
 * - `thesis` (the default for rating): the thesis's rules only, as its rule-based classifier has
 *   them (Table 17, 19): no extra, and its class F connectivity rule read with the knock-on
 *   effects (NCO-K).
 * - `two-sat`: the thesis's SAT-based classifier (Table 18): `thesis` with the 2-SAT line solver
 *   in place of the single-line Sim-* rules.
 */
const codesOf = (keep: (t: Technique) => boolean): TechniqueCode[] => techniques.filter(keep).map((t) => t.code);
export const ruleSets = {
  all: codesOf((t) => t.code !== 'NCO-K'),
  thesis: codesOf((t) => !t.extra),
  'two-sat': codesOf((t) => (!t.extra || t.code === '2-SAT') && !lineRules.includes(t.code)),
} as const satisfies Record<RuleSet, readonly TechniqueCode[]>;
export type { RuleSet };
