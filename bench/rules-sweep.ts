/**
 * The soundness sweep of the rule engine: every puzzle of `bench/sets/*` that carries its
 * published (unique) solution is solved by `solveByRules` in three configurations (the default:
 * every technique, probing with Prob, Prob-C and Prob-2; without UC; the `two-sat` rule set), and
 * every recorded deduction, the knock-on effects (NoB, DoW) included, is compared cell by cell
 * with the published solution. A wrong deduction, or a contradiction on a puzzle that has a
 * solution, is a bug in the engine (exit code 1). Writes the BENCH.md section "rules-soundness".
 *
 *   npm run build && node dist/bench/rules-sweep.js [--cap-ms 60000] [--dir bench/sets] [--no-write]
 *
 * `--cap-ms` (default 60000): a time limit per puzzle (RulesOptions.deadline), a safety net that
 * keeps the sweep within minutes; a puzzle that reaches it stops where it is (status stuck, timed
 * out), and the deductions made until then are still checked. Puzzles without a `solution` are
 * skipped.
 *
 * Below the door: configurations no command offers (no UC), and every recorded deduction checked.
 */
import { Limit } from '../src/control/limit.js';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { PuzzleRecord } from '../src/formats/json.js';
import { solveByRules, techniqueCodes, type RulesOptions, type RulesResult, type TechniqueCode } from '../src/rules/index.js';
import {
  commandLine,
  describeMachine,
  loadSet,
  max,
  median,
  ms,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

/** The engine's configurations swept: the default first (the per-set table), then two that take other paths to the same cells. */
const configs: readonly { readonly name: string; readonly label: string; readonly options: RulesOptions }[] = [
  { name: 'default', label: 'default: every technique, UC, probing (Prob, Prob-C, Prob-2)', options: {} },
  { name: 'no UC', label: 'no UC (`assumeUnique: false`): the probes and later rules work without it', options: { assumeUnique: false } },
  {
    name: 'two-sat',
    label: 'rule set `two-sat`: the 2-SAT line solver in place of the Sim-* line rules',
    options: { techniques: 'two-sat' },
  },
];

interface Wrong {
  readonly config: string;
  readonly set: string;
  readonly id: string;
  readonly what: string;
}

interface SetTally {
  readonly name: string;
  /** The sizes with a puzzle checked. */
  readonly sizes: string[];
  puzzles: number;
  skipped: number;
  deductions: number;
  cells: number;
  wrongDeductions: number;
  falseContradictions: number;
  solved: number;
  stuck: number;
  capped: number;
  readonly times: number[];
  slowest: { id: string; ms: number };
  /** Deductions checked per technique. */
  readonly byTechnique: Map<TechniqueCode, number>;
}

/** The deductions of `result` that contradict the published solution, as readable lines. */
export function checkDeductions(record: PuzzleRecord, result: RulesResult): { deductions: number; cells: number; wrong: string[] } {
  const solution = record.solution!.flat();
  const { cols } = record.puzzle;
  const wrong: string[] = [];
  let cells = 0;
  result.steps.forEach((d, k) => {
    const bad = d.cells.filter(({ cell, colour }) => (solution[cell] === 1 ? 'black' : 'white') !== colour);
    cells += d.cells.length;
    if (bad.length > 0) {
      const where = bad.map(({ cell, colour }) => `r${Math.floor(cell / cols) + 1}c${(cell % cols) + 1} ${colour}`).join(', ');
      wrong.push(`step ${k + 1}, ${d.technique}: ${d.reason} (published solution disagrees at ${where})`);
    }
  });
  // Every change is a recorded step, so right steps make a right grid; otherwise a change went unrecorded.
  if (wrong.length === 0 && result.status === 'solved' && result.shading!.some((b, i) => b !== (solution[i] === 1))) {
    wrong.push('the finished grid differs from the published solution, though every recorded step agrees with it');
  }
  return { deductions: result.steps.length, cells, wrong };
}

function sweepSet(dir: string, name: string, capMs: number, config: (typeof configs)[number], wrongs: Wrong[]): SetTally {
  const groups = loadSet(dir);
  const tally: SetTally = {
    name,
    sizes: [],
    puzzles: 0,
    skipped: 0,
    deductions: 0,
    cells: 0,
    wrongDeductions: 0,
    falseContradictions: 0,
    solved: 0,
    stuck: 0,
    capped: 0,
    times: [],
    slowest: { id: '', ms: -1 },
    byTechnique: new Map(),
  };
  for (const group of groups) {
    const records = group.records.filter((r) => r.solution !== undefined);
    tally.skipped += group.records.length - records.length;
    if (records.length === 0) continue;
    tally.sizes.push(group.label);
    progress(`rules-soundness: ${name} ${group.label}, ${records.length} puzzle(s), ${config.name}`);
    solveByRules(records[0]!.puzzle, { ...config.options, limit: Limit.after(capMs) }); // warm-up, untimed
    records.forEach((record, k) => {
      const id = record.puzzle.id ?? `${group.label}#${k + 1}`;
      const t0 = performance.now();
      const result = solveByRules(record.puzzle, { ...config.options, limit: Limit.after(capMs) });
      const elapsed = performance.now() - t0;
      const check = checkDeductions(record, result);
      tally.puzzles++;
      tally.deductions += check.deductions;
      for (const d of result.steps) tally.byTechnique.set(d.technique, (tally.byTechnique.get(d.technique) ?? 0) + 1);
      tally.cells += check.cells;
      tally.wrongDeductions += check.wrong.length;
      for (const what of check.wrong) wrongs.push({ config: config.name, set: name, id, what });
      if (result.status === 'contradiction') {
        tally.falseContradictions++;
        wrongs.push({
          config: config.name,
          set: name,
          id,
          what: `contradiction on a puzzle with a published solution: ${result.contradiction?.reason ?? '?'}`,
        });
      }
      if (result.status === 'solved') tally.solved++;
      else if (result.timedOut) tally.capped++;
      else if (result.status === 'stuck') tally.stuck++;
      tally.times.push(elapsed);
      if (elapsed > tally.slowest.ms) tally.slowest = { id, ms: elapsed };
    });
  }
  return tally;
}

/** The set folders under `root` that hold `hitori_RxC.jsonl` files, by name. */
function setFolders(root: string): string[] {
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .filter((name) => readdirSync(join(root, name)).some((f) => /^hitori_\d+x\d+\.jsonl$/.test(f)))
    .sort();
}

function sizeRange(sizes: readonly string[]): string {
  if (sizes.length <= 2) return sizes.join(', ');
  return `${sizes[0]} .. ${sizes.at(-1)} (${sizes.length} sizes)`;
}

function totals(tallies: readonly SetTally[], label: string, name = ''): string[] {
  const sum = (f: (t: SetTally) => number) => tallies.reduce((s, t) => s + f(t), 0);
  const times = tallies.flatMap((t) => t.times);
  const puzzles = sum((t) => t.puzzles);
  const solved = sum((t) => t.solved);
  const slowest = tallies.reduce((a, b) => (b.slowest.ms > a.slowest.ms ? b : a)).slowest.id;
  return [
    label,
    name,
    String(puzzles),
    String(sum((t) => t.deductions)),
    String(sum((t) => t.cells)),
    String(sum((t) => t.wrongDeductions + t.falseContradictions)),
    `${solved} (${((100 * solved) / puzzles).toFixed(1)}%)`,
    String(sum((t) => t.stuck)),
    String(sum((t) => t.capped)),
    (times.reduce((s, x) => s + x, 0) / 1000).toFixed(1),
    ms(median(times)),
    ms(max(times)),
    slowest,
  ];
}

function main(): void {
  const { values } = parseArgs({
    options: {
      'cap-ms': { type: 'string', default: '60000' },
      dir: { type: 'string', default: join(repoRoot, 'bench', 'sets') },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const capMs = Number(values['cap-ms']);
  if (!Number.isSafeInteger(capMs) || capMs < 1) throw new Error(`--cap-ms must be a positive whole number, got ${values['cap-ms']}`);
  const root = values.dir;
  const wrongs: Wrong[] = [];
  const folders = setFolders(root);
  const runs = configs.map((config) => ({
    config,
    tallies: folders.map((name) => sweepSet(join(root, name), name, capMs, config, wrongs)).filter((t) => t.puzzles > 0),
  }));
  const first = runs[0]!.tallies;
  const head = [
    'set',
    'sizes',
    'puzzles checked',
    'deductions checked',
    'cells checked',
    'wrong',
    'solved by rules',
    'stuck',
    'capped',
    'time s',
    'median ms',
    'max ms',
    'slowest',
  ];
  const right = head.map((_, k) => k >= 2 && k <= 11);
  const setRows = first.map((t) => totals([t], t.name, sizeRange(t.sizes)));
  setRows.push(totals(first, '**all**'));
  const configRows = runs.map(({ config, tallies }) => totals(tallies, config.label).filter((_, k) => k !== 1));
  const puzzles = first.reduce((s, t) => s + t.puzzles, 0);
  const skipped = first.reduce((s, t) => s + t.skipped, 0);
  const capped = runs.reduce((s, r) => s + r.tallies.reduce((x, t) => x + t.capped, 0), 0);
  const where = relative(repoRoot, root) || '.';
  const perTechnique = (tallies: readonly SetTally[]) =>
    techniqueCodes.map((code) => String(tallies.reduce((n, t) => n + (t.byTechnique.get(code) ?? 0), 0)));
  const techniqueRows = runs.map(({ config, tallies }) => [config.name, ...perTechnique(tallies)]);
  const body = `## rules-soundness: every rule-engine deduction against the published solutions

- Command: \`${commandLine('rules-sweep.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}
- Machine: ${describeMachine()}
- Code: ${revision()}
- Sets: every \`${where}/*/hitori_<size>.jsonl\`: ${puzzles} puzzles with a published unique solution checked, ${skipped} without one skipped, ${capped} capped.

**Wrong deductions: ${wrongs.length}.**${wrongs.length === 0 ? ' No deduction contradicts a published solution, in any of the three configurations.' : ''}

Default configuration (every technique, probing included), per set:

${table(head, setRows, right)}

The same puzzles in each configuration swept:

${table(['configuration', ...head.slice(2)], configRows, [false, ...right.slice(2)])}

Deductions checked per technique (knock-on effects as NoB and DoW), which shows what the sweep exercised (a technique with 0 here never fired on these puzzles, in that configuration, and is vouched for only by the unit tests in \`test/rules\`):

${table(['configuration', ...techniqueCodes.map((c) => `\`${c}\``)], techniqueRows, [false, ...techniqueCodes.map(() => true)])}
${wrongs.length === 0 ? '' : `\nWrong deductions:\n\n${wrongs.map((w) => `- ${w.set}, ${w.id} (configuration ${w.config}): ${w.what}`).join('\n')}\n`}`;
  if (values['no-write']) {
    process.stdout.write(`${body}\n`);
  } else {
    writeSection('rules-soundness', body);
    progress('BENCH.md: section rules-soundness written');
  }
  if (wrongs.length > 0) process.exitCode = 1;
}

main();
