/**
 * The thesis's Tables 19 and 17, recomputed with the `thesis` rating mode (npm run bench:thesis).
 *
 * Table 19: every canonical grid of 3x3 with 3 symbols and of 4x3 with 4 symbols. A canonical
 * grid is a restricted-growth sequence read row by row (the first cell is 1, each cell at most one
 * more than the largest before it), one per renaming of the symbols: 3,281 and 700,075 of them,
 * the thesis's "Total" row. Each grid's solutions come from a list of every shading of the size
 * that keeps rules 2 and 3 (made once), filtered by rule 1. The thesis rates the grids that are
 * "uniquely solvable"; its solver assumes a unique solution (UC), which is sound exactly for the
 * inclusion-minimal solutions (those whose every black cell repeats a white number of its row or
 * column: the shaded-duplicates convention; see src/rules/uniqueness.ts). So the grids rated here
 * are those with exactly one minimal solution; how many of them have several solutions under the
 * rules as written is counted too. Each is rated in the `thesis` mode and, for comparison, with
 * every technique (`all`); the histograms print beside Table 19.
 *
 * Table 17: the menneske sets of bench/sets/menneske, per size, in the thesis mode, in percent
 * beside the thesis's rule-based classification of all of menneske's puzzles of that size.
 *
 * Symmetry: the rated grids as orbits of the board's mirrors and rotations (symbols renamed), per
 * class, beside the parity of Table 19's entries: every orbit has two or more grids, so a
 * classifier that rates mirror images alike has even counts, and an odd entry of Table 19 shows a
 * classifier that does not.
 *
 * Variants: other readings of the rules (a class F rule without knock-on effects, connectivity
 * rules moved to class D, probes whose trials run fewer rules), each with its histograms and the
 * first grid of each kind of change it makes, printed with the thesis mode's steps.
 *
 * Table 20 (and Table 19's 4x4 column): the thesis's numbers beside the thesis mode's classes of
 * the `hitori-sat enumerate` runs, read from their BENCH.md sections (too long to rerun here).
 *
 * Writes the BENCH.md sections "thesis-table19", "thesis-symmetry", "thesis-variants",
 * "thesis-table20" and "thesis-menneske" with --write (--no-variants skips the variants); prints them either way. --size 3x3 runs the small size only; --examples N lists N grids per class
 * difference (thesis mode against Table 19's reading) for study.
 *
 * Below the door: the rule engine's strategy, technique selection and variants, which no command
 * offers.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseJsonLines } from '../src/formats/json.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { boardSymmetries } from '../src/puzzle/geometry.js';
import {
  Board,
  levels,
  numberedSteps,
  rate,
  solveByRules,
  type Deduction,
  type Level,
  type RuleSet,
  type Technique,
} from '../src/rules/index.js';
import type { Context } from '../src/rules/catalogue.js';
import { fixpoint, newStats, probeRunner, selectTechniques } from '../src/rules/strategy.js';
import { commandLine, count, describeMachine, progress, repoRoot, revision, table, timestamp, writeSection } from './lib.js';

interface Size {
  readonly rows: number;
  readonly cols: number;
  readonly symbols: number;
  /** Table 19: classes A..G, solvable, total. */
  readonly thesis: readonly number[];
  readonly solvable: number;
  readonly total: number;
}

const sizes: readonly Size[] = [
  { rows: 3, cols: 3, symbols: 3, thesis: [2, 92, 0, 88, 0, 179, 43], solvable: 404, total: 3_281 },
  { rows: 4, cols: 3, symbols: 4, thesis: [24, 13_989, 236, 10_970, 1_024, 29_988, 2_711], solvable: 58_942, total: 700_075 },
];

/** Table 17 (rule-based solver), per size: classes A..G and the size's total. */
const table17: Readonly<Record<string, readonly number[]>> = {
  '5x5': [0, 10_375, 384, 3_530, 187, 16_736, 398],
  '6x6': [0, 8_477, 374, 1_841, 120, 18_629, 461],
  '12x12': [0, 3_419, 22, 145, 6, 27_412, 127],
};

/** Every shading of a rows x cols grid that keeps rules 2 and 3, as masks of its white cells. */
function validShadings(rows: number, cols: number): number[] {
  const n = rows * cols;
  const out: number[] = [];
  for (let black = 0; black < 1 << n; black++) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      if (!(black & (1 << i))) continue;
      if (i % cols < cols - 1 && black & (1 << (i + 1))) ok = false;
      if (i + cols < n && black & (1 << (i + cols))) ok = false;
    }
    if (!ok) continue;
    const white = ((1 << n) - 1) & ~black;
    if (white === 0) continue;
    const start = 31 - Math.clz32(white & -white);
    let seen = 1 << start;
    const todo = [start];
    while (todo.length > 0) {
      const i = todo.pop()!;
      const r = Math.floor(i / cols);
      const c = i % cols;
      for (const j of [r > 0 ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, r < rows - 1 ? i + cols : -1]) {
        if (j >= 0 && white & (1 << j) && !(seen & (1 << j))) {
          seen |= 1 << j;
          todo.push(j);
        }
      }
    }
    if (seen === white) out.push(white);
  }
  return out;
}

/** The pairs of cells that share a row or a column. */
function linePairsOf(rows: number, cols: number): [number, number][] {
  const n = rows * cols;
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.floor(i / cols) === Math.floor(j / cols) || i % cols === j % cols) out.push([i, j]);
    }
  }
  return out;
}

/**
 * How many of `shadings` (validShadings) solve the grid (rule 1 too), and how many of those are
 * minimal: every black cell repeats the number of a white cell in its row or column.
 */
function solutionsOf(
  values: ArrayLike<number>,
  shadings: readonly number[],
  linePairs: readonly [number, number][],
): { literal: number; minimal: number } {
  const n = values.length;
  const equal: number[] = [];
  for (const [i, j] of linePairs) if (values[i] === values[j]) equal.push((1 << i) | (1 << j));
  let literal = 0;
  let minimal = 0;
  for (const w of shadings) {
    if (equal.some((m) => (w & m) === m)) continue;
    literal++;
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      if (w & (1 << i)) continue;
      if (!equal.some((m) => m & (1 << i) && w & (m & ~(1 << i)))) ok = false;
    }
    if (ok) minimal++;
  }
  return { literal, minimal };
}

/** Calls `visit` with every restricted-growth sequence of length n over at most k symbols (values 1..k). */
function restrictedGrowth(n: number, k: number, visit: (values: Int32Array) => void): void {
  const values = new Int32Array(n);
  const go = (i: number, max: number) => {
    if (i === n) {
      visit(values);
      return;
    }
    for (let v = 1; v <= Math.min(max + 1, k); v++) {
      values[i] = v;
      go(i + 1, Math.max(max, v));
    }
  };
  values[0] = 1;
  go(1, 1);
}

interface Census {
  readonly size: Size;
  /** Grids with at least one solution, and with exactly one minimal solution (the ones rated). */
  solvableLiteral: number;
  uniqueMinimal: number;
  /** Of the rated grids: how many have several solutions under the rules as written. */
  severalLiteral: number;
  readonly histogram: Record<RuleSet, Record<Level | 'unsolved', number>>;
  /** Grids per (thesis-mode class, all-techniques class), for the examples. */
  readonly pairs: Map<string, Puzzle[]>;
  /** Every rated grid with its thesis-mode class, in enumeration order. */
  readonly rated: { readonly puzzle: Puzzle; readonly cls: Level | null }[];
  ms: number;
}

const ruleSetsRated: readonly RuleSet[] = ['thesis', 'all'];

function census(size: Size, keepExamples: number): Census {
  const t0 = performance.now();
  const { rows, cols, symbols } = size;
  const n = rows * cols;
  const shadings = validShadings(rows, cols);
  const linePairs = linePairsOf(rows, cols);
  const empty = () => Object.fromEntries([...levels, 'unsolved'].map((l) => [l, 0])) as Record<Level | 'unsolved', number>;
  const out: Census = {
    size,
    solvableLiteral: 0,
    uniqueMinimal: 0,
    severalLiteral: 0,
    histogram: Object.fromEntries(ruleSetsRated.map((r) => [r, empty()])) as Census['histogram'],
    pairs: new Map(),
    rated: [],
    ms: 0,
  };
  let seen = 0;
  restrictedGrowth(n, symbols, (values) => {
    seen++;
    if (seen % 50_000 === 0) progress(`${rows}x${cols}(${symbols}): ${count(seen)} of ${count(size.total)} grids`);
    const { literal, minimal } = solutionsOf(values, shadings, linePairs);
    if (literal === 0) return;
    out.solvableLiteral++;
    if (minimal !== 1) return;
    out.uniqueMinimal++;
    if (literal > 1) out.severalLiteral++;
    const puzzle: Puzzle = { rows, cols, values: Array.from(values) };
    const classes = ruleSetsRated.map((ruleSet) => {
      const cls = rate(puzzle, { ruleSet }).class;
      out.histogram[ruleSet][cls ?? 'unsolved']++;
      if (ruleSet === 'thesis') out.rated.push({ puzzle, cls });
      return cls ?? '-';
    });
    if (keepExamples > 0) {
      const key = classes.join('/');
      const list = out.pairs.get(key) ?? [];
      if (list.length < keepExamples) list.push(puzzle);
      out.pairs.set(key, list);
    }
  });
  out.ms = performance.now() - t0;
  return out;
}

/** A table whose columns after the first hold numbers (right-aligned). */
const numericTable = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  table(
    head,
    rows,
    head.map((_, k) => k > 0),
  );

/** The lines every section starts with: command, date, machine, code. */
function runFacts(started: Date): string[] {
  return [
    `- Command: \`${commandLine('thesis.js')}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}; load average at the start ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} (the classes do not depend on it; the times do)`,
    `- Code: ${revision()}`,
  ];
}

function table19Section(results: readonly Census[], started: Date): string {
  const head = ['class'];
  for (const r of results) {
    const name = `${r.size.rows}x${r.size.cols}(${r.size.symbols})`;
    head.push(`${name} Table 19`, `${name} thesis mode`, `${name} all techniques`);
  }
  const rows: string[][] = [];
  for (const [k, l] of levels.entries()) {
    rows.push([l, ...results.flatMap((r) => [count(r.size.thesis[k]!), count(r.histogram.thesis[l]), count(r.histogram.all[l])])]);
  }
  const solved = (r: Census, set: RuleSet) => levels.reduce((sum, l) => sum + r.histogram[set][l], 0);
  rows.push(['solvable', ...results.flatMap((r) => [count(r.size.solvable), count(solved(r, 'thesis')), count(solved(r, 'all'))])]);
  rows.push(['rated but not solved', ...results.flatMap((r) => ['', count(r.histogram.thesis.unsolved), count(r.histogram.all.unsolved)])]);
  rows.push(['total', ...results.flatMap((r) => [count(r.size.total), count(r.size.total), count(r.size.total)])]);
  const facts = results.map(
    (r) =>
      `- ${r.size.rows}x${r.size.cols}(${r.size.symbols}): ${count(r.size.total)} canonical grids; ${count(r.solvableLiteral)} have a solution under the rules as written; ${count(r.uniqueMinimal)} have exactly one minimal solution (rated); of these, ${count(r.severalLiteral)} have several solutions under the rules as written. ${(r.ms / 1000).toFixed(1)} s.`,
  );
  return ['## thesis-table19: the thesis mode against Table 19', '', ...runFacts(started), ...facts, '', numericTable(head, rows)].join(
    '\n',
  );
}

function menneskeSection(started: Date): string {
  const dir = join(repoRoot, 'bench', 'sets', 'menneske');
  const rows: string[][] = [];
  for (const label of ['5x5', '6x6', '12x12']) {
    const records = parseJsonLines(readFileSync(join(dir, `hitori_${label}.jsonl`), 'utf8'));
    const hist = Object.fromEntries([...levels, 'unsolved'].map((l) => [l, 0])) as Record<Level | 'unsolved', number>;
    for (const { puzzle } of records) hist[rate(puzzle, { ruleSet: 'thesis' }).class ?? 'unsolved']++;
    const t17 = table17[label]!;
    const t17Total = t17.reduce((a, b) => a + b, 0);
    const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)}%`;
    rows.push([
      `${label} thesis mode (${records.length})`,
      ...levels.map((l) => pct(hist[l], records.length)),
      pct(hist.unsolved, records.length),
    ]);
    rows.push([`${label} Table 17 (${count(t17Total)})`, ...t17.map((k) => pct(k, t17Total)), '']);
  }
  return [
    '## thesis-menneske: the menneske sets in the thesis mode, beside Table 17',
    '',
    ...runFacts(started),
    "- Sets: `bench/sets/menneske` (samples of menneske.no, see bench/sets/README.md); Table 17 classifies all of menneske's puzzles of each size.",
    '',
    table(['size (puzzles)', ...levels, 'unsolved'], rows, [false, ...levels.map(() => true), true]),
  ].join('\n');
}

/** The grid as rows: "1 1 2 / 1 3 1 / 2 2 3". */
const showGrid = (p: Puzzle) =>
  Array.from({ length: p.rows }, (_, r) => p.values.slice(r * p.cols, (r + 1) * p.cols).join(' ')).join(' / ');

/** The restricted-growth key of a grid: its symbols renamed in order of first appearance. */
function growthKey(values: readonly number[]): string {
  const name = new Map<number, number>();
  return values.map((v) => name.get(v) ?? name.set(v, name.size + 1).get(v)!).join(',');
}

/**
 * The grids as orbits of the board's symmetries (mirrors and rotations, symbols renamed), with
 * the thesis-mode classes: per class, how many orbits of each size and whether some orbit holds
 * two classes. A classifier that rates a grid and its mirror image alike gives every class a sum
 * of whole orbits.
 */
function orbits(r: Census): { bySize: Map<string, number>; sizes: Set<number>; mixed: number } {
  const { rows, cols } = r.size;
  const maps = boardSymmetries(rows, cols);
  const classOf = new Map(r.rated.map((g) => [growthKey(g.puzzle.values), g.cls]));
  const seen = new Set<string>();
  const bySize = new Map<string, number>();
  const sizes = new Set<number>();
  let mixed = 0;
  for (const g of r.rated) {
    const key = growthKey(g.puzzle.values);
    if (seen.has(key)) continue;
    const members = new Set([key, ...maps.map((m) => growthKey(Array.from(m, (source) => g.puzzle.values[source]!)))]);
    for (const k of members) seen.add(k);
    const classes = new Set([...members].map((k) => classOf.get(k)));
    if (classes.size > 1) mixed++;
    sizes.add(members.size);
    const at = `${g.cls ?? 'unsolved'} ${members.size}`;
    bySize.set(at, (bySize.get(at) ?? 0) + 1);
  }
  return { bySize, sizes, mixed };
}

/** The involutions of 1..k (permutations that are their own inverse), as arrays indexed 1..k. */
function involutions(k: number): number[][] {
  const out: number[][] = [];
  const perm = Array.from({ length: k + 1 }, (_, i) => i);
  const go = (i: number) => {
    if (i > k) {
      if (perm.every((p, x) => perm[p] === x)) out.push([...perm]);
      return;
    }
    for (let j = i; j <= k; j++) {
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
      go(i + 1);
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
  };
  go(1);
  return out;
}

/**
 * The grids (up to renaming) that are their own image under every symmetry of the board, and how
 * many of them have exactly one minimal solution. Only these make orbits of one grid. Such a grid
 * is fixed by the row flip up to an involution p of the symbols and by the column flip up to an
 * involution t, so it is its top-left quarter spread by p and t: every choice of quarter, p and t
 * is built and kept when it is indeed its own image under all the symmetries.
 */
function selfImages(rows: number, cols: number, symbols: number): { grids: number; unique: Puzzle[] } {
  const maps = boardSymmetries(rows, cols);
  const qr = Math.ceil(rows / 2);
  const qc = Math.ceil(cols / 2);
  const quarter = qr * qc;
  const invs = involutions(symbols);
  const found = new Map<string, number[]>();
  const values = new Array<number>(rows * cols).fill(0);
  const q = new Array<number>(quarter).fill(1);
  for (let code = 0; code < symbols ** quarter; code++) {
    for (let i = 0, x = code; i < quarter; i++, x = Math.floor(x / symbols)) q[i] = (x % symbols) + 1;
    for (const p of invs) {
      for (const t of invs) {
        for (let r = 0; r < qr; r++) {
          for (let c = 0; c < qc; c++) {
            const x = q[r * qc + c]!;
            values[r * cols + c] = x;
            values[r * cols + cols - 1 - c] = p[x]!;
            values[(rows - 1 - r) * cols + c] = t[x]!;
            values[(rows - 1 - r) * cols + cols - 1 - c] = t[p[x]!]!;
          }
        }
        const key = growthKey(values);
        if (found.has(key)) continue;
        if (maps.every((m) => growthKey(Array.from(m, (source) => values[source]!)) === key)) found.set(key, [...values]);
      }
    }
  }
  const shadings = validShadings(rows, cols);
  const linePairs = linePairsOf(rows, cols);
  const unique = [...found.values()].filter((v) => solutionsOf(v, shadings, linePairs).minimal === 1);
  return { grids: found.size, unique: unique.map((v) => ({ rows, cols, values: v })) };
}

/** The thesis's class tables for the boards too large to group here: Table 19 (4x4) and Table 20; classes A..G, then Solvable. */
const otherTables: readonly {
  name: string;
  rows: number;
  cols: number;
  symbols: number;
  columns: readonly [string, readonly number[]][];
}[] = [
  {
    name: '4x4(4)',
    rows: 4,
    cols: 4,
    symbols: 4,
    columns: [['Table 19', [24, 637_927, 22_222, 550_272, 63_383, 1_456_155, 114_148, 2_844_131]]],
  },
  {
    name: '5x3(5)',
    rows: 5,
    cols: 3,
    symbols: 5,
    columns: [
      ['Table 20 rules', [552, 2_885_157, 91_034, 1_612_287, 83_721, 8_271_443, 954_665, 13_898_859]],
      ['Table 20 SAT', [552, 2_893_161, 88_808, 1_605_431, 83_395, 8_278_295, 949_217, 13_898_859]],
    ],
  },
  {
    name: '3x5(4)',
    rows: 3,
    cols: 5,
    symbols: 4,
    columns: [
      ['Table 20 rules', [0, 114_985, 4_098, 63_105, 4_037, 361_484, 48_642, 596_351]],
      ['Table 20 SAT', [0, 115_213, 4_006, 62_873, 4_038, 361_502, 48_719, 596_351]],
    ],
  },
];

function symmetrySection(results: readonly Census[], started: Date): string {
  const out: string[] = [
    '## thesis-symmetry: the classes as orbits of mirror images, beside the parity of Table 19',
    '',
    ...runFacts(started),
    '',
  ];
  for (const r of results) {
    const name = `${r.size.rows}x${r.size.cols}(${r.size.symbols})`;
    const o = orbits(r);
    const sizes = [...o.sizes].sort((a, b) => a - b);
    const rows = levels.map((l, k) => {
      const grids = r.histogram.thesis[l];
      const t19 = r.size.thesis[k]!;
      return [l, ...sizes.map((n) => count(o.bySize.get(`${l} ${n}`) ?? 0)), count(grids), count(t19), t19 % 2 === 1 ? '**odd**' : 'even'];
    });
    out.push(
      `${name}: ${count(r.rated.length)} rated grids in orbits of ${sizes.join(', ')} grids under the board's ${boardSymmetries(r.size.rows, r.size.cols).length + 1} symmetries (symbols renamed); orbits whose grids the thesis mode rates differently: ${o.mixed}.`,
      '',
      table(['class', ...sizes.map((n) => `orbits of ${n}`), 'grids (thesis mode)', 'Table 19', 'Table 19 parity'], rows, [
        false,
        ...sizes.map(() => true),
        true,
        true,
        false,
      ]),
      '',
    );
  }
  out.push(
    "The boards of the thesis's other class tables, too large to group here: an orbit of one grid is a grid that is its own image under every symmetry (symbols renamed). All such grids are built from their top-left quarter and counted (the two boards above included, as a check):",
    '',
  );
  const boards = [
    ...results.map((r) => ({
      name: `${r.size.rows}x${r.size.cols}(${r.size.symbols})`,
      rows: r.size.rows,
      cols: r.size.cols,
      symbols: r.size.symbols,
      columns: [],
    })),
    ...otherTables,
  ];
  const rows: string[][] = [];
  for (const b of boards) {
    progress(`grids that are their own mirror images: ${b.name}`);
    const self = selfImages(b.rows, b.cols, b.symbols);
    const odd = b.columns.flatMap(([name, classes]) =>
      classes.flatMap((k, i) => (k % 2 === 1 ? [`${name} ${[...levels, 'solvable'][i]} ${count(k)}`] : [])),
    );
    const classes = new Map<string, number>();
    for (const p of self.unique) {
      const cls = rate(p, { ruleSet: 'thesis' }).class ?? 'unsolved';
      classes.set(cls, (classes.get(cls) ?? 0) + 1);
    }
    const rated = [...classes].sort().map(([cls, k]) => `${cls} ${k}`);
    rows.push([
      b.name,
      count(self.grids),
      count(self.unique.length),
      rated.join(', '),
      b.columns.length === 0 ? 'above' : odd.length === 0 ? 'none' : odd.join(', '),
    ]);
  }
  out.push(
    table(
      [
        'board',
        'grids that are their own image under every symmetry',
        'of these with one minimal solution',
        'their thesis-mode classes',
        'odd entries of the thesis',
      ],
      rows,
      [false, true, true, false, false],
    ),
    '',
  );

  return out.join('\n');
}

/**
 * A reading of the thesis's rules other than the thesis mode's: the techniques in the order they
 * are tried (their levels may be moved), and the techniques a probe's trial runs.
 */
interface Reading {
  readonly name: string;
  /** The lowest class it can change: grids the thesis mode rates lower keep their class. */
  readonly from: Level;
  readonly specs: readonly Technique[];
  readonly inner?: readonly Technique[];
}

const thesisSpecs = selectTechniques({ techniques: 'thesis' });

/** The thesis mode's techniques with some moved to another level (tried in level order, catalogue order within one). */
function moved(moves: Partial<Record<string, Level>>, drop: readonly string[] = []): Technique[] {
  return thesisSpecs
    .filter((t) => !drop.includes(t.code))
    .map((t) => ({ ...t, level: moves[t.code] ?? t.level }))
    .map((t, k) => ({ t, k }))
    .sort((a, b) => levels.indexOf(a.t.level) - levels.indexOf(b.t.level) || a.k - b.k)
    .map((x) => x.t);
}

const readings: readonly Reading[] = [
  { name: 'class F: NCO on the board as it stands (no knock-on effects, no NCO-K)', from: 'F', specs: moved({}, ['NCO-K']) },
  { name: 'class D: NCO-C (the cut-off beside a corner) counted as a corner rule', from: 'D', specs: moved({ 'NCO-C': 'D' }) },
  { name: 'class D: NCO-B (the cut-off at a border) counted in class D', from: 'D', specs: moved({ 'NCO-B': 'D' }) },
  { name: 'class D: EP at a corner (needs no black cell) counted as a corner rule', from: 'D', specs: moved({ EP: 'D' }) },
  {
    name: 'probes: the trial runs the rules of classes A-E only (no connectivity rule inside)',
    from: 'G',
    specs: thesisSpecs,
    inner: thesisSpecs.filter((t) => levels.indexOf(t.level) < levels.indexOf('F')),
  },
  {
    name: 'probes: the trial runs classes A-E and NCO-C',
    from: 'G',
    specs: thesisSpecs,
    inner: thesisSpecs.filter((t) => levels.indexOf(t.level) < levels.indexOf('F') || t.code === 'NCO-C'),
  },
  {
    name: 'probes: the trial runs classes A-E, NCO-C and NCO-B',
    from: 'G',
    specs: thesisSpecs,
    inner: thesisSpecs.filter((t) => levels.indexOf(t.level) < levels.indexOf('F') || t.code === 'NCO-C' || t.code === 'NCO-B'),
  },
];

/** The class under a reading: the level of the hardest technique that changed the board, or null when the reading does not solve the grid. */
function classUnder(puzzle: Puzzle, reading: Reading): Level | null {
  const board = new Board(puzzle);
  const ctx: Context = { scope: {}, prober: probeRunner(reading.inner ?? reading.specs), cursor: { next: 0 } };
  const stats = fixpoint(board, reading.specs, ctx, new Set(), newStats());
  if (board.contradiction !== null || board.unknownCount > 0) return null;
  return levels[Math.max(stats.hardest, 0)]!;
}

/** The steps of a solve under a reading, as `solveByRules` records them. */
function stepsUnder(puzzle: Puzzle, reading: Reading): Deduction[] {
  const steps: Deduction[] = [];
  const board = new Board(puzzle, undefined, undefined, steps);
  const ctx: Context = { scope: {}, prober: probeRunner(reading.inner ?? reading.specs), cursor: { next: 0 } };
  fixpoint(board, reading.specs, ctx, new Set(), newStats());
  return steps;
}

/**
 * The thesis-variants section (the histogram of each reading) and, apart, the examples: the first grid
 * each reading rates differently, with its steps, which are printed but not written to BENCH.md
 * (docs/benchmarks.md, thesis-reading, discusses them).
 */
function readingsSection(results: readonly Census[], started: Date): { section: string; examples: string } {
  const out: string[] = [
    '## thesis-variants: other readings of the rules, with the first grid each one rates differently',
    '',
    ...runFacts(started),
    '',
  ];
  const head = ['reading', ...results.flatMap((r) => [`${r.size.rows}x${r.size.cols}(${r.size.symbols}) A-G, unsolved`])];
  const show = (h: Record<Level | 'unsolved', number>) => `${levels.map((l) => count(h[l])).join(' / ')}, ${count(h.unsolved)}`;
  const rows: string[][] = [
    ['Table 19', ...results.map((r) => `${r.size.thesis.map((k) => count(k)).join(' / ')}, ${count(r.uniqueMinimal - r.size.solvable)}`)],
    ['thesis mode', ...results.map((r) => show(r.histogram.thesis))],
  ];
  const examples: string[] = [];
  for (const reading of readings) {
    // The first grid of each kind of change (from class, to class), at most three kinds.
    const found = new Map<string, { puzzle: Puzzle; before: Level | null; after: Level | null }>();
    const cells = results.map((r) => {
      progress(`${reading.name}: ${r.size.rows}x${r.size.cols}`);
      const h = Object.fromEntries([...levels, 'unsolved'].map((l) => [l, 0])) as Record<Level | 'unsolved', number>;
      for (const g of r.rated) {
        const keep = g.cls !== null && levels.indexOf(g.cls) < levels.indexOf(reading.from);
        const cls = keep ? g.cls : classUnder(g.puzzle, reading);
        h[cls ?? 'unsolved']++;
        const change = `${g.cls}>${cls}`;
        if (cls !== g.cls && !found.has(change) && found.size < 3) found.set(change, { puzzle: g.puzzle, before: g.cls, after: cls });
      }
      return show(h);
    });
    rows.push([reading.name, ...cells]);
    for (const example of found.values()) {
      // The steps of the run that rates the grid lower: they show the technique that makes the difference.
      const lower = example.after !== null && (example.before === null || levels.indexOf(example.after) < levels.indexOf(example.before));
      const steps = numberedSteps(
        lower ? stepsUnder(example.puzzle, reading) : solveByRules(example.puzzle, { techniques: 'thesis' }).steps,
      );
      examples.push(
        `**${reading.name}.** \`${showGrid(example.puzzle)}\` (${example.puzzle.rows}x${example.puzzle.cols}): thesis mode ${example.before ?? 'unsolved'}, this reading ${example.after ?? 'unsolved'}. The steps of ${lower ? 'this reading' : 'the thesis mode'}:`,
        '',
        '```',
        ...steps,
        '```',
        '',
      );
    }
  }
  out.push(table(head, rows, [false, ...results.map(() => true)]));
  return { section: out.join('\n').trimEnd(), examples: examples.join('\n').trimEnd() };
}

/**
 * The thesis's Tables 19 (4x4) and 20, both of its solvers, beside the thesis mode's classes of the
 * `hitori-sat enumerate` runs that BENCH.md holds (sections enumerate-4x4-4, enumerate-5x3-5,
 * enumerate-3x5-4, written by bench/enumerate.ts); classes A..G and the solvable row.
 */
const table20: readonly { name: string; section: string; table: string; rules: readonly number[]; sat?: readonly number[] }[] = [
  {
    name: '4x4(4)',
    section: 'enumerate-4x4-4',
    table: 'Table 19',
    rules: [24, 637_927, 22_222, 550_272, 63_383, 1_456_155, 114_148, 2_844_131],
  },
  {
    name: '5x3(5)',
    section: 'enumerate-5x3-5',
    table: 'Table 20',
    rules: [552, 2_885_157, 91_034, 1_612_287, 83_721, 8_271_443, 954_665, 13_898_859],
    sat: [552, 2_893_161, 88_808, 1_605_431, 83_395, 8_278_295, 949_217, 13_898_859],
  },
  {
    name: '3x5(4)',
    section: 'enumerate-3x5-4',
    table: 'Table 20',
    rules: [0, 114_985, 4_098, 63_105, 4_037, 361_484, 48_642, 596_351],
    sat: [0, 115_213, 4_006, 62_873, 4_038, 361_502, 48_719, 596_351],
  },
];

/** The hitori-sat column of an enumerate section's class table (A..G, then solved), or undefined when BENCH.md lacks it. */
function enumerateClasses(section: string): string[] | undefined {
  const text = readFileSync(join(repoRoot, 'BENCH.md'), 'utf8');
  const from = text.indexOf(`<!-- begin ${section} -->`);
  const to = text.indexOf(`<!-- end ${section} -->`);
  if (from < 0 || to < 0) return undefined;
  const cells = new Map<string, string>();
  for (const line of text.slice(from, to).split('\n')) {
    const m = /^\| (?:\*\*)?([A-G] \(|solved by rules)[^|]*\| ([\d,]+) \|/.exec(line);
    if (m) cells.set(m[1]!.startsWith('solved') ? 'solved' : m[1]![0]!, m[2]!.replaceAll(',', ''));
  }
  const out = [...levels, 'solved'].map((k) => cells.get(k));
  return out.every((x) => x !== undefined) ? (out as string[]) : undefined;
}

function table20Section(started: Date): string {
  const head = ['class'];
  const columns: string[][] = [];
  const sources: string[] = [];
  for (const t of table20) {
    const ours = enumerateClasses(t.section);
    head.push(
      t.sat ? `${t.name} ${t.table} rules` : `${t.name} ${t.table}`,
      ...(t.sat ? [`${t.name} ${t.table} SAT`] : []),
      `${t.name} thesis mode`,
    );
    columns.push(t.rules.map((k) => count(k)));
    if (t.sat) columns.push(t.sat.map((k) => count(k)));
    columns.push(ours ?? t.rules.map(() => '?'));
    sources.push(ours ? `\`${t.section}\`` : `\`${t.section}\` (not in BENCH.md yet: ?)`);
  }
  const rows = [...levels, 'solvable'].map((l, k) => [l, ...columns.map((c) => c[k]!)]);
  return [
    '## thesis-table20: Tables 19 (4x4) and 20 beside the thesis mode',
    '',
    `- Date: ${timestamp(started)}; the thesis mode's columns are read from the BENCH.md sections ${sources.join(', ')} (\`npm run bench:enumerate\`: \`hitori-sat enumerate\`, every grid unique under \`shaded-duplicates\` rated with rule set \`thesis\`).`,
    '',
    numericTable(head, rows),
  ].join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const only = args.includes('--size') ? args[args.indexOf('--size') + 1] : undefined;
  const examples = args.includes('--examples') ? Number(args[args.indexOf('--examples') + 1]) : 0;
  const started = new Date();
  const chosen = sizes.filter((s) => only === undefined || `${s.rows}x${s.cols}` === only);
  const results = chosen.map((s) => census(s, examples));
  const t19 = table19Section(results, started);
  console.log(t19);
  const symmetry = symmetrySection(results, started);
  console.log(`\n${symmetry}`);
  const variants = args.includes('--no-variants') ? undefined : readingsSection(results, started);
  if (variants !== undefined) console.log(`\n${variants.section}\n\n${variants.examples}`);
  if (examples > 0) {
    for (const r of results) {
      for (const [key, list] of [...r.pairs].sort()) {
        console.log(`\n${r.size.rows}x${r.size.cols} thesis/all = ${key}: ${list.map((p) => p.values.join('')).join(' ')}`);
      }
    }
  }
  if (only !== undefined) return;
  const t20 = table20Section(started);
  console.log(`\n${t20}`);
  const menneske = menneskeSection(started);
  console.log(`\n${menneske}`);
  if (args.includes('--write')) {
    writeSection('thesis-table19', t19);
    writeSection('thesis-symmetry', symmetry);
    if (variants !== undefined) writeSection('thesis-variants', variants.section);
    writeSection('thesis-table20', t20);
    writeSection('thesis-menneske', menneske);
    progress(
      `BENCH.md: sections thesis-table19, thesis-symmetry, ${variants === undefined ? '' : 'thesis-variants, '}thesis-table20 and thesis-menneske written`,
    );
  }
}

main();
