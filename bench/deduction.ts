/**
 * The targets of the deduction-first issue, from one run: the default engine (deduction first)
 * against pure SAT in process, the one-shot CLI against `node -e 0`, the rule engine's slowest
 * bundled puzzle, and the spread of `hitori-sat bench` on a small set. Writes the section
 * `deduction` of BENCH.md (`npm run bench:deduction`, after `npm run build`; run it niced on a
 * quiet machine, it records the load average).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { parseBenchSet } from '../src/bench/sets.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { rate } from '../src/rules/index.js';
import { solveWithEngine } from '../src/solve/engines.js';
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
} from './lib.js';

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const loadAtStart = load();

function set(path: string): Puzzle[] {
  return parseBenchSet(readFileSync(join(repoRoot, 'bench/sets', path), 'utf8'), path).records.map((r) => r.puzzle);
}

/**
 * Per puzzle: ms of the engine call for each engine, the median of `reps` paired runs (the two
 * engines alternate, in turn first), after one untimed pass over the set; and how many verdicts
 * the default engine proved by deduction. Pairing puts a burst of load on both engines, and the
 * repeats give a small set (5 puzzles of 48x48) more than five samples.
 */
async function paired(puzzles: readonly Puzzle[], reps: number) {
  for (const p of puzzles) {
    await solveWithEngine(p, { engine: 'hybrid' });
    await solveWithEngine(p, { engine: 'sat' });
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
        const r = await solveWithEngine(p, { engine });
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
  const run = await paired(puzzles, Math.max(1, Math.ceil(25 / puzzles.length)));
  stats.set(name, run);
  const f = (t: number[]) => `${median(t).toFixed(2)} / ${p95(t).toFixed(2)} / ${max(t).toFixed(1)}`;
  inProcess.push([
    name,
    String(puzzles.length),
    `${run.deduction}`,
    f(run.hybrid),
    f(run.sat),
    (median(run.hybrid) / median(run.sat)).toFixed(2),
    run.cpuRatio.toFixed(2),
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
for (let k = 0; k < 21; k++) {
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
for (const p of set('janko/hitori_17x17.jsonl')) rate(p);
// A puzzle that takes over 20 ms is rated four more times: its time is the median of five (wall
// clock and CPU time of the process), so one preemption by other work on the shared machine does
// not decide the verdict.
const rated = new Map<string, { ms: number; cpu: number; id: string; cls: string }[]>();
const timeRate = (p: Puzzle): { ms: number; cpu: number; cls: string } => {
  const walls: number[] = [];
  const cpus: number[] = [];
  let cls = 'none';
  for (let k = 0; k < 5 && (k === 0 || walls[0]! > 20); k++) {
    const used = process.cpuUsage();
    const start = performance.now();
    const r = rate(p);
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
    for (const p of set(`${dir}/${file}`)) list.push({ ...timeRate(p), id: p.id ?? file });
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
const j077File = join(os.tmpdir(), `hitori-rate-077-${process.pid}.json`);
writeFileSync(
  j077File,
  readFileSync(join(setsDir, 'janko/hitori_17x17.jsonl'), 'utf8')
    .split('\n')
    .find((line) => line.includes('"janko-077"'))!,
);
const rateBare: number[] = [];
const rateCli: number[] = [];
for (let k = 0; k < 11; k++) {
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
for (let k = 0; k < 5; k++) {
  const r = spawnSync(process.execPath, [...cliNodeFlags(bin), bin, 'bench', small, '--json'], { cwd: repoRoot, encoding: 'utf8' });
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

### In process (the \`solveWithEngine\` call, after one untimed pass over the set)

Median / p95 / max over the puzzles of each puzzle's median ms, from paired runs (the engines alternate, each in turn first;
at least 25 pairs per set, so 5 per puzzle on the sets of 5); the CPU column is the same ratio in CPU time of the process,
which preemption by other work does not inflate. "By deduction": verdicts proven with no SAT call.

${table(['set', 'n', 'by deduction', 'hybrid (default)', 'sat', 'median hybrid / sat', 'same, CPU time'], inProcess, [false, true, true, true, true, true, true])}

### Whole process: \`hitori-sat solve examples/janko-037.txt\` against \`node -e 0\`

21 paired runs (wall clock): \`node -e 0\` median ${ms(median(bare))} ms; solve (default) median ${ms(median(solve))} ms, median
ratio ${median(ratios).toFixed(2)}x; \`--engine sat\` median ${ms(median(solveSat))} ms, median ratio ${median(ratiosSat).toFixed(2)}x;
the default solve without the build's code cache median ${ms(median(solveUncached))} ms, median ratio ${median(ratiosUncached).toFixed(2)}x.

How it got there from 1.55x (2026-11-23; 31 paired runs at load 1-2 against the previous build: 1.57x before, 1.29x
CommonJS without the cache, 1.21x with it). A CPU profile of the old start-up put about half the time over \`node -e 0\`
into Node loading its own modules that a solve never uses: \`child_process\` with \`net\` and \`dgram\` (commander requires it
as it loads, to run executable subcommands), \`v8\` with the streams (to set a wasm flag that only the SAT engine wants),
\`fs/promises\` with readline (to write output files), stderr's stream (to ask whether to draw progress), and the ES module
loader itself (the bin was an ES module). Now the bin is CommonJS (src/cli/hitori-sat.cts) and runs \`solve\` from one
CommonJS bundle of the solve command that gets each of those only on use. Then a V8 code cache of that bundle, made by the
build (src/cli/code-cache.cts: Node 20 has no module compile cache, \`module.enableCompileCache\` is Node 22.1), saves
parsing and compiling the functions a solve runs. Tried before and not kept: V8 flags (\`--max-lazy\` 1.75x, \`--no-opt\`
1.69x, \`--min-semi-space-size=16\` 1.58x, \`--single-threaded-gc\` 1.58x, against 1.56x without) and a startup snapshot
(it needs \`--snapshot-blob <absolute path>\` on Node's command line, which the \`#!/usr/bin/env -S node\` line cannot give).
Still loaded and not needed: \`perf_hooks\` (the engines' \`performance.now()\`, about 0.7 ms).

### Rule engine: \`rate\` on every bundled puzzle

\`rate\` (the thesis rule set) in process, after an untimed pass over janko's 17x17s; ms per puzzle (a puzzle over 20 ms: the
median of five runs), per set, the grids of 40x40 and more apart; max CPU is the largest CPU time of the process per puzzle
(which preemption by other work does not inflate); the slowest with its class (none: the rules get stuck).

${table(['set', 'n', 'median', 'p95', 'max', 'max CPU', 'slowest'], rateRows, [false, true, true, true, true, true, false])}

Over 100 ms: ${overTarget.length === 0 ? 'none' : overTarget.map((x) => `${x.id} ${ms(x.ms)} (CPU ${ms(x.cpu)})`).join(', ')}.

Before the probes' trial bases (src/rules/trial-base.ts; this section at commit 162ecf2, each puzzle once, load 2.7-3.2): the
three sets of 48x48 and 50x50 grids took 30-1557 ms per puzzle, 18 of their 20 puzzles over 100 ms (duydo-mapO 48x48 median
1111 ms); the results are the same byte for byte (class, steps, stuck grid, every step and probe chain of \`rate\` and
\`explain\` JSON, on every bundled puzzle).

One-shot \`hitori-sat rate\` of janko-077 as a whole process, 11 paired runs: median ${ms(median(rateCli))} ms against
${ms(median(rateBare))} ms for \`node -e 0\`.

### \`hitori-sat bench\` on an 8-puzzle set (5 duydo-mapO 20x20, 3 janko 17x17), five runs

Medians ${benchMedians.map((m) => m.toFixed(3)).join(', ')} ms; largest distance from their median ${(100 * spread).toFixed(0)}%.

The puzzles solved in under a millisecond are timed again after the set, in passes over all of them for at least a second
(at least five passes), and each keeps its median over the passes (src/bench/pool.ts, worker.ts). Until 2026-11-23 each was
timed five times in a row instead, and the medians of this set fell in two groups, about 0.12 and 0.2 ms (ten runs: five of
each). Not the JIT: \`--trace-opt --trace-deopt\` listed the same optimisations and deoptimisations in 5 slow and 15 fast
runs. What was found, by timelines of every solve in one process and in the bench's worker:
- The garbage collector (fixed). A solve made 28 typed arrays (the deduction core's, the line mates', the articulation
  search's, the checker's), each a backing store outside V8's heap, which V8 frees on a background thread after the next
  scavenge (one every 10-25 ms of solving). While it freed a few thousand, the next 15-17 solves ran 1.4-2x slower (3 s
  timelines, 100-160 scavenges each, the machine otherwise idle; 1.00x with \`--no-concurrent-array-buffer-sweeping\`), so a
  timed stretch that began near a scavenge was slow on most of its puzzles. A solve now makes three (one buffer each for the
  core's arrays, the search's and the line mates'; their working arrays and the checker's are kept from call to call) and
  allocates 17 KB instead of 92 KB on a 20x20; the solves after a scavenge run at 1.00-1.01x.
- The timing method (fixed). Five timings of one puzzle in a row fall within half a millisecond, so whatever slows the
  machine then slows all five, and they train the processor on that one puzzle (its times fall from about 0.17 to 0.10 ms on
  a 20x20), where a set's puzzles come one after another. In a script that warms up as the bench does, both methods in each
  of 20 processes: five in a row gave set medians of 0.068-0.120 ms (±58%), passes for 300 ms 0.093-0.109 ms (±14%). The
  passes' median is the higher one: it is the time of a puzzle solved among others. The bench itself, runs of the old and
  new code alternating (2026-11-23 19:22-19:30, load 1.4-5): windows of five consecutive runs within ±20% were 35 of 64 for
  five in a row, 98 of 128 for 300 ms of passes (8 of 160 runs 1.3x the median or more) and 59 of 64 for a second of passes
  (1 of 80).
- The machine (not in our hands). This virtual machine shares its host: in some stretches of minutes the same code runs
  1.3-1.5x slower for a second or more at a time, in whole runs. In one (19:30-19:33) the old code's runs fell into the two
  groups again (0.12 and 0.2 ms; 2 of 32 windows within ±20%) and the new code's into 0.107 and 0.15 ms (7 of 32), while a
  pointer chase in C outside Node, run between the bench runs on the otherwise idle machine, took 1.67 ns per load on 32 KB,
  5.4 on 256 KB and 15.8 on 1 MB (medians), against 1.40, 4.38 and 9.3 half an hour earlier, and a multiply chain 9%
  longer. The target holds when the five runs fall outside such a stretch.
`;
writeSection('deduction', body);
progress('wrote the deduction section of BENCH.md');
