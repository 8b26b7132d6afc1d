/**
 * A distributed count on a real Slurm cluster: 6x3 over 6 symbols (a(6, 18) = 1.4 x 10^11
 * classes, never counted), split by examples/scale-out/slurm-array.sh into job-array shards, of
 * which as many as fit here run on a single-node Slurm cluster started for the purpose (the one
 * the tests start: test/examples/slurm-cluster.ts, daemons and state in a temporary folder).
 *
 * - First submission: `--first` tasks of the array, spread over the indices Slurm accepts by
 *   default (MaxArraySize 1001: indices 0..1000).
 * - Second submission: `--then` tasks, the first ones among them: a rerun counts only the shards
 *   without a complete result, so the first tasks end at once and their files are untouched.
 * - `enumerate --merge` over the shard files: it must refuse, naming the shards not counted here;
 *   `enumerate --merge --sample` adds them up as a sample (checked against the files' own sum).
 * - From the tasks' CPU seconds (the recipe's log line, npx and Node's start included): the CPU
 *   cost of the whole, and its wall time on clusters of 1, 10 and 100 nodes.
 *
 * Writes BENCH.md section enumerate-6x3-6-distributed. Run it under nice (the Slurm tasks
 * inherit the daemons' nice, and so the bench's), as root (slurmd starts jobs as their user):
 *   npm run build && nice -n 10 npm run bench:scale-out -- [--board 6x3] [--symbols 6] [--shards 65536] [--first 8] [--then 12] [--no-write]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classCount } from '../src/enumerate/enumerate.js';
import { conventions } from '../src/puzzle/convention.js';
import { histogramKeys } from '../src/enumerate/enumerate.js';
import { startSlurm, slurmUnavailable } from '../test/examples/slurm-cluster.js';
import {
  cliNodeFlags,
  cliPath,
  commandLine,
  describeMachine,
  loadAverages,
  median,
  numberOption,
  progress,
  repoRoot,
  revision,
  stringOption,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const board = stringOption('board') ?? '6x3';
const symbols = numberOption('symbols', 6);
const shards = numberOption('shards', 65536);
const firstCount = numberOption('first', 8);
const thenCount = numberOption('then', 12);
const write = !process.argv.includes('--no-write');
const [rows, cols] = board.split('x').map(Number) as [number, number];
/** The most array tasks Slurm runs by default (MaxArraySize 1001), indices 0..1000. */
const maxIndex = 1000;
/** The shard count the estimate assumes for a real cluster: the most a default Slurm array takes. */
const clusterShards = maxIndex;
const n = (x: number) => x.toLocaleString('en-US');
const section = `enumerate-${rows}x${cols}-${symbols}-distributed`;

if (thenCount < firstCount) throw new Error('--then must be at least --first');
const problem = slurmUnavailable();
if (problem !== null) throw new Error(`cannot start the Slurm cluster: ${problem}`);

/** `count` task indices spread evenly over 0..min(maxIndex, shards - 1). */
const last = Math.min(maxIndex, shards - 1);
const step = Math.max(1, Math.floor(last / Math.max(1, thenCount - 1)));
const indices = Array.from({ length: thenCount }, (_, k) => k * step);
const first = indices.slice(0, firstCount);

interface Task {
  readonly index: number;
  readonly log: string;
  /** Wall and CPU seconds from the recipe's log line; null when it found its shard already counted. */
  readonly timing: { wall: number; cpu: number } | null;
  readonly skipped: boolean;
}

interface ShardResult {
  classes: number;
  timeMs: number;
  conventions: Record<string, { none: number; unique: number; multiple: number }>;
  histogram: Record<string, number> | null;
}

const work = mkdtempSync(join(tmpdir(), 'hitori-scale-out-bench-'));
const out = join(work, 'out');
const file = (index: number) => join(out, `shard-${index}.json`);
const cluster = await startSlurm();
const started = new Date();
const loadBefore = loadAverages(', ');

interface Split {
  readonly board: string;
  readonly symbols: number;
  readonly shards: number;
  /** The results folder (HITORI_OUT), created here: Slurm opens the task logs in it. */
  readonly out: string;
}

/** Slurm's submit command, from Debian's slurm-wlm (slurmUnavailable checks it is there). */
const sbatch = 'sbatch';

/** `sbatch --wait --array=LIST slurm-array.sh` from the clone's root, as the recipe says; its tasks. */
function submit(
  list: readonly number[],
  split: Split = { board, symbols, shards, out },
): { command: string; tasks: Task[]; seconds: number } {
  mkdirSync(split.out, { recursive: true });
  const args = [
    '--wait',
    `--array=${list.join(',')}`,
    `--output=${join(split.out, 'slurm-%A_%a.log')}`,
    'examples/scale-out/slurm-array.sh',
  ];
  const command = `HITORI_BOARD=${split.board} HITORI_SYMBOLS=${split.symbols} HITORI_SHARDS=${split.shards} sbatch ${args.join(' ').replace(split.out, 'out')}`;
  progress(`${timestamp()}: ${command}`);
  const t0 = performance.now();
  const r = spawnSync(sbatch, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      ...cluster.env,
      HITORI_BOARD: split.board,
      HITORI_SYMBOLS: String(split.symbols),
      HITORI_SHARDS: String(split.shards),
      HITORI_OUT: split.out,
    },
    timeout: 4 * 3600_000,
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`sbatch failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}\n${cluster.logs()}`);
  const job = /Submitted batch job (\d+)/.exec(r.stdout)?.[1];
  if (job === undefined) throw new Error(`sbatch said: ${r.stdout}`);
  const tasks = list.map((index) => {
    const log = readFileSync(join(split.out, `slurm-${job}_${index}.log`), 'utf8');
    const timed = /shard (\d+)\/\d+ took ([\d.]+) s, CPU ([\d.]+) s user \+ ([\d.]+) s system/.exec(log);
    const skipped = log.includes(`shard ${index}/${split.shards} is already counted`);
    if ((timed === null) === !skipped) throw new Error(`task ${index}: neither counted nor skipped:\n${log}`);
    return {
      index,
      log,
      skipped,
      timing: timed === null ? null : { wall: Number(timed[2]), cpu: Number(timed[3]) + Number(timed[4]) },
    };
  });
  return { command, tasks, seconds };
}

try {
  // What a task costs besides its shard (sbatch's start, bash, npx, Node, the worker threads and
  // the rule engine's first compile): tasks of a 3x3 board, a few hundred classes each.
  const probe = submit([1, 2, 3], { board: '3x3', symbols: 3, shards: 16, out: join(work, 'start-up') });
  const startupCpu = median(probe.tasks.map((t) => t.timing!.cpu));
  const one = submit(first);
  const mtimes = new Map(first.map((k) => [k, statSync(file(k)).mtimeMs]));
  const two = submit(indices);
  const untouched = first.every((k) => statSync(file(k)).mtimeMs === mtimes.get(k));
  const skipped = two.tasks.filter((t) => t.skipped).map((t) => t.index);
  if (JSON.stringify(skipped) !== JSON.stringify(first) || !untouched)
    throw new Error(`the rerun skipped ${skipped.join(',')} (expected ${first.join(',')}); files untouched: ${untouched}`);

  // The merge of what ran here must refuse and name every shard that did not run.
  const files = indices.map(file).filter(existsSync);
  const merge = spawnSync(process.execPath, [...cliNodeFlags(cliPath), cliPath, 'enumerate', '--merge', ...files], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const refusal = merge.stderr.split('\n')[0] ?? '';
  const named = /(\d+) of (\d+) given/.exec(refusal);
  if (merge.status !== 2 || named === null || Number(named[1]) !== indices.length || Number(named[2]) !== shards)
    throw new Error(
      `the merge of ${indices.length} of ${shards} shards did not refuse as expected (${merge.status}): ${refusal.slice(0, 300)}`,
    );
  const rerunCommand = merge.stderr.split('\n')[1]?.trim() ?? '';
  // The same files added up as a sample, by the command.
  const merged = spawnSync(
    process.execPath,
    [...cliNodeFlags(cliPath), cliPath, 'enumerate', '--merge', ...files, '--sample', '--format', 'json'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
    },
  );
  if (merged.status !== 0) throw new Error(`the merge --sample failed (${merged.status}): ${merged.stderr.slice(0, 300)}`);
  const sample = JSON.parse(merged.stdout) as ShardResult & { sample?: { shards: number; of: number } };

  const counted = [...one.tasks, ...two.tasks].filter((t) => t.timing !== null);
  const results = new Map(indices.map((k) => [k, JSON.parse(readFileSync(file(k), 'utf8')) as ShardResult]));
  const loadAfter = loadAverages(', ');
  const sum = (f: (t: Task) => number) => counted.reduce((s, t) => s + f(t), 0);
  const classes = counted.reduce((s, t) => s + results.get(t.index)!.classes, 0);
  // The command's sample against the files' own sum: the same shards, the same counts.
  const ownSum = (c: string, k: 'none' | 'unique' | 'multiple') =>
    counted.reduce((s, t) => s + results.get(t.index)!.conventions[c]![k], 0);
  if (
    sample.sample?.shards !== counted.length ||
    sample.sample.of !== shards ||
    sample.classes !== classes ||
    conventions.some((c) => (['none', 'unique', 'multiple'] as const).some((k) => sample.conventions[c]![k] !== ownSum(c, k)))
  )
    throw new Error(`the merge --sample does not add up to the shard files: ${merged.stdout.slice(0, 300)}`);
  const cpu = sum((t) => t.timing!.cpu);
  const wall = sum((t) => t.timing!.wall);
  const perClassCpu = (cpu - counted.length * startupCpu) / classes;
  const total = classCount({ rows, cols, symbols });
  const totalCpu = perClassCpu * total;
  const cpusPerTask = 2;
  const shardCpu = totalCpu / clusterShards + startupCpu;
  const shardWall = shardCpu / cpusPerTask;
  const hours = (s: number) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : `${(s / 60).toFixed(0)} min`);

  const lines = [
    `## ${section}: ${board} over ${symbols} symbols on a Slurm job array`,
    '',
    `- Command: \`${commandLine('scale-out.js')}\` (after \`npm run build\`, as root, under \`nice -n 10\`), which started a single-node Slurm cluster (test/examples/slurm-cluster.ts: slurm-wlm and munge from Debian, ${cluster.env.SLURM_CONF === undefined ? '' : 'configuration in a temporary folder, '}the node's 2 CPUs) and submitted \`examples/scale-out/slurm-array.sh\` from the clone's root, its results folder \`out/\` a temporary one:`,
    `  1. \`${one.command}\``,
    `  2. \`${two.command}\``,
    `  3. \`hitori-sat enumerate --merge out/shard-*.json\``,
    `  4. \`hitori-sat enumerate --merge out/shard-*.json --sample --format json\``,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${revision()}`,
    `- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter} (the machine is shared with other work; the tasks ran at nice 10, so their wall time is mostly waiting: the CPU seconds are the measure)`,
    `- The split: ${n(shards)} shards of ${n(total)} classes (a(${symbols}, ${rows * cols})), about ${n(Math.round(total / shards))} classes each; each task ran \`enumerate ${board} --symbols ${symbols} --shard auto/${shards} --jobs 2\` (the recipe's \`--cpus-per-task=2\`).`,
    '',
    `### The tasks (${counted.length} shards counted)`,
    '',
    table(
      ['submission', 'shard', 'classes', 'wall s', 'CPU s', 'µs CPU per class (start-up included)', 'unique (shaded-duplicates)'],
      [...one.tasks.map((t) => ['1', t] as const), ...two.tasks.map((t) => ['2', t] as const)].map(([s, t]) => {
        const r = results.get(t.index)!;
        if (t.timing === null) return [s, String(t.index), '-', '-', '-', '-', 'already counted: ended at once, file untouched'];
        return [
          s,
          String(t.index),
          n(r.classes),
          t.timing.wall.toFixed(1),
          t.timing.cpu.toFixed(1),
          ((t.timing.cpu * 1e6) / r.classes).toFixed(2),
          n(r.conventions['shaded-duplicates']!.unique),
        ];
      }),
      [false, true, true, true, true, true, true],
    ),
    '',
    `- Resume: submission 2 asked for all ${indices.length} tasks; the ${first.length} whose shards submission 1 had counted found their files complete (\`shard-done.mjs\`) and ended without counting, their files untouched; only ${indices.length - first.length} counted. Both submissions took ${one.seconds.toFixed(0)} s and ${two.seconds.toFixed(0)} s (sbatch --wait).`,
    `- Merge: \`enumerate --merge\` over the ${indices.length} files refused, exit code 2, as it must with shards missing: "${refusal.slice(0, 45)} ... ${refusal.slice(refusal.lastIndexOf(' and '))}", followed by the command that counts just those (${n(rerunCommand.length)} characters: \`${rerunCommand.slice(0, 60)}...\`). The whole needs every shard: that is the cost below. With \`--sample\` the same files add up, exit code 0, as a sample of ${sample.sample.shards} of ${n(sample.sample.of)} shards: the table below is that result (and equals the files' own sum).`,
    '',
    `### The ${counted.length} shards together (a sample of ${(100 * (classes / total)).toPrecision(2)}% of the classes)`,
    '',
    table(
      ['convention', 'none', 'unique', 'multiple', 'unique / classes'],
      conventions.map((c) => {
        const v = sample.conventions[c]!;
        return [`\`${c}\``, n(v.none), n(v.unique), n(v.multiple), `${((100 * v.unique) / classes).toFixed(2)}%`];
      }),
      [false, true, true, true, true],
    ),
    '',
    `Rule engine classes of the sample's grids unique under \`shaded-duplicates\`: ${histogramKeys
      .map((key) => `${key} ${n(sample.histogram?.[key] ?? 0)}`)
      .join(', ')}.`,
    '',
    '### Cost of the whole',
    '',
    `- CPU: ${cpu.toFixed(1)} s for ${n(classes)} classes in ${counted.length} tasks (wall ${wall.toFixed(0)} s at load ${loadBefore.split(',')[0]}). A task's own start-up (sbatch's step, bash, npx, Node, the threads, the rule engine's first compile) is ${startupCpu.toFixed(1)} s of CPU, the median of ${probe.tasks.length} tasks of a 3x3 board (${probe.tasks.map((t) => t.timing!.cpu.toFixed(1)).join(', ')} s); without it, ${(perClassCpu * 1e6).toFixed(2)} µs of CPU per class.`,
    `- The whole, ${n(total)} classes: ${n(Math.round(totalCpu))} CPU seconds, ${(totalCpu / 3600).toFixed(0)} CPU hours.`,
    `- On a cluster, in ${clusterShards} shards (\`HITORI_SHARDS=${clusterShards} sbatch --array=0-${clusterShards - 1}\`: the largest array a default Slurm takes): ${(shardCpu / 60).toFixed(0)} CPU minutes per shard, about ${hours(shardWall)} of wall each on its 2 CPUs (if 2 threads run twice as fast as one), well inside the recipe's \`--time=02:00:00\`.`,
    '',
    table(
      [
        'nodes',
        'cores each',
        'tasks at a time (2 CPUs each)',
        `rounds of ${clusterShards} shards`,
        'expected wall time',
        'all cores busy (CPU / cores)',
      ],
      [1, 10, 100].flatMap((nodes) =>
        [2, 32].map((cores) => {
          const slots = (nodes * cores) / cpusPerTask;
          const rounds = Math.ceil(clusterShards / slots);
          return [
            String(nodes),
            String(cores),
            n(slots),
            String(rounds),
            hours(rounds * shardWall),
            hours((clusterShards * shardCpu) / (nodes * cores)),
          ];
        }),
      ),
      [true, true, true, true, true, true],
    ),
    '',
    `Wall time is rounds x the wall of one shard, plus a few seconds of start-up per task; with more tasks at a time than shards (100 nodes of 32 cores) cores idle, and more shards (a larger MaxArraySize, or several arrays) bring the wall down to the last column. The estimate assumes cores as fast as this shared EPYC's and no other load.`,
  ];
  const body = lines.join('\n');
  if (write) writeSection(section, body);
  else process.stdout.write(`${body}\n`);
  progress(`${timestamp()}: ${section} done`);
} finally {
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
