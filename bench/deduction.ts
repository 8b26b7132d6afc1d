/**
 * The targets of the deduction-first issue, from one run: the default engine (deduction first)
 * against pure SAT in process, the one-shot CLI against `node -e 0`, the rule engine's slowest
 * bundled puzzle, and the spread of `hitori-sat bench` on a small set. Writes the section
 * `deduction` of BENCH.md (`npm run bench:deduction`, after `npm run build`; run it niced on a
 * quiet machine, it records the load average).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseBenchSet } from '../src/bench/sets.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { rate } from '../src/rules/index.js';
import { type Engine, solveWithEngine } from '../src/solve/engines.js';
import { commandLine, describeMachine, max, median, ms, p95, progress, repoRoot, revision, table, timestamp, writeSection } from './lib.js';

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const loadAtStart = load();

function set(path: string): Puzzle[] {
  return parseBenchSet(readFileSync(join(repoRoot, 'bench/sets', path), 'utf8'), path).records.map((r) => r.puzzle);
}

/** Per puzzle: ms of the engine call, after one untimed pass over the set (steady state), and how it was proven. */
async function timed(puzzles: readonly Puzzle[], engine: Engine) {
  for (const p of puzzles) await solveWithEngine(p, { engine });
  const times: number[] = [];
  let deduction = 0;
  for (const p of puzzles) {
    const start = performance.now();
    const r = await solveWithEngine(p, { engine });
    times.push(performance.now() - start);
    if (r.proof === 'deduction') deduction++;
  }
  return { times, deduction };
}

const sets = [
  'janko/hitori_17x17.jsonl',
  'tudelft-gurobi/hitori_17x17.jsonl',
  'tudelft-smt/hitori_17x17.jsonl',
  'tudelft-gurobi/hitori_25x25.jsonl',
  'tudelft-smt/hitori_25x25.jsonl',
  'duydo-mapO/hitori_48x48.jsonl',
  'duydo-mapMyO/hitori_48x48.jsonl',
  'duydo-mapMyO/hitori_50x50.jsonl',
];
const inProcess: string[][] = [];
const stats = new Map<string, { hybrid: number[]; sat: number[] }>();
for (const name of sets) {
  progress(`in process: ${name}`);
  const puzzles = set(name);
  const first = await timed(puzzles, 'hybrid');
  const sat = await timed(puzzles, 'sat');
  stats.set(name, { hybrid: first.times, sat: sat.times });
  const f = (t: number[]) => `${median(t).toFixed(2)} / ${p95(t).toFixed(2)} / ${max(t).toFixed(1)}`;
  inProcess.push([
    name,
    String(puzzles.length),
    `${first.deduction}`,
    f(first.times),
    f(sat.times),
    (median(first.times) / median(sat.times)).toFixed(2),
  ]);
}

// Whole process, paired: node -e 0, then the solve, alternating, so that load changes hit both.
progress('CLI: paired runs');
const bin = join(repoRoot, 'dist/src/cli/hitori-sat.js');
const wall = (args: string[]) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return performance.now() - start;
};
const bare: number[] = [];
const solve: number[] = [];
const solveSat: number[] = [];
for (let k = 0; k < 21; k++) {
  bare.push(wall(['-e', '0']));
  solve.push(wall([bin, 'solve', 'examples/janko-037.txt']));
  solveSat.push(wall([bin, 'solve', 'examples/janko-037.txt', '--engine', 'sat']));
}
const ratios = solve.map((t, k) => t / bare[k]!);
const ratiosSat = solveSat.map((t, k) => t / bare[k]!);

// The rule engine on the hardest bundled puzzle.
progress('rate janko-077');
const j077 = set('janko/hitori_17x17.jsonl').find((p) => p.id === 'janko-077')!;
const rateStart = performance.now();
const rating = rate(j077);
const rateMs = performance.now() - rateStart;

// `hitori-sat bench` on an 8-puzzle set, five runs.
progress('bench: 8-puzzle set, 5 runs');
const small = join(os.tmpdir(), `hitori-bench-8-${process.pid}.jsonl`);
writeFileSync(
  small,
  readFileSync(join(repoRoot, 'bench/sets/duydo-mapO/hitori_20x20.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .concat(
      readFileSync(join(repoRoot, 'bench/sets/janko/hitori_17x17.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(0, 3),
    )
    .slice(0, 8)
    .join('\n'),
);
const benchMedians: number[] = [];
for (let k = 0; k < 5; k++) {
  const r = spawnSync(process.execPath, [bin, 'bench', small, '--json'], { cwd: repoRoot, encoding: 'utf8' });
  benchMedians.push((JSON.parse(r.stdout) as { sets: { medianMs: number }[] }).sets[0]!.medianMs);
}
const mid = median(benchMedians);
const spread = Math.max(...benchMedians.map((m) => Math.abs(m - mid) / mid));

const at = (name: string) => stats.get(name)!;
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
const j17 = at('janko/hitori_17x17.jsonl').hybrid;
const t17 = ['tudelft-gurobi/hitori_17x17.jsonl', 'tudelft-smt/hitori_17x17.jsonl'].map((n) => median(at(n).hybrid));
const t25 = ['tudelft-gurobi/hitori_25x25.jsonl', 'tudelft-smt/hitori_25x25.jsonl'].map((n) => median(at(n).hybrid));
const big = sets.filter((n) => n.startsWith('duydo')).map((n) => median(at(n).hybrid) / median(at(n).sat));
const targets = [
  [
    'default solve, janko 17x17, median / p95 / max ≤ 0.35 / 1.5 / 10 ms',
    `${median(j17).toFixed(2)} / ${p95(j17).toFixed(2)} / ${max(j17).toFixed(1)}`,
    verdict(median(j17) <= 0.35 && p95(j17) <= 1.5 && max(j17) <= 10),
  ],
  ['tudelft 17x17 median ≤ 0.35 ms (gurobi, smt)', t17.map((x) => x.toFixed(2)).join(', '), verdict(t17.every((x) => x <= 0.35))],
  ['tudelft 25x25 median ≤ 1 ms (gurobi, smt)', t25.map((x) => x.toFixed(2)).join(', '), verdict(t25.every((x) => x <= 1))],
  ['48x48 / 50x50 sets no slower than sat (median ratio ≤ 1)', big.map((x) => x.toFixed(2)).join(', '), verdict(big.every((x) => x <= 1))],
  ['`hitori-sat solve examples/janko-037.txt` ≤ 1.3x `node -e 0`', `${median(ratios).toFixed(2)}x`, verdict(median(ratios) <= 1.3)],
  ['`rate` on every bundled puzzle ≤ 100 ms (janko-077, the slowest)', `${ms(rateMs)} ms`, verdict(rateMs <= 100)],
  ['`bench` median of an 8-puzzle set within ±20% over 5 runs', `±${(100 * spread).toFixed(0)}%`, verdict(spread <= 0.2)],
];

const body = `## deduction: deduction first (default engine hybrid) against pure SAT

- Command: \`${commandLine('deduction.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}; load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${load()} at the end. The machine is shared
  with other work (up to eight sessions on two cores), so single timings move; every number is a median or an order statistic
  of one run, and the CLI ratios are paired runs.
- Machine: ${describeMachine()}
- Code: ${revision()}

### Targets of the issue (from this run)

${table(['target', 'measured', 'verdict'], targets)}

### In process (the \`solveWithEngine\` call, after one untimed pass over the set)

Median / p95 / max ms per puzzle; "by deduction": verdicts proven with no SAT call.

${table(['set', 'n', 'by deduction', 'hybrid (default)', 'sat', 'median hybrid / sat'], inProcess, [false, true, true, true, true, true])}

### Whole process: \`hitori-sat solve examples/janko-037.txt\` against \`node -e 0\`

21 paired runs (wall clock): \`node -e 0\` median ${ms(median(bare))} ms; solve (default) median ${ms(median(solve))} ms, median
ratio ${median(ratios).toFixed(2)}x; \`--engine sat\` median ${ms(median(solveSat))} ms, median ratio ${median(ratiosSat).toFixed(2)}x.

### Rule engine

\`rate\` on janko-077 (the hardest bundled puzzle): class ${rating.class ?? 'none'}, ${ms(rateMs)} ms.

### \`hitori-sat bench\` on an 8-puzzle set (5 duydo-mapO 20x20, 3 janko 17x17), five runs

Medians ${benchMedians.map((m) => m.toFixed(2)).join(', ')} ms; largest distance from their median ${(100 * spread).toFixed(0)}%.
`;
writeSection('deduction', body);
progress('wrote the deduction section of BENCH.md');
