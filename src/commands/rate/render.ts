/**
 * The text and JSON forms of `rate`: a puzzle's difficulty class, and a set's histogram of
 * classes. Rows and columns are 1-based everywhere, as in every message.
 */
import type { Puzzle } from '../../puzzle/puzzle.js';
import {
  levelInfo,
  levels,
  technique,
  techniqueCodes,
  type Level,
  type RuleRating,
  type RulesStatus,
  type TechniqueCode,
} from '../../rules/index.js';
import { textTable } from '../../render/text.js';

/** The technique the class stands for: the last one in catalogue order (the hardest) that changed the board at the class's level. */
function hardestTechnique(rating: RuleRating): TechniqueCode | null {
  if (rating.class === null) return null;
  let best: TechniqueCode | null = null;
  for (const code of Object.keys(rating.techniques) as TechniqueCode[]) {
    if (code === 'NoB' || code === 'DoW') continue;
    const t = technique(code);
    if (t.level !== rating.class) continue;
    if (best === null || techniqueRank(code) > techniqueRank(best)) best = code;
  }
  return best;
}

/** The catalogue lists the techniques cheapest first, levels in order. */
const techniqueRank = (code: TechniqueCode): number => techniqueCodes.indexOf(code);

export interface RateJson {
  id: string | null;
  rows: number;
  cols: number;
  class: Level | null;
  /** The class's name in the thesis's Table 5, or "unsolved". */
  name: string;
  steps: number;
  /** What `steps` counts for this class. */
  stepsMeasure: string | null;
  hardestTechnique: TechniqueCode | null;
  status: RulesStatus;
  timedOut: boolean;
  undecided: number;
  unique: boolean | null;
  usedUniqueness: boolean;
  ruleSet: string;
  /** Cells each technique coloured, knock-on effects included. */
  techniques: Partial<Record<TechniqueCode, number>>;
  timeMs: number;
}

export function rateJson(puzzle: Puzzle, rating: RuleRating, ruleSet: string): RateJson {
  return {
    id: puzzle.id ?? null,
    rows: puzzle.rows,
    cols: puzzle.cols,
    class: rating.class,
    name: rating.name,
    steps: rating.steps,
    stepsMeasure: rating.class === null ? null : levelInfo[rating.class].steps,
    hardestTechnique: hardestTechnique(rating),
    status: rating.status,
    timedOut: rating.result.timedOut,
    undecided: rating.result.board.unknownCount,
    unique: rating.unique,
    usedUniqueness: rating.usedUniqueness,
    ruleSet,
    techniques: { ...rating.techniques },
    timeMs: Math.round(rating.timeMs * 1000) / 1000,
  };
}

export function rateText(puzzle: Puzzle, rating: RuleRating, ruleSet: string, timeoutMs?: number): string {
  const r = rating.result;
  const n = puzzle.rows * puzzle.cols;
  if (rating.class === null) {
    const why = r.timedOut
      ? `the time limit${timeoutMs === undefined ? '' : ` of ${timeoutMs} ms`} was reached with ${r.board.unknownCount} of ${n} cells undecided`
      : r.status === 'contradiction'
        ? `the puzzle has no solution (${r.contradiction?.reason ?? 'contradiction'})`
        : `the rules alone get stuck with ${r.board.unknownCount} of ${n} cells undecided`;
    return `class: none (not solved by rules): ${why}\nrule set: ${ruleSet}\n`;
  }
  const hardest = hardestTechnique(rating);
  const used = (Object.entries(rating.techniques) as [TechniqueCode, number][])
    .sort(([a], [b]) => techniqueRank(a) - techniqueRank(b))
    .map(([code, cells]) => `${code} ${cells}`)
    .join(', ');
  const lines = [
    `class: ${rating.class} (${rating.name})`,
    `steps: ${formatSteps(rating.steps)} (class ${rating.class} counts: ${levelInfo[rating.class].steps})`,
    `hardest technique: ${hardest === null ? 'none' : `${hardest} (${technique(hardest).name}, class ${technique(hardest).level})`}`,
    `cells coloured per technique: ${used === '' ? 'none' : used}`,
    `rule set: ${ruleSet}${rating.unique === false ? '; note: the puzzle has more than one solution (the rating assumed a unique one)' : ''}`,
  ];
  return `${lines.join('\n')}\n`;
}

const formatSteps = (steps: number): string => (Number.isInteger(steps) ? String(steps) : steps.toFixed(2).replace(/0$/, ''));

/** One puzzle of a rated set. */
export interface RatedRecord {
  readonly id: string;
  readonly line: number;
  readonly difficulty: string | null;
  readonly rating: RuleRating;
}

export interface RateSetJson {
  n: number;
  ruleSet: string;
  histogram: Record<Level, number>;
  /** Not solved by rules: stuck, no solution, or time limit (the three counts below). */
  unsolved: number;
  stuck: number;
  contradiction: number;
  timedOut: number;
  /**
   * Rated puzzles (a class given) that have more than one solution under the rules as written:
   * the rating assumed a unique solution (UC), and a white cell of the solution could be shaded as well.
   */
  notUnique: number;
  /** Per `difficulty` label of the set: the count per class, unsolved, total (only when the set has labels). */
  crossTable?: Record<string, Record<Level | 'unsolved' | 'total', number>>;
  puzzles: {
    id: string;
    line: number;
    difficulty: string | null;
    class: Level | null;
    steps: number;
    hardestTechnique: TechniqueCode | null;
    status: RulesStatus;
    timedOut: boolean;
    /** False: more than one solution under the rules as written; null: not solved. */
    unique: boolean | null;
  }[];
}

export function rateSetJson(rated: readonly RatedRecord[], ruleSet: string): RateSetJson {
  const histogram = Object.fromEntries(levels.map((l) => [l, rated.filter((x) => x.rating.class === l).length])) as Record<Level, number>;
  const unsolved = rated.filter((x) => x.rating.class === null);
  const out: RateSetJson = {
    n: rated.length,
    ruleSet,
    histogram,
    unsolved: unsolved.length,
    stuck: unsolved.filter((x) => x.rating.status === 'stuck' && !x.rating.result.timedOut).length,
    contradiction: unsolved.filter((x) => x.rating.status === 'contradiction').length,
    timedOut: unsolved.filter((x) => x.rating.result.timedOut).length,
    notUnique: rated.filter((x) => x.rating.class !== null && x.rating.unique === false).length,
    puzzles: rated.map((x) => ({
      id: x.id,
      line: x.line,
      difficulty: x.difficulty,
      class: x.rating.class,
      steps: x.rating.steps,
      hardestTechnique: hardestTechnique(x.rating),
      status: x.rating.status,
      timedOut: x.rating.result.timedOut,
      unique: x.rating.unique,
    })),
  };
  const labels = difficultyLabels(rated);
  if (labels.length > 0) {
    out.crossTable = Object.fromEntries(
      labels.map((label) => {
        const mine = rated.filter((x) => (x.difficulty ?? noLabel) === label);
        const row = Object.fromEntries(levels.map((l) => [l, mine.filter((x) => x.rating.class === l).length])) as Record<
          Level | 'unsolved' | 'total',
          number
        >;
        row.unsolved = mine.filter((x) => x.rating.class === null).length;
        row.total = mine.length;
        return [label, row];
      }),
    );
  }
  return out;
}

const noLabel = '(no label)';
const knownLabels = ['super easy', 'pretty easy', 'easy', 'medium', 'hard', 'very hard'];

/** The set's `difficulty` labels, easiest first for menneske's, else in natural order; none if no record has one. */
function difficultyLabels(rated: readonly RatedRecord[]): string[] {
  if (rated.every((x) => x.difficulty === null)) return [];
  const labels = [...new Set(rated.map((x) => x.difficulty ?? noLabel))];
  const rank = (label: string) => {
    const k = knownLabels.indexOf(label.toLowerCase());
    return label === noLabel ? 1e9 : k < 0 ? knownLabels.length : k;
  };
  return labels.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
}

export function rateSetText(rated: readonly RatedRecord[], ruleSet: string, source: string): string {
  const report = rateSetJson(rated, ruleSet);
  const n = report.n;
  const pct = (k: number) => `${((100 * k) / n).toFixed(1)}%`;
  const rows: string[][] = levels.map((l) => [l, levelInfo[l].name, String(report.histogram[l]), pct(report.histogram[l])]);
  rows.push(['-', 'not solved by rules', String(report.unsolved), pct(report.unsolved)]);
  const out = [
    `${source}: ${n} puzzle(s), rule set ${ruleSet}`,
    '',
    ...textTable(['class', 'name', 'puzzles', 'percent'], rows, [false, false, true, true]),
  ];
  if (report.unsolved > 0) {
    const parts = [
      report.stuck > 0 ? `${report.stuck} stuck` : '',
      report.contradiction > 0 ? `${report.contradiction} with no solution` : '',
      report.timedOut > 0 ? `${report.timedOut} at the time limit` : '',
    ].filter((s) => s !== '');
    out.push('', `not solved by rules: ${parts.join(', ')}`);
  }
  if (report.notUnique > 0) {
    const ids = report.puzzles.filter((x) => x.class !== null && x.unique === false).map((x) => `${x.id} (line ${x.line})`);
    out.push(
      '',
      `not unique: ${report.notUnique} rated puzzle(s) have more than one solution under the rules as written; the rating assumed a unique solution (UC): ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? `, and ${ids.length - 10} more` : ''}`,
    );
  }
  if (report.crossTable !== undefined) {
    const head = ['difficulty', ...levels, 'unsolved', 'total'];
    const body = Object.entries(report.crossTable).map(([label, row]) => [
      label,
      ...levels.map((l) => String(row[l])),
      String(row.unsolved),
      String(row.total),
    ]);
    out.push(
      '',
      'difficulty label (rows) by class (columns):',
      '',
      ...textTable(
        head,
        body,
        head.map((_, k) => k > 0),
      ),
    );
  }
  return `${out.join('\n')}\n`;
}
