/**
 * The rule engine alone (src/rules: techniques and probing, no SAT, no search): how much of the
 * janko set it solves, and how its difficulty classes compare with menneske's own labels.
 * Writes the BENCH.md sections "rules-janko", "rules-menneske" and "rules-big".
 *
 *   npm run build && node dist/bench/rules.js [--no-write] [--only rules-big] [--cap-ms 30000]
 *
 * rules-janko: every janko puzzle with `solveByRules` (default options: every technique, probing
 * included), three technique sets on the 102 17x17 puzzles (no probing; Prob; Prob with Prob-C
 * and Prob-2, the default), the puzzles it cannot solve, and the thesis classes per size. Every
 * deduction is checked against the published solution.
 * rules-menneske: `rate` (the thesis's rule set) on the 2,200 menneske puzzles, the class against
 * menneske's label, and the same with the 2-SAT line solver in place of the Sim-* rules.
 * rules-big: `explain` (every rule set) on the big grids of bench/sets (48x48, 50x50, 120x120),
 * and rule set `all` once more with every Prob-2 probe run (`witnesses: false`, cut at --cap-ms),
 * the way it ran before witnesses.ts, its results compared with the default's.
 * Times are per puzzle, after one untimed warm-up puzzle of each size (and, for the 17x17
 * comparison, an untimed pass over all of them, so that the first configuration is not the one
 * that warms up the JIT).
 * `rate` and `explain` are requests through `run`, as the commands send them; `solveByRules` goes
 * below the door for what no command offers: technique sets without probing, Prob-2 without the
 * witnesses, and every recorded deduction checked against the published solution.
 */
import { Limit } from '../src/control/limit.js';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseJsonLines, type PuzzleRecord } from '../src/formats/json.js';
import { run } from '../src/api/node-run.js';
import { solveByRules, type Level, type RulesOptions, type RulesResult, type TechniqueCode } from '../src/rules/index.js';
import { levelInfo, ruleSets, type RuleSet } from '../src/rules/catalogue.js';
import { levels } from '../src/rules/types.js';
import {
  commandLine,
  describeMachine,
  loadSet,
  max,
  median,
  ms,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
  type SizeGroup,
} from './lib.js';

const menneskeDir = join(repoRoot, 'bench', 'sets', 'menneske');

interface Run {
  readonly id: string;
  readonly result: RulesResult;
  readonly ms: number;
  /** Deductions that contradict the published solution (must be 0). */
  readonly wrong: number;
}

function wrongDeductions(record: PuzzleRecord, result: RulesResult): number {
  const solution = record.solution?.flat();
  if (!solution) return 0;
  let wrong = 0;
  for (const d of result.steps) for (const { cell, colour } of d.cells) if ((solution[cell] === 1 ? 'black' : 'white') !== colour) wrong++;
  if (result.status === 'solved' && result.shading!.some((b, i) => b !== (solution[i] === 1))) wrong++;
  return wrong;
}

function solveAll(group: SizeGroup, options: RulesOptions): Run[] {
  solveByRules(group.records[0]!.puzzle, options); // warm-up, untimed
  return group.records.map((record, k) => {
    const t0 = performance.now();
    const result = solveByRules(record.puzzle, options);
    const elapsed = performance.now() - t0;
    return { id: record.puzzle.id ?? `${group.label}#${k + 1}`, result, ms: elapsed, wrong: wrongDeductions(record, result) };
  });
}

const used = (run: Run, code: TechniqueCode) => run.result.steps.some((d) => d.technique === code);

function timing(runs: readonly Run[]): string[] {
  const times = runs.map((r) => r.ms);
  const slowest = runs.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [ms(median(times)), ms(p95(times)), ms(max(times)), slowest.id];
}

async function jankoSection(): Promise<string> {
  const groups = loadSet();
  const all = ruleSets.all;
  const configs: { label: string; options: RulesOptions }[] = [
    { label: 'techniques up to class F, no probing', options: { maxLevel: 'F' } },
    {
      label: "+ Prob (one-cell probes, the thesis's class G)",
      options: { techniques: all.filter((c) => c !== 'Prob-C' && c !== 'Prob-2') },
    },
    { label: '+ Prob-C and Prob-2 (the default)', options: {} },
  ];
  const big = groups.find((g) => g.label === '17x17')!;
  progress('rules-janko: warm-up pass over the 17x17 puzzles (untimed)');
  for (const record of big.records) solveByRules(record.puzzle);
  const configRows: string[][] = [];
  let defaultRuns: Run[] = [];
  for (const { label, options } of configs) {
    progress(`rules-janko: 17x17, ${label}`);
    const runs = solveAll(big, options);
    const solved = runs.filter((r) => r.result.status === 'solved').length;
    configRows.push([
      label,
      `${solved} / ${runs.length}`,
      `${((100 * solved) / runs.length).toFixed(1)}%`,
      String(runs.reduce((s, r) => s + r.wrong, 0)),
      ...timing(runs),
    ]);
    defaultRuns = runs;
  }
  const unsolved = defaultRuns.filter((r) => r.result.status !== 'solved');
  const sizeRows: string[][] = [];
  let wrongTotal = 0;
  let puzzles = 0;
  for (const group of groups) {
    progress(`rules-janko: ${group.label}, default and rating`);
    const runs = group === big ? defaultRuns : solveAll(group, {});
    const classes = new Map<string, number>();
    for (const record of group.records) {
      const c = (await run({ command: 'rate', puzzle: record.puzzle })).class ?? '-';
      classes.set(c, (classes.get(c) ?? 0) + 1);
    }
    wrongTotal += runs.reduce((s, r) => s + r.wrong, 0);
    puzzles += runs.length;
    sizeRows.push([
      group.label,
      String(runs.length),
      String(runs.filter((r) => r.result.status === 'solved').length),
      String(runs.filter((r) => used(r, 'Prob') || used(r, 'Prob-C') || used(r, 'Prob-2')).length),
      String(runs.filter((r) => used(r, 'Prob-C') || used(r, 'Prob-2')).length),
      ...timing(runs),
      [...levels, '-'].map((c) => classes.get(c) ?? 0).join(' / '),
    ]);
  }
  const rate17 = configRows[2]!;
  return `## rules-janko: the rule engine alone on the janko set

- Command: \`${commandLine('rules.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}
- Machine: ${describeMachine()}
- Code: ${revision()}
- Set: \`bench/sets/janko\`, ${puzzles} puzzles; deductions contradicting a published solution: **${wrongTotal}**.

**17x17: ${rate17[1]} solved (${rate17[2]}) with the default techniques.**${unsolved.length === 0 ? '' : ` Not solved: ${unsolved.map((r) => `${r.id} (${r.result.status}, ${r.result.board.unknownCount} of 289 cells left)`).join(', ')}.`}

| 17x17, techniques | solved | rate | wrong deductions | median ms | p95 ms | max ms | slowest |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${configRows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

Every size, default techniques; "probing" counts the puzzles that needed a probe, "deep" those that needed Prob-C or Prob-2; "classes" is the thesis class (\`rate\`, the thesis's rule set: no 2-SAT) as A / B / C / D / E / F / G / unsolved.

| size | puzzles | solved | probing | deep | median ms | p95 ms | max ms | slowest | classes A / B / C / D / E / F / G / - |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |
${sizeRows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`;
}

const labels = ['Super easy', 'Pretty easy', 'Easy', 'Medium', 'Hard', 'Very Hard'];

interface Rated {
  readonly label: string;
  readonly size: string;
  readonly cls: Level | null;
  readonly steps: number;
  readonly ms: number;
  readonly wrong: number;
}

async function rateAll(groups: readonly SizeGroup[], ruleSet: RuleSet): Promise<Rated[]> {
  const out: Rated[] = [];
  for (const group of groups) {
    progress(`rules-menneske: ${group.label}, rule set ${ruleSet}`);
    await run({ command: 'rate', puzzle: group.records[0]!.puzzle, techniques: ruleSet }); // warm-up
    for (const record of group.records) {
      const t0 = performance.now();
      const r = await run({ command: 'rate', puzzle: record.puzzle, techniques: ruleSet });
      const elapsed = performance.now() - t0;
      out.push({
        label: record.difficulty ?? '(none)',
        size: group.label,
        cls: r.class,
        steps: r.steps,
        ms: elapsed,
        wrong: wrongDeductions(record, r.result),
      });
    }
  }
  return out;
}

function crossTable(rated: readonly Rated[]): string {
  const cols = [...levels, null];
  const head = ['menneske label', ...levels.map((l) => `${l}`), 'unsolved', 'total'];
  const rows = labels
    .filter((label) => rated.some((r) => r.label === label))
    .map((label) => {
      const mine = rated.filter((r) => r.label === label);
      return [label, ...cols.map((c) => String(mine.filter((r) => r.cls === c).length)), String(mine.length)];
    });
  rows.push(['total', ...cols.map((c) => String(rated.filter((r) => r.cls === c).length)), String(rated.length)]);
  return table(
    head,
    rows,
    head.map((_, k) => k > 0),
  );
}

async function menneskeSection(): Promise<string> {
  const groups = loadSet(menneskeDir);
  const t0 = performance.now();
  const thesis = await rateAll(groups, 'thesis');
  const twoSat = await rateAll(groups, 'two-sat');
  const wall = (performance.now() - t0) / 1000;
  const wrong = thesis.reduce((s, r) => s + r.wrong, 0) + twoSat.reduce((s, r) => s + r.wrong, 0);
  const sizeRows = groups.map((g) => {
    const mine = thesis.filter((r) => r.size === g.label);
    return [
      g.label,
      String(mine.length),
      ...levels.map((l) => String(mine.filter((r) => r.cls === l).length)),
      String(mine.filter((r) => r.cls === null).length),
      ms(median(mine.map((r) => r.ms))),
      ms(p95(mine.map((r) => r.ms))),
      ms(max(mine.map((r) => r.ms))),
    ];
  });
  const stepRows = levels
    .filter((l) => thesis.some((r) => r.cls === l))
    .map((l) => {
      const mine = thesis.filter((r) => r.cls === l).map((r) => r.steps);
      return [
        `${l} (${levelInfo[l].name})`,
        levelInfo[l].steps,
        String(mine.length),
        (mine.reduce((s, x) => s + x, 0) / mine.length).toFixed(2),
        String(median(mine)),
        String(max(mine)),
      ];
    });
  return `## rules-menneske: difficulty classes against menneske's labels

- Command: \`${commandLine('rules.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}
- Machine: ${describeMachine()}
- Code: ${revision()}
- Set: \`bench/sets/menneske\`, ${thesis.length} puzzles (5x5, 6x6, 12x12); deductions contradicting a published solution: **${wrong}**; whole run ${wall.toFixed(1)} s.

Thesis rule set (the Sim-* line rules, no 2-SAT), rows menneske's label, columns the class:

${crossTable(thesis)}

With the 2-SAT line solver in place of the Sim-* rules (the thesis's "SAT-based" classification):

${crossTable(twoSat)}

Per size (thesis rule set), with the time of one \`rate\` call (a solve, and for classes B, C and E two more sweep-counting runs):

${table(['size', 'puzzles', ...levels, 'unsolved', 'median ms', 'p95 ms', 'max ms'], sizeRows, [false, ...Array<boolean>(12).fill(true)])}

Steps within each class (thesis rule set):

${table(['class', 'steps measure', 'puzzles', 'mean', 'median', 'max'], stepRows, [false, false, true, true, true, true])}`;
}

/** The big sets of rules-big: grids where the rules get stuck (most have several solutions), and one they solve. */
const bigSets = [
  'duydo-mapO/hitori_48x48.jsonl',
  'duydo-mapMyO/hitori_48x48.jsonl',
  'duydo-mapMyO/hitori_50x50.jsonl',
  'generated/hitori_120x120.jsonl',
] as const;

interface BigRun {
  readonly ms: number;
  readonly result: RulesResult;
}

/** What must not change between two runs of the engine: the verdict, every step, the final board, the class and the probe counts. */
function outcomeKey(r: RulesResult): string {
  const steps = r.steps.map((d) => `${d.technique} ${JSON.stringify(d.cells)} ${d.weight ?? ''} ${d.reason}`).join('\n');
  return `${r.status} ${r.hardest} ${r.probesTried} ${r.probeClassSum} ${r.board.cells().join('')}\n${steps}`;
}

async function bigSection(capMs: number): Promise<string> {
  const t0 = performance.now();
  const loadBefore = loadavg()[0]!;
  const rows: string[][] = [];
  let same = 0;
  let compared = 0;
  let cut = 0;
  for (const set of bigSets) {
    const records = parseJsonLines(readFileSync(join(repoRoot, 'bench', 'sets', set), 'utf8'));
    // Untimed warm-up: the smallest puzzle of the set, each rule set.
    const explain = async (puzzle: PuzzleRecord['puzzle'], techniques: RuleSet) =>
      (await run({ command: 'explain', puzzle, techniques })).result;
    for (const ruleSet of ['all', 'thesis', 'two-sat'] as const) await explain(records[0]!.puzzle, ruleSet);
    const runs = async (label: string, solve: (p: PuzzleRecord['puzzle']) => RulesResult | Promise<RulesResult>): Promise<BigRun[]> => {
      progress(`rules-big: ${set}, ${label}`);
      const out: BigRun[] = [];
      for (const record of records) {
        const start = performance.now();
        const result = await solve(record.puzzle);
        out.push({ ms: performance.now() - start, result });
      }
      return out;
    };
    const after = await runs('all', (p) => explain(p, 'all'));
    const before = await runs(`all without witnesses (cap ${capMs} ms)`, (p) =>
      solveByRules(p, { techniques: 'all', witnesses: false, limit: Limit.after(capMs) }),
    );
    const others: (readonly [RuleSet, BigRun[]])[] = [];
    for (const ruleSet of ['thesis', 'two-sat'] as const) others.push([ruleSet, await runs(ruleSet, (p) => explain(p, ruleSet))]);
    before.forEach((b, k) => {
      if (b.result.timedOut) {
        cut++;
        return;
      }
      compared++;
      if (outcomeKey(b.result) === outcomeKey(after[k]!.result)) same++;
    });
    const statuses = (rs: readonly BigRun[]) => {
      const count = (s: string) => rs.filter((r) => r.result.status === s).length;
      return ['solved', 'stuck', 'contradiction'].map(count).join(' / ');
    };
    const row = (label: string, rs: readonly BigRun[]) => {
      const times = rs.map((r) => r.ms);
      const timedOut = rs.filter((r) => r.result.timedOut).length;
      return [set, label, String(rs.length), statuses(rs), String(timedOut), ms(median(times)), ms(max(times))];
    };
    rows.push(
      row('all (explain default)', after),
      row('all, every Prob-2 probe run (before)', before),
      ...others.map(([ruleSet, rs]) => row(ruleSet, rs)),
    );
  }
  const wall = (performance.now() - t0) / 1000;
  return `## rules-big: explain on the big grids, every rule set

- Command: \`${commandLine('rules.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}
- Machine: ${describeMachine()}
- Code: ${revision()}
- The two \`all\` runs agree on every puzzle the "before" run finished: **${same} of ${compared} identical** (verdict, every step with its reason and weight, final board, class, probe counts); ${cut} cut by the cap. Whole run ${wall.toFixed(1)} s; load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (the machine has ${cpus().length} cores: a load above 1 means the times include waits for a core).

${table(['set', 'rule set', 'puzzles', 'solved / stuck / contradiction', 'timed out', 'median ms', 'max ms'], rows, [false, false, true, false, true, true, true])}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-write': { type: 'boolean', default: false },
      only: { type: 'string' },
      'cap-ms': { type: 'string', default: '30000' },
    },
  });
  const only = values.only;
  const sections: [string, () => Promise<string>][] = [
    ['rules-janko', jankoSection],
    ['rules-menneske', menneskeSection],
    ['rules-big', () => bigSection(Number(values['cap-ms']))],
  ];
  for (const [name, make] of sections) {
    if (only !== undefined && only !== name) continue;
    const text = await make();
    if (values['no-write']) process.stdout.write(`${text}\n\n`);
    else {
      writeSection(name, text);
      progress(`BENCH.md: section ${name} written`);
    }
  }
}

await main();
