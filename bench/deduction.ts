/**
 * The targets of the deduction-first issue, from one run: the default engine (deduction first)
 * against pure SAT in process (`solve` and `rate` requests through `run`), the one-shot CLI
 * against `node -e 0`, the rule engine's slowest bundled puzzle, and the spread of `hitori-sat
 * bench` on a small set. Writes the section `deduction` of BENCH.md (`npm run bench:deduction`,
 * after `npm run build`; run it niced on a quiet machine, it records the load average).
 * `--quick`: two puzzles a set and two rounds of each process, printed and not written (a smoke
 * test of this program; its numbers mean nothing).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { parseBenchSet } from '../src/benchmark/sets.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { run } from '../src/api/node-run.js';
import {
  cliNodeFlags,
  cliPathIn,
  copyOfBuild,
  cliPath,
  commandLine,
  describeMachine,
  max,
  median,
  ms,
  p95,
  processWall,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
  loadAverages,
  puzzleFile,
} from './lib.js';

const quick = process.argv.includes('--quick');
/** Rounds of a whole-process measurement: `--quick` keeps two. */
const rounds = (n: number) => (quick ? 2 : n);
const load = () => loadAverages();
const loadAtStart = load();

function set(path: string): Puzzle[] {
  const puzzles = parseBenchSet(readFileSync(join(repoRoot, 'bench/sets', path), 'utf8'), path).records.map((r) => r.puzzle);
  return quick ? puzzles.slice(0, 2) : puzzles;
}

/**
 * Per puzzle: ms of the engine call for each engine, the median of `reps` paired runs (the two
 * engines alternate, in turn first), after one untimed pass over the set; and how many verdicts
 * the default engine proved by deduction. Pairing puts a burst of load on both engines, and the
 * repeats give a small set (5 puzzles of 48x48) more than five samples.
 */
async function paired(puzzles: readonly Puzzle[], reps: number) {
  for (const p of puzzles) {
    await run({ command: 'solve', puzzle: p, engine: 'hybrid' });
    await run({ command: 'solve', puzzle: p, engine: 'sat' });
  }
  const wall = { hybrid: [] as number[], sat: [] as number[] };
  const cpu = { hybrid: [] as number[], sat: [] as number[] };
  let deduction = 0;
  for (const p of puzzles) {
    const runs = { hybrid: [] as number[], sat: [] as number[] };
    const cpuRuns = { hybrid: [] as number[], sat: [] as number[] };
    for (let k = 0; k < reps; k++) {
      for (const engine of k % 2 === 0 ? (['hybrid', 'sat'] as const) : (['sat', 'hybrid'] as const)) {
        const start = performance.now();
        const used = process.cpuUsage();
        const r = await run({ command: 'solve', puzzle: p, engine });
        const spent = process.cpuUsage(used);
        runs[engine].push(performance.now() - start);
        cpuRuns[engine].push((spent.user + spent.system) / 1000);
        if (engine === 'hybrid' && k === 0 && r.proof === 'deduction') deduction++;
      }
    }
    for (const engine of ['hybrid', 'sat'] as const) {
      wall[engine].push(median(runs[engine]));
      cpu[engine].push(median(cpuRuns[engine]));
    }
  }
  return { hybrid: wall.hybrid, sat: wall.sat, cpuRatio: median(cpu.hybrid) / median(cpu.sat), deduction };
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
const stats = new Map<string, { hybrid: number[]; sat: number[]; cpuRatio: number }>();
for (const name of sets) {
  progress(`in process: ${name}`);
  const puzzles = set(name);
  // At least 25 paired runs per set: a set of 5 gets 5 per puzzle.
  const measured = await paired(puzzles, quick ? 1 : Math.max(1, Math.ceil(25 / puzzles.length)));
  stats.set(name, measured);
  const f = (t: number[]) => `${median(t).toFixed(2)} / ${p95(t).toFixed(2)} / ${max(t).toFixed(1)}`;
  inProcess.push([
    name,
    String(puzzles.length),
    `${measured.deduction}`,
    f(measured.hybrid),
    f(measured.sat),
    (median(measured.hybrid) / median(measured.sat)).toFixed(2),
    measured.cpuRatio.toFixed(2),
  ]);
}

// Whole process, paired: node -e 0, then the solve, alternating, so that load changes hit both.
progress('CLI: paired runs');
const bin = cliPath;
// The same build without its V8 code cache (src/cli/code-cache.cts), to show what the cache saves.
const uncachedRoot = copyOfBuild();
const uncachedBin = cliPathIn(uncachedRoot);
rmSync(join(dirname(uncachedBin), 'solve-only.bundle.cjs.v8cache'));
const wall = processWall;
const bare: number[] = [];
const solve: number[] = [];
const solveSat: number[] = [];
const solveUncached: number[] = [];
for (let k = 0; k < rounds(21); k++) {
  bare.push(wall(['-e', '0']));
  solve.push(wall([bin, 'solve', 'examples/janko-037.txt']));
  solveSat.push(wall([bin, 'solve', 'examples/janko-037.txt', '--engine', 'sat']));
  solveUncached.push(wall([uncachedBin, 'solve', 'examples/janko-037.txt']));
}
rmSync(uncachedRoot, { recursive: true, force: true });
const ratios = solve.map((t, k) => t / bare[k]!);
const ratiosSat = solveSat.map((t, k) => t / bare[k]!);
const ratiosUncached = solveUncached.map((t, k) => t / bare[k]!);

// The rule engine: \`rate\` (the thesis rule set, its default) on every bundled puzzle, once each,
// after an untimed pass over janko's 17x17s; per set, with the grids of 40x40 and more apart.
progress('rate: every bundled puzzle');
const setsDir = join(repoRoot, 'bench/sets');
for (const p of set('janko/hitori_17x17.jsonl')) await run({ command: 'rate', puzzle: p });
// A puzzle that takes over 20 ms is rated four more times: its time is the median of five (wall
// clock and CPU time of the process), so one preemption by other work on the shared machine does
// not decide the verdict.
const rated = new Map<string, { ms: number; cpu: number; id: string; cls: string }[]>();
const timeRate = async (p: Puzzle): Promise<{ ms: number; cpu: number; cls: string }> => {
  const walls: number[] = [];
  const cpus: number[] = [];
  let cls = 'none';
  for (let k = 0; k < 5 && (k === 0 || walls[0]! > 20); k++) {
    const used = process.cpuUsage();
    const start = performance.now();
    const r = await run({ command: 'rate', puzzle: p });
    walls.push(performance.now() - start);
    const spent = process.cpuUsage(used);
    cpus.push((spent.user + spent.system) / 1000);
    cls = r.class ?? 'none';
  }
  return { ms: median(walls), cpu: median(cpus), cls };
};
for (const dir of readdirSync(setsDir).sort()) {
  if (dir.endsWith('.md')) continue;
  for (const file of readdirSync(join(setsDir, dir)).sort()) {
    if (!file.endsWith('.jsonl')) continue;
    const big = /_(\d+)x/.exec(file) !== null && Number(/_(\d+)x/.exec(file)![1]) >= 40;
    const group = big ? `${dir}/${file}` : dir;
    const list = rated.get(group) ?? [];
    rated.set(group, list);
    for (const p of set(`${dir}/${file}`)) list.push({ ...(await timeRate(p)), id: p.id ?? file });
  }
}
const rateRows = [...rated].map(([group, list]) => {
  const times = list.map((x) => x.ms);
  const slowest = list.reduce((a, b) => (b.ms > a.ms ? b : a));
  const cpus = list.map((x) => x.cpu);
  return [group, String(list.length), ms(median(times)), ms(p95(times)), ms(max(times)), ms(max(cpus)), `${slowest.id} (${slowest.cls})`];
});
const allRated = [...rated.values()].flat();
const slowestRated = allRated.reduce((a, b) => (b.ms > a.ms ? b : a));
const overTarget = allRated.filter((x) => x.ms > 100);
const slowestCpu = allRated.reduce((a, b) => (b.cpu > a.cpu ? b : a));
// One-shot: \`hitori-sat rate\` on janko-077 as a whole process, paired with \`node -e 0\`.
const j077File = puzzleFile('janko/hitori_17x17.jsonl', 'janko-077');
const rateBare: number[] = [];
const rateCli: number[] = [];
for (let k = 0; k < rounds(11); k++) {
  rateBare.push(wall(['-e', '0']));
  rateCli.push(wall([bin, 'rate', j077File], [0, 4]));
}

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
for (let k = 0; k < rounds(5); k++) {
  const r = spawnSync(process.execPath, [...cliNodeFlags(bin), bin, 'bench', small, '--json'], { cwd: repoRoot, encoding: 'utf8' });
  benchMedians.push((JSON.parse(r.stdout) as { sets: { medianMs: number }[] }).sets[0]!.medianMs);
}
rmSync(small, { force: true });
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
  [
    '`rate` on every bundled puzzle ≤ 100 ms',
    `max ${ms(slowestRated.ms)} ms (${slowestRated.id}; CPU time max ${ms(slowestCpu.cpu)} ms); ${overTarget.length} of ${allRated.length} over 100 ms`,
    verdict(overTarget.length === 0),
  ],
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

### In process (the \`solve\` request through \`run\`, after one untimed pass over the set)

${table(['set', 'n', 'by deduction', 'hybrid (default)', 'sat', 'median hybrid / sat', 'same, CPU time'], inProcess, [false, true, true, true, true, true, true])}

### Whole process, paired with \`node -e 0\` (wall clock)

${table(
  ['command', 'paired runs', 'median ms', 'median ratio'],
  [
    ['`node -e 0`', String(bare.length), ms(median(bare)), '1.00x'],
    ['`hitori-sat solve examples/janko-037.txt`', String(solve.length), ms(median(solve)), `${median(ratios).toFixed(2)}x`],
    ['the same, `--engine sat`', String(solveSat.length), ms(median(solveSat)), `${median(ratiosSat).toFixed(2)}x`],
    [
      "the same, without the build's code cache",
      String(solveUncached.length),
      ms(median(solveUncached)),
      `${median(ratiosUncached).toFixed(2)}x`,
    ],
    [
      '`hitori-sat rate` of janko-077',
      String(rateCli.length),
      ms(median(rateCli)),
      `${(median(rateCli) / median(rateBare)).toFixed(2)}x (medians; \`node -e 0\` ${ms(median(rateBare))} ms)`,
    ],
  ],
  [false, true, true, true],
)}

### Rule engine: \`rate\` on every bundled puzzle (ms per puzzle; max CPU: the largest CPU time per puzzle)

${table(['set', 'n', 'median', 'p95', 'max', 'max CPU', 'slowest'], rateRows, [false, true, true, true, true, true, false])}

### \`hitori-sat bench\` on an 8-puzzle set (5 duydo-mapO 20x20, 3 janko 17x17), ${benchMedians.length} runs

${table(
  ['run', 'median ms'],
  benchMedians.map((m, k) => [String(k + 1), m.toFixed(3)]),
  [true, true],
)}
`;
if (quick) process.stdout.write(body);
else {
  writeSection('deduction', body);
  progress('wrote the deduction section of BENCH.md');
}
