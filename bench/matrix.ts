/**
 * `npm run bench` (`node dist/bench/matrix.js`): the standard benchmark matrix. Writes the
 * BENCH.md sections "matrix", "matrix-jobs", "matrix-cli" and "matrix-native".
 *
 *   node dist/bench/matrix.js [--layered-limit N] [--jobs-rounds N] [--cli-runs N] [--no-native] [--no-write] [--quick]
 *
 * matrix: `hitori-sat bench` (the built command, one process per set and configuration, one
 * worker) on the sets of bench/sets from 9x9 to 30x30, for cadical and minisat, with lazy and
 * layered connectivity; layered runs take the first N (20) puzzles of a set and stop at 25x25.
 * The 48x48 and 50x50 sets (two or more solutions: find one, decide it is not unique) run on
 * cadical with lazy connectivity only.
 *
 * matrix-jobs: all janko 17x17 with --jobs 1 and --jobs 2, alternating, puzzles per second.
 *
 * matrix-cli: the wall time of one `hitori-sat solve` process on a 17x17, against `node -e 0`.
 *
 * matrix-native: the complete layered CNF (`encodeHitori` with connectivity `layers` + `toDimacs`,
 * what `hitori-sat dimacs` writes) of every janko 17x17, solved by the Debian `cadical` and
 * `minisat` binaries when they are on the PATH; and the size of the CNF per puzzle size.
 *
 * --quick makes every part small (a smoke test of this program); its numbers mean nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { blockingClause, encodeHitori } from '../encodings/index.js';
import { defaultWarmup, defaultWarmupBudgetMs } from '../src/bench/run-set.js';
import { parseBenchSet, type BenchSet } from '../src/bench/sets.js';
import { parseSolverOutput, toDimacs } from '../src/sat/dimacs.js';
import type { BenchJson } from '../src/bench/run-set.js';
import { levels, rate } from '../src/rules/index.js';
import {
  commandLine,
  count,
  describeMachine,
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
} from './lib.js';

/**
 * The command measured: a copy of dist/ taken when the run starts (with package.json and a link
 * to node_modules), so that a rebuild of dist/ during the run cannot change the code measured.
 */
let cliPath = join(repoRoot, 'dist', 'src', 'cli', 'hitori-sat.js');

function snapshotDist(): () => void {
  const root = mkdtempSync(join(os.tmpdir(), 'hitori-matrix-dist-'));
  cpSync(join(repoRoot, 'dist'), join(root, 'dist'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  cliPath = join(root, 'dist', 'src', 'cli', 'hitori-sat.js');
  return () => rmSync(root, { recursive: true, force: true });
}
const backends = ['cadical', 'minisat'] as const;
const connectivities = ['lazy', 'layers'] as const;
type Backend = (typeof backends)[number];
type Connectivity = (typeof connectivities)[number];
/** A per-puzzle time limit for every run: a safety net, far above any expected time. */
const safetyTimeoutMs = 120_000;

interface SetSpec {
  readonly set: string;
  readonly rows: number;
  readonly cols: number;
}
const spec = (set: string, size: number): SetSpec => ({ set, rows: size, cols: size });
const sizeLabel = (s: SetSpec) => `${s.rows}x${s.cols}`;
const setPath = (s: SetSpec) => `bench/sets/${s.set}/hitori_${sizeLabel(s)}.jsonl`;
const setLabel = (s: SetSpec) => `${s.set} ${sizeLabel(s)}`;

/** 9x9 to 30x30, in size order. */
const standardSets: SetSpec[] = [
  spec('janko', 9),
  spec('janko', 10),
  spec('janko', 12),
  spec('janko', 15),
  spec('janko', 17),
  spec('tudelft-gurobi', 17),
  spec('tudelft-smt', 17),
  spec('tudelft-gurobi', 20),
  spec('tudelft-smt', 20),
  spec('tudelft-gurobi', 25),
  spec('tudelft-smt', 25),
  spec('duydo-mapI', 30),
];
/** Two or more solutions each; cadical + lazy only. */
const bigSets: SetSpec[] = [spec('duydo-mapMyO', 48), spec('duydo-mapO', 48), spec('duydo-mapMyO', 50)];
/** Layered connectivity stops here (above, one layered solve takes seconds). */
const layeredMaxSize = 25;
const jobsSet = spec('janko', 17);
const cliPuzzle = 'examples/janko-037.txt';

/** One entry of `hitori-sat bench --json`. */
type SetJson = BenchJson['sets'][number];

interface BenchRun {
  readonly spec: SetSpec;
  readonly backend: Backend;
  readonly connectivity: Connectivity;
  readonly jobs: number;
  readonly limit: number | undefined;
  readonly result: SetJson;
  readonly exitCode: number;
  /** Why each failure failed (the command's stderr lines). */
  readonly reasons: string[];
}

/**
 * Runs `hitori-sat bench <set> --json` in its own process; with `repeat` > 1 the set is given
 * that many times (one entry each, all in the one process) and `repeats` holds every entry.
 */
function bench(
  s: SetSpec,
  backend: Backend,
  connectivity: Connectivity,
  jobs: number,
  limit: number | undefined,
  repeat = 1,
  engine = 'sat',
): BenchRun & { repeats: SetJson[] } {
  const args = [
    cliPath,
    'bench',
    ...Array.from({ length: repeat }, () => setPath(s)),
    '--json',
    '--engine',
    engine,
    '--backend',
    backend,
    '--connectivity',
    connectivity,
    '--jobs',
    String(jobs),
    '--timeout',
    String(safetyTimeoutMs),
  ];
  if (limit !== undefined) args.push('--limit', String(limit));
  const child = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 30 * 60_000 });
  const code = child.status ?? -1;
  let repeats: SetJson[] = [];
  try {
    repeats = (JSON.parse(child.stdout) as { sets: SetJson[] }).sets;
  } catch {
    repeats = [];
  }
  const result = repeats[0];
  if (child.error || ![0, 1, 3, 4, 5].includes(code) || result === undefined || repeats.length !== repeat) {
    throw new Error(
      `hitori-sat ${args.slice(1).join(' ')} failed (exit ${code}${child.error ? `, ${child.error.message}` : ''}): ${child.stderr.trim().split('\n')[0] ?? ''}`,
    );
  }
  const reasons = child.stderr
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/^hitori-sat: /, ''));
  const run = { spec: s, backend, connectivity, jobs, limit, result, exitCode: code, reasons, repeats };
  progress(
    `  ${setLabel(s).padEnd(21)} ${backend.padEnd(7)} ${connectivity.padEnd(6)} jobs ${jobs}: ${result.correct}/${result.n} correct, median ${ms(result.medianMs)} ms, ` +
      `p95 ${ms(result.p95Ms)} ms, max ${ms(result.maxMs)} ms, ${result.perSecond.toFixed(1)}/s, ${result.peakRssMiB.toFixed(0)} MiB` +
      (reasons.length > 0 ? `; ${reasons.length} failure(s): ${reasons[0]}` : ''),
  );
  return run;
}

interface Context {
  readonly command: string;
  readonly started: Date;
  readonly code: string;
  readonly loadStart: number;
}

function head(title: string, ctx: Context): string[] {
  return [
    title,
    '',
    `- Command: \`${ctx.command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(ctx.started)}`,
    `- Machine: ${describeMachine()}; load average (1 min) ${ctx.loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} when this part ended`,
    `- Code: ${ctx.code}`,
  ];
}

/** Median (p95), and how many were correct when not all. */
const cell = (r: BenchRun | undefined) =>
  r === undefined
    ? '-'
    : `${ms(r.result.medianMs)} (${ms(r.result.p95Ms)})${r.result.correct < r.result.n ? `, only ${r.result.correct}/${r.result.n} correct` : ''}`;

/**
 * The failures of each run, grouped by kind (the reason with its puzzle and numbers taken out),
 * each kind with its count and one full example.
 */
function failureList(runs: readonly BenchRun[]): string {
  const lines: string[] = [];
  for (const r of runs) {
    const kinds = new Map<string, string[]>();
    for (const reason of r.reasons) {
      const kind = reason.replace(/^.*?, line \d+( \([^)]*\))?: /, '').replace(/\d+/g, '#');
      kinds.set(kind, [...(kinds.get(kind) ?? []), reason]);
    }
    for (const examples of kinds.values()) {
      lines.push(
        `- ${r.backend} + ${r.connectivity}, ${setLabel(r.spec)}: ${examples.length} of ${r.result.n}${examples.length > 1 ? ', for example' : ''}: ${examples[0]}`,
      );
    }
  }
  return lines.length === 0
    ? 'Failures: none; every answer was correct.'
    : `Failures, with the reason the command gave:\n\n${lines.join('\n')}`;
}

function matrixSection(runs: BenchRun[], big: BenchRun[], layeredLimit: number, capacity: Capacity, ctx: Context): string {
  const find = (s: SetSpec, b: Backend, c: Connectivity) => runs.find((r) => r.spec === s && r.backend === b && r.connectivity === c);
  const pivot = standardSets.map((s) => {
    const lazy = find(s, 'cadical', 'lazy');
    const layered = find(s, 'cadical', 'layers');
    return [
      setLabel(s),
      `${lazy?.result.n ?? '-'} / ${layered?.result.n ?? '-'}`,
      cell(lazy),
      cell(find(s, 'minisat', 'lazy')),
      cell(layered),
      cell(find(s, 'minisat', 'layers')),
    ];
  });
  const every = [...runs, ...big].map((r) => [
    setLabel(r.spec),
    r.backend,
    r.connectivity,
    String(r.result.n),
    String(r.result.correct),
    ms(r.result.medianMs),
    ms(r.result.p95Ms),
    ms(r.result.maxMs),
    r.result.perSecond.toFixed(1),
    r.result.peakRssMiB.toFixed(0),
  ]);
  const bigRows = big.map((r) => [
    setLabel(r.spec),
    String(r.result.n),
    String(r.result.correct),
    ms(r.result.medianMs),
    ms(r.result.p95Ms),
    ms(r.result.maxMs),
    r.result.perSecond.toFixed(1),
    r.result.peakRssMiB.toFixed(0),
  ]);
  const minisat25 = runs.filter((r) => r.backend === 'minisat' && r.connectivity === 'layers' && r.spec.rows === 25);
  const tried25 = minisat25.reduce((sum, r) => sum + r.result.n, 0);
  const fit25 = minisat25.reduce((sum, r) => sum + r.result.correct, 0);
  const total = [...runs, ...big].reduce((sum, r) => sum + r.result.n, 0);
  const correct = [...runs, ...big].reduce((sum, r) => sum + r.result.correct, 0);
  return [
    ...head('## matrix: solve and prove, backend x connectivity, 9x9 to 50x50', ctx),
    `- Method: every row is one process of the built command (run from a copy of \`dist/\` taken when the run started, so that a rebuild during the run cannot change the code measured), \`hitori-sat bench bench/sets/<set>/hitori_<size>.jsonl --json --backend B --connectivity C --jobs 1 --timeout ${safetyTimeoutMs}\` (the time limit is only a safety net). A puzzle's time is the whole \`solveHitori\` call in the worker thread (encode, create the backend, solve, prove uniqueness with the solution blocked, dispose), after an untimed warm-up in the worker (up to ${defaultWarmup} of the smallest puzzles of the set, or ${defaultWarmupBudgetMs / 1000} s). An answer is correct when every shading passes the independent checker and the verdict is \`unique\` with the published solution (or, where the set gives only a count, \`none\`/\`unique\`/\`multiple\` as counted). Peak RSS: \`process.resourceUsage().maxRSS\` of that process (main thread and worker, warm-up included).`,
    `- Sets: \`bench/sets\` (sources in \`bench/sets/README.md\`): janko 9x9 to 17x17, tudelft-gurobi and tudelft-smt 17x17, 20x20, 25x25, duydo-mapI 30x30; lazy connectivity runs every puzzle of each set (all 102 janko 17x17, all 100 + 150 tudelft 17x17).`,
    `- Layered connectivity (the complete distance-layer CNF) is slow on big grids, so its runs take only the first ${layeredLimit} puzzles of each set (file order) and stop at ${layeredMaxSize}x${layeredMaxSize}: no layered run on duydo-mapI 30x30. MiniSat's fixed 64 MiB heap held ${fit25} of the ${tried25} layered 25x25 CNFs tried; a CNF that does not fit fails with the backend's error (below), not with a wrong answer, and its time is the time until that error.`,
    `- Cores free at the start of the run: ${capacityText(capacity)}; the machine is shared, so other work may slow any row (see matrix-jobs).`,
    `- 48x48 and 50x50 (duydo-mapMyO, duydo-mapO; two or more solutions each): cadical + lazy only; the task is to find a solution and show a second (verdict \`multiple\`), both checked.`,
    '',
    `**${correct} / ${total} answers correct** over all runs. ${failureList([...runs, ...big])}`,
    '',
    '### Median ms per puzzle (p95 in parentheses), one worker',
    '',
    'Each cell: median and p95 of the per-puzzle times of one run; every answer correct unless the cell says otherwise.',
    '',
    table(['set', 'puzzles (lazy / layered)', 'cadical, lazy', 'minisat, lazy', 'cadical, layers', 'minisat, layers'], pivot, [
      false,
      true,
      true,
      true,
      true,
      true,
    ]),
    '',
    '### 48x48 and 50x50, cadical + lazy: a solution and a second one',
    '',
    table(['set', 'puzzles', 'correct (multiple)', 'median ms', 'p95 ms', 'max ms', 'puzzles/s', 'peak RSS MiB'], bigRows, [
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]),
    '',
    '### Every run',
    '',
    table(['set', 'backend', 'connectivity', 'puzzles', 'correct', 'median ms', 'p95 ms', 'max ms', 'puzzles/s', 'peak RSS MiB'], every, [
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]),
    '',
  ].join('\n');
}

/** A CPU-bound loop in a fresh Node process; resolves with its own time of the loop in ms. */
function spin(): Promise<number> {
  const code =
    'const t=performance.now();let x=0;for(let i=0;i<2e8;i++){x=(x+i*7)%1000003}process.stdout.write(String(performance.now()-t+(x<0?1:0)))';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(Number(out)));
  });
}

/**
 * How much of two cores the machine gives right now: one spin loop alone, then two at once;
 * 2 x alone / (mean of the two together) is 2.0 on two free cores and 1.0 on one.
 */
async function parallelCapacity(): Promise<{ aloneMs: number; togetherMs: number; capacity: number }> {
  await spin();
  const aloneMs = await spin();
  const both = await Promise.all([spin(), spin()]);
  const togetherMs = (both[0]! + both[1]!) / 2;
  const capacity = (2 * aloneMs) / togetherMs;
  progress(`  two CPU loops at once take ${ms(togetherMs)} ms each, one alone ${ms(aloneMs)} ms: ${capacity.toFixed(2)} cores available`);
  return { aloneMs, togetherMs, capacity };
}

type Capacity = Awaited<ReturnType<typeof parallelCapacity>>;

function capacityText(c: Capacity): string {
  return `${c.capacity.toFixed(2)} (a CPU loop: ${ms(c.aloneMs)} ms alone, ${ms(c.togetherMs)} ms each as two at once)`;
}

interface JobsResult {
  readonly connectivity: Connectivity;
  /** Passes over the set per process. */
  readonly repeat: number;
  readonly rounds: number;
  /** Every pass over the set, per job count. */
  readonly one: SetJson[];
  readonly two: SetJson[];
  readonly runs: BenchRun[];
}

function jobsRuns(connectivity: Connectivity, rounds: number, repeat: number, limit: number | undefined): JobsResult {
  const one: SetJson[] = [];
  const two: SetJson[] = [];
  const runs: BenchRun[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [1, 2] : [2, 1];
    for (const jobs of order) {
      const run = bench(jobsSet, 'cadical', connectivity, jobs, limit, repeat);
      runs.push(run);
      (jobs === 1 ? one : two).push(...run.repeats);
    }
  }
  return { connectivity, repeat, rounds, one, two, runs };
}

function jobsSection(results: JobsResult[], capacity: Capacity[], ctx: Context): string {
  const rows = results.map((r) => {
    const s1 = median(r.one.map((x) => x.perSecond));
    const s2 = median(r.two.map((x) => x.perSecond));
    const correct = [...r.one, ...r.two].map((x) => `${x.correct}/${x.n}`);
    return [
      `cadical, ${r.connectivity}`,
      String(r.one[0]!.n),
      `${r.rounds} x ${r.repeat}`,
      s1.toFixed(1),
      s2.toFixed(1),
      (s2 / s1).toFixed(2),
      ms(median(r.one.map((x) => x.medianMs))),
      ms(median(r.two.map((x) => x.medianMs))),
      [...new Set(correct)].join(', '),
    ];
  });
  return [
    ...head('## matrix-jobs: --jobs 2 against --jobs 1, all janko 17x17', ctx),
    `- Method: \`hitori-sat bench bench/sets/janko/hitori_17x17.jsonl --json --backend cadical --connectivity C --jobs J\`, J = 1 and 2 alternating, one process per run. "Passes": rounds (processes per J) x passes over the set within each process (for lazy connectivity, whose whole pass takes a fraction of a second, the file is given several times, one report entry each). Puzzles per second of one pass: its puzzles over the wall clock from the first puzzle handed out to the last answer (warm-up excluded); the table gives the median over the passes, and the ratio of those medians. The per-puzzle medians show what running two solves at once costs each one.`,
    '',
    `- Cores actually available: the machine is a 2-vCPU virtual machine shared with other work, so a CPU-bound loop (\`node -e\`, 2e8 iterations) was timed alone and as two copies at once; 2 x alone / together is 2.00 on two free cores, 1.00 on one. Before the lazy runs: ${capacityText(capacity[0]!)}; before the layered runs: ${capacityText(capacity[1]!)}; after them: ${capacityText(capacity[2]!)}. The jobs 2 / jobs 1 ratio cannot exceed what was available.`,
    '',
    table(
      [
        'configuration',
        'puzzles',
        'passes per J',
        'jobs 1: puzzles/s',
        'jobs 2: puzzles/s',
        'jobs 2 / jobs 1',
        'jobs 1: median ms',
        'jobs 2: median ms',
        'correct per pass',
      ],
      rows,
      [false, true, true, true, true, true, true, true, false],
    ),
    '',
  ].join('\n');
}

interface WallResult {
  readonly solveMs: number[];
  readonly nodeMs: number[];
  readonly status: string;
}

function wallTimes(runs: number): WallResult {
  const time = (args: string[]) => {
    const start = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8' });
    const elapsed = performance.now() - start;
    if (child.error || child.status !== 0)
      throw new Error(`node ${args.join(' ')} failed (exit ${child.status}): ${child.stderr.trim().split('\n')[0] ?? ''}`);
    return { elapsed, stdout: child.stdout };
  };
  const solveArgs = [cliPath, 'solve', cliPuzzle];
  time(solveArgs); // warm the file cache
  time(['-e', '0']);
  const solveMs: number[] = [];
  const nodeMs: number[] = [];
  let status = '';
  for (let k = 0; k < runs; k++) {
    const first = k % 2 === 0;
    if (!first) nodeMs.push(time(['-e', '0']).elapsed);
    const solved = time(solveArgs);
    solveMs.push(solved.elapsed);
    status = solved.stdout.trim().split('\n').at(-1) ?? '';
    if (first) nodeMs.push(time(['-e', '0']).elapsed);
  }
  progress(`  hitori-sat solve ${cliPuzzle}: median ${ms(median(solveMs))} ms; node -e 0: median ${ms(median(nodeMs))} ms`);
  return { solveMs, nodeMs, status };
}

function cliSection(w: WallResult, ctx: Context): string {
  const row = (label: string, xs: number[]) => [label, String(xs.length), ms(median(xs)), ms(p95(xs)), ms(Math.min(...xs)), ms(max(xs))];
  return [
    ...head('## matrix-cli: one `hitori-sat solve` process, whole wall time', ctx),
    `- Method: \`node dist/src/cli/hitori-sat.js solve ${cliPuzzle}\` (the bin, a bundle of the CLI) (a 17x17, default options; from the copy of \`dist/\` taken at the start) and \`node -e 0\`, each run ${w.solveMs.length} times as a child process, interleaved, after one untimed run of each; wall clock around \`spawnSync\`. The solve's verdict line: "${w.status}".`,
    '',
    table(
      ['command', 'runs', 'median ms', 'p95 ms', 'min ms', 'max ms'],
      [row(`hitori-sat solve ${cliPuzzle}`, w.solveMs), row('node -e 0', w.nodeMs)],
      [false, true, true, true, true, true],
    ),
    '',
    `**solve / node -e 0 (medians): ${(median(w.solveMs) / median(w.nodeMs)).toFixed(2)}**; the solve costs ${ms(median(w.solveMs) - median(w.nodeMs))} ms over starting Node.`,
    '',
    "What the start-up costs and what was tried. Loading the program was the largest part: about 60 ESM modules, each resolved, read and compiled on its own, cost ~65 ms before any solving. The bin is therefore an esbuild bundle of our modules, code-split so that worker threads, child processes, the rule engine paths and the backends load only when a command uses them. MiniSat (180 ms to load its asm.js) is never loaded for a CaDiCaL solve. CaDiCaL's wasm starts compiling in the background before the program loads. `solve` runs wasm on V8's baseline compiler only (`--liftoff-only`): first calls into CaDiCaL were ~20 ms slower when V8 also tiered up. What remains is Node's own start, commander's CommonJS files, compiling the wasm, and running the solver's code once, cold. The target of 1.5x `node -e 0` would leave ~35 ms for all of that; on this machine it is not met.",
    '',
  ].join('\n');
}

const engineNames = ['sat', 'rules', 'hybrid'] as const;
const engineSets: SetSpec[] = [spec('janko', 17), spec('tudelft-gurobi', 17), spec('tudelft-smt', 17), spec('duydo-mapO', 17)];

/** SAT against the rule engine on every 17x17 set: answered correctly, time; and the rule engine's classes. */
function enginesSection(results: { spec: SetSpec; runs: BenchRun[] }[], ctx: Context): string {
  const rows = results.flatMap(({ spec: s, runs }) =>
    runs.map((r) => [
      setLabel(s),
      r.result.engine,
      `${r.result.correct}/${r.result.n}`,
      `${((100 * r.result.correct) / r.result.n).toFixed(1)}%`,
      ms(r.result.medianMs),
      ms(r.result.p95Ms),
      ms(r.result.maxMs),
    ]),
  );
  const classRows = results.map(({ spec: s }) => {
    const records = loadSet(s).records;
    const classes = records.map((rec) => rate(rec.puzzle).class);
    return [
      setLabel(s),
      String(records.length),
      ...levels.map((l) => String(classes.filter((c) => c === l).length)),
      String(classes.filter((c) => c === null).length),
    ];
  });
  return [
    ...head('## matrix-engines: the SAT engine against the rule engine, every 17x17 set', ctx),
    '- Method: `hitori-sat bench <set> --json --engine E --backend cadical --connectivity lazy --jobs 1`, E = sat, rules, hybrid; one process per row. An answer counts as correct when it is the published verdict and solution (`unique`), or the counted verdict (duydo-mapO: two or more solutions, so `multiple`). The rule engine (techniques and probing, no search) answers `stuck` when it cannot decide every cell, which counts as not solved; it never counts a wrong answer as solved, since every answer is judged by the independent checker. `hybrid` runs the techniques of classes A-F first and SAT on the rest.',
    '',
    table(['set', 'engine', 'correct', 'solved', 'median ms', 'p95 ms', 'max ms'], rows, [false, false, true, true, true, true, true]),
    '',
    'The rule engine\'s classes (`rate`, the thesis\'s Table 5; "unsolved": the rules alone could not decide every cell):',
    '',
    table(['set', 'puzzles', ...levels, 'unsolved'], classRows, [false, ...Array<boolean>(levels.length + 2).fill(true)]),
    '',
  ].join('\n');
}

interface NativeRow {
  readonly id: string;
  readonly satMs: number;
  readonly unsatMs: number;
  readonly satOk: boolean;
  readonly unsatOk: boolean;
  readonly problem?: string;
}

interface NativeSolver {
  readonly name: 'cadical' | 'minisat';
  readonly where: string;
  readonly version: string;
  readonly rows: NativeRow[];
}

function which(binary: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : undefined;
}

function packageVersion(name: string, fallback: string): string {
  const dpkg = spawnSync('dpkg-query', ['-W', '-f', `$${'{'}Version}`, name], { encoding: 'utf8' });
  return dpkg.status === 0 && dpkg.stdout.trim() !== '' ? `Debian package ${dpkg.stdout.trim()}` : fallback;
}

/** Solves one DIMACS file: the status and the model's values, the wall time. */
function runNative(solver: 'cadical' | 'minisat', where: string, file: string, dir: string) {
  const out = join(dir, 'minisat.out');
  const args = solver === 'cadical' ? ['-q', file] : [file, out];
  rmSync(out, { force: true });
  const start = performance.now();
  const child = spawnSync(where, args, { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 300_000 });
  const elapsed = performance.now() - start;
  if (child.error) return { ms: elapsed, code: child.status, error: child.error.message };
  try {
    const text = solver === 'cadical' ? child.stdout : readFileSync(out, 'utf8');
    return { ms: elapsed, code: child.status, answer: parseSolverOutput(text) };
  } catch (error) {
    return { ms: elapsed, code: child.status, error: (error as Error).message };
  }
}

function nativeRuns(set: BenchSet, limit: number | undefined): NativeSolver[] {
  const solvers: NativeSolver[] = [];
  const records = set.records.slice(0, limit);
  const dir = mkdtempSync(join(os.tmpdir(), 'hitori-matrix-'));
  try {
    const files = records.map((record, k) => {
      const { cnf, vars } = encodeHitori(record.puzzle, { connectivity: 'layers' });
      const sat = join(dir, `${k}.cnf`);
      writeFileSync(sat, toDimacs(cnf));
      const expected = record.expected.kind === 'solution' ? record.expected.shading : undefined;
      let unsat: string | undefined;
      if (expected !== undefined) {
        cnf.add(blockingClause(vars, expected));
        unsat = join(dir, `${k}-blocked.cnf`);
        writeFileSync(unsat, toDimacs(cnf));
      }
      return { id: record.id, sat, unsat, expected, cells: vars.cells };
    });
    for (const name of ['cadical', 'minisat'] as const) {
      const where = which(name);
      if (where === undefined) {
        progress(`  ${name}: not on the PATH, skipped`);
        continue;
      }
      const version =
        name === 'cadical'
          ? `${spawnSync(where, ['--version'], { encoding: 'utf8' }).stdout.trim()} (${packageVersion('cadical', '?')})`
          : packageVersion('minisat', 'unknown version');
      if (files[0] !== undefined) runNative(name, where, files[0].sat, dir); // warm the file cache
      const rows: NativeRow[] = files.map((f) => {
        const sat = runNative(name, where, f.sat, dir);
        let problem: string | undefined;
        const model = sat.answer;
        const satOk =
          model !== undefined &&
          sat.code === 10 &&
          model.status === 'satisfiable' &&
          (f.expected?.every((s, i) => (model.values[i + 1] === 1) === s) ?? false);
        if (!satOk)
          problem =
            sat.error ??
            `exit ${sat.code}, ${model?.status ?? 'no answer'}${model?.status === 'satisfiable' ? ', not the published solution' : ''}`;
        const unsat = f.unsat === undefined ? undefined : runNative(name, where, f.unsat, dir);
        const unsatOk = unsat !== undefined && unsat.code === 20 && unsat.answer?.status === 'unsatisfiable';
        if (!unsatOk) problem = `${problem === undefined ? '' : `${problem}; `}blocked: ${unsat?.error ?? `exit ${unsat?.code}`}`;
        return { id: f.id, satMs: sat.ms, unsatMs: unsat?.ms ?? Number.NaN, satOk, unsatOk, ...(problem === undefined ? {} : { problem }) };
      });
      const both = rows.map((r) => r.satMs + r.unsatMs);
      progress(
        `  ${name} binary: ${rows.filter((r) => r.satOk && r.unsatOk).length}/${rows.length} correct, median ${ms(median(rows.map((r) => r.satMs)))} ms to solve, ${ms(median(both))} ms to solve and prove`,
      );
      solvers.push({ name, where, version, rows });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return solvers;
}

interface CnfSize {
  readonly spec: SetSpec;
  readonly puzzles: number;
  readonly layered: { variables: number; clauses: number };
  readonly lazy: { variables: number; clauses: number };
}

/** Median size of the layered CNF (and, for comparison, the lazy start CNF) per set and size. */
function cnfSizes(sets: SetSpec[], limit: number): CnfSize[] {
  return sets.map((s) => {
    const records = loadSet(s, s.set === 'janko' ? undefined : limit).records;
    const measure = (connectivity: Connectivity) => {
      const counts = records.map((r) => encodeHitori(r.puzzle, { connectivity, comments: false }).cnf);
      return { variables: median(counts.map((c) => c.numVars)), clauses: median(counts.map((c) => c.numClauses)) };
    };
    return { spec: s, puzzles: records.length, layered: measure('layers'), lazy: measure('lazy') };
  });
}

function nativeSection(solvers: NativeSolver[], sizes: CnfSize[], puzzles: number, sizeLimit: number, ctx: Context): string {
  const out = head('## matrix-native: the layered CNF of every janko 17x17, solved by the Debian binaries', ctx);
  if (solvers.length === 0) {
    out.push('', 'Neither `cadical` nor `minisat` was found on the PATH, so this part did not run.');
  } else {
    out.push(
      `- Solvers: ${solvers.map((s) => `\`${s.where}\` (${s.version}), run as \`${s.name === 'cadical' ? 'cadical -q in.cnf' : 'minisat in.cnf out'}\``).join('; ')}.`,
      `- Method: for each of the ${puzzles} janko 17x17 puzzles, the complete CNF with layered connectivity (\`encodeHitori\` with connectivity \`layers\`, literal convention, + \`toDimacs\`: what \`hitori-sat dimacs\` writes) is written to a temporary folder; each binary solves it (its model on variables 1..289 must be the published shading), then the same CNF with the published solution blocked (\`blockingClause\`), which must be UNSATISFIABLE (exit code 20). Wall clock around \`spawnSync\`: process start, reading the file, solving, writing the answer. One untimed run first.`,
      '',
      table(
        [
          'binary',
          'puzzles',
          'correct (model and UNSAT)',
          'solve: median ms',
          'solve: p95 ms',
          'solve: max ms',
          'solve + prove: median ms',
          'solve + prove: p95 ms',
        ],
        solvers.map((s) => {
          const sat = s.rows.map((r) => r.satMs);
          const both = s.rows.map((r) => r.satMs + r.unsatMs).filter((x) => !Number.isNaN(x));
          return [
            s.name,
            String(s.rows.length),
            String(s.rows.filter((r) => r.satOk && r.unsatOk).length),
            ms(median(sat)),
            ms(p95(sat)),
            ms(max(sat)),
            both.length === 0 ? '-' : ms(median(both)),
            both.length === 0 ? '-' : ms(p95(both)),
          ];
        }),
        [false, true, true, true, true, true, true, true],
      ),
      '',
    );
    const failures = solvers.flatMap((s) => s.rows.filter((r) => r.problem !== undefined).map((r) => `- ${s.name}: ${r.id}: ${r.problem}`));
    out.push(failures.length === 0 ? 'Failures: none.' : `Failures:\n\n${failures.join('\n')}`);
  }
  out.push(
    '',
    '### CNF size per puzzle size',
    '',
    `Median over the puzzles of each set (all of janko; the first ${sizeLimit} of the tudelft sets; the one duydo-mapI 30x30). "Layered": the complete CNF above. "Lazy": \`encodeHitori\` with connectivity \`lazy\` (rules 1 and 2 and the seed clauses), what lazy solving starts from before the solve loop adds its own unit deductions and, while it runs, cuts.`,
    '',
    table(
      ['set', 'puzzles', 'layered: variables', 'layered: clauses', 'lazy: variables', 'lazy: clauses'],
      sizes.map((z) => [
        setLabel(z.spec),
        String(z.puzzles),
        count(z.layered.variables),
        count(z.layered.clauses),
        count(z.lazy.variables),
        count(z.lazy.clauses),
      ]),
      [false, true, true, true, true, true],
    ),
    '',
  );
  return out.join('\n');
}

function loadSet(s: SetSpec, limit?: number): BenchSet {
  return parseBenchSet(readFileSync(join(repoRoot, setPath(s)), 'utf8'), setPath(s), limit);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'layered-limit': { type: 'string', default: '20' },
      'jobs-rounds': { type: 'string', default: '2' },
      'cli-runs': { type: 'string', default: '20' },
      'no-native': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const number = (name: 'layered-limit' | 'jobs-rounds' | 'cli-runs') => {
    const n = Number(values[name]);
    if (!(Number.isInteger(n) && n > 0)) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const quick = values.quick;
  const layeredLimit = quick ? 2 : number('layered-limit');
  const jobsRounds = quick ? 1 : number('jobs-rounds');
  const cliRuns = quick ? 3 : number('cli-runs');
  const lazyLimit = quick ? 5 : undefined;
  const sizeLimit = quick ? 2 : 20;
  const ctx: Context = { command: commandLine('matrix.js'), started: new Date(), code: revision(), loadStart: os.loadavg()[0]! };
  const disposeSnapshot = snapshotDist();
  try {
    await matrix(values, ctx, { quick, layeredLimit, jobsRounds, cliRuns, lazyLimit, sizeLimit });
  } finally {
    disposeSnapshot();
  }
}

interface Settings {
  readonly quick: boolean;
  readonly layeredLimit: number;
  readonly jobsRounds: number;
  readonly cliRuns: number;
  readonly lazyLimit: number | undefined;
  readonly sizeLimit: number;
}

async function matrix(
  values: { 'no-native': boolean; 'no-write': boolean },
  ctx: Context,
  { quick, layeredLimit, jobsRounds, cliRuns, lazyLimit, sizeLimit }: Settings,
): Promise<void> {
  const clock = performance.now();
  const elapsed = () => `${((performance.now() - clock) / 1000).toFixed(0)} s`;

  const sections: [string, string][] = [];
  progress('matrix: how many cores are free');
  const startCapacity = await parallelCapacity();
  progress(
    `matrix: ${standardSets.length} sets x ${backends.length} backends x ${connectivities.length} connectivities, then ${bigSets.length} big sets`,
  );
  const runs: BenchRun[] = [];
  for (const s of standardSets) {
    for (const connectivity of connectivities) {
      if (connectivity === 'layers' && s.rows > layeredMaxSize) continue;
      for (const backend of backends) runs.push(bench(s, backend, connectivity, 1, connectivity === 'layers' ? layeredLimit : lazyLimit));
    }
    progress(`matrix: ${setLabel(s)} done (${elapsed()})`);
  }
  const big = bigSets.map((s) => bench(s, 'cadical', 'lazy', 1, lazyLimit));
  sections.push(['matrix', matrixSection(runs, big, layeredLimit, startCapacity, ctx)]);

  progress(`matrix-jobs: janko 17x17, --jobs 1 and 2, ${jobsRounds} round(s) (${elapsed()})`);
  const capacities: Capacity[] = [];
  const jobs: JobsResult[] = [];
  for (const c of connectivities) {
    capacities.push(await parallelCapacity());
    jobs.push(jobsRuns(c, jobsRounds, c === 'lazy' ? 10 : 1, quick ? 6 : undefined));
  }
  capacities.push(await parallelCapacity());
  sections.push(['matrix-jobs', jobsSection(jobs, capacities, ctx)]);

  progress(`matrix-engines: SAT, rules and hybrid on every 17x17 set (${elapsed()})`);
  sections.push([
    'matrix-engines',
    enginesSection(
      engineSets.map((s) => ({ spec: s, runs: engineNames.map((e) => bench(s, 'cadical', 'lazy', 1, lazyLimit, 1, e)) })),
      ctx,
    ),
  ]);

  progress(`matrix-cli: ${cliRuns} runs (${elapsed()})`);
  sections.push(['matrix-cli', cliSection(wallTimes(cliRuns), ctx)]);

  if (!values['no-native']) {
    progress(`matrix-native: every janko 17x17 as layered DIMACS (${elapsed()})`);
    const set = loadSet(jobsSet);
    const solvers = nativeRuns(set, quick ? 3 : undefined);
    progress(`matrix-native: CNF sizes (${elapsed()})`);
    const sizes = cnfSizes(standardSets, sizeLimit);
    sections.push(['matrix-native', nativeSection(solvers, sizes, Math.min(set.records.length, quick ? 3 : Infinity), sizeLimit, ctx)]);
  }

  for (const [name, body] of sections) {
    if (values['no-write']) process.stdout.write(`${body}\n`);
    else {
      writeSection(name, body);
      progress(`wrote the "${name}" section of BENCH.md`);
    }
  }
  progress(`matrix: done in ${elapsed()}`);
  const wrong = [...runs, ...big, ...jobs.flatMap((j) => j.runs)].some((r) => r.exitCode === 1);
  process.exitCode = wrong ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`matrix: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
});
