/**
 * `npm run bench:batch`: the batch mode's memory and its worker threads. Writes the BENCH.md
 * section "batch".
 *
 *   node dist/bench/batch.js [--sizes 10000,100000,1000000] [--repeat 3] [--no-write]
 *
 * Memory: JSON Lines inputs of growing size (the janko 4x4 to 6x6 puzzles over and over, each
 * line with its own id) are solved by the built command, `hitori-sat solve FILE --batch`, in a
 * child process whose resident memory is sampled from /proc every 50 ms; the peak is also read
 * from the kernel's high-water mark (VmHWM). Flat memory means the same peak for 10,000 and
 * 1,000,000 lines. Each run's output is counted: one line per input line, no error record.
 *
 * Jobs: the 2,200 menneske puzzles (5x5, 6x6, 12x12: fast ones, where a message per line would
 * cost more than the work) and the 881 janko puzzles, each with `--jobs 1` and `--jobs 2` in
 * pairs, `--repeat` pairs; the medians of the wall times and their ratio.
 *
 * Runs the built command, not `run`: the subject is a batch process's memory and its worker
 * threads.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  cliNodeFlags,
  cliPath,
  commandLine,
  describeMachine,
  jankoDir,
  repoRoot,
  median,
  mib,
  progress,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const cli = cliPath;

interface Run {
  readonly lines: number;
  readonly out: number;
  readonly errors: number;
  readonly wallMs: number;
  /** Peak resident memory, bytes. */
  readonly peakRss: number;
}

/** Runs the command on `input`, counting output lines and sampling its memory. */
function measure(args: readonly string[]): Promise<Omit<Run, 'lines'>> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...cliNodeFlags(cli), cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let peakRss = 0;
    const status = () => {
      try {
        const text = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        for (const key of ['VmRSS', 'VmHWM']) {
          const kb = Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
          peakRss = Math.max(peakRss, kb * 1024);
        }
      } catch {
        // The process has ended between two samples.
      }
    };
    const timer = setInterval(status, 50);
    let out = 0;
    let errors = 0;
    createInterface({ input: child.stdout }).on('line', (line) => {
      out++;
      if (line.includes('"error":')) errors++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`hitori-sat ${args.join(' ')} exited with ${code}`));
      else resolve({ out, errors, wallMs: performance.now() - start, peakRss });
    });
  });
}

/** A JSON Lines file of `n` small janko puzzles, each line with its own id. */
async function writeInput(path: string, n: number, pool: readonly string[]): Promise<void> {
  const stream = createWriteStream(path);
  for (let k = 0; k < n; k++) {
    const record = JSON.parse(pool[k % pool.length]!) as { id: string };
    const line = `${JSON.stringify({ ...record, id: `${record.id}#${k + 1}` })}\n`;
    if (!stream.write(line)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000,1000000' },
      repeat: { type: 'string', default: '5' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const repeat = Number(values.repeat);
  const started = new Date();
  const load = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'hitori-bench-batch-'));
  try {
    const small = ['hitori_4x4.jsonl', 'hitori_5x5.jsonl', 'hitori_6x6.jsonl'].flatMap((f) =>
      readFileSync(join(jankoDir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
    const memory: Run[] = [];
    for (const n of sizes) {
      const path = join(dir, `input-${n}.jsonl`);
      await writeInput(path, n, small);
      progress(`batch: solving ${n} lines`);
      memory.push({ lines: n, ...(await measure(['solve', path, '--batch'])) });
      rmSync(path);
    }
    const jobsSets = [
      { name: 'menneske', dir: join(repoRoot, 'bench', 'sets', 'menneske'), count: 2200 },
      { name: 'janko', dir: jankoDir, count: 881 },
    ].map(({ name, dir: from, count }) => {
      const path = join(dir, `${name}-all.jsonl`);
      writeFileSync(
        path,
        readdirSync(from)
          .filter((f) => f.endsWith('.jsonl'))
          .sort()
          .map((f) => readFileSync(join(from, f), 'utf8'))
          .join(''),
      );
      return { name, path, count, wall: { 1: [] as number[], 2: [] as number[] }, load: { 1: [] as number[], 2: [] as number[] } };
    });
    for (const set of jobsSets) {
      for (let k = 0; k < repeat; k++) {
        // In pairs, the order swapped each time: a slow stretch of a shared machine falls on both.
        for (const jobs of k % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
          progress(`batch: ${set.name}, --jobs ${jobs}, run ${k + 1} of ${repeat}`);
          set.load[jobs].push(loadavg()[0]!);
          const run = await measure(['solve', set.path, '--jobs', String(jobs)]);
          if (run.errors > 0 || run.out !== set.count)
            throw new Error(`${set.name} --jobs ${jobs}: ${run.out} lines, ${run.errors} errors`);
          set.wall[jobs].push(run.wallMs);
        }
      }
    }
    const section = [
      '## batch: streamed JSON Lines, memory and worker threads',
      '',
      `Command: \`${commandLine('batch.js')}\`; ${timestamp(started)}; ${revision()}.`,
      `Machine: ${describeMachine()}. Load average at the start: ${load.map((x) => x.toFixed(2)).join(', ')} (1, 5, 15 min).`,
      '',
      'Memory: `hitori-sat solve FILE --batch` (as many jobs as cores, the default) on inputs of janko 4x4-6x6 puzzles repeated, each line its own id; peak resident memory of the process.',
      '',
      table(
        ['input lines', 'output lines', 'error records', 'wall s', 'lines/s', 'peak memory'],
        memory.map((r) => [
          String(r.lines),
          String(r.out),
          String(r.errors),
          (r.wallMs / 1000).toFixed(1),
          String(Math.round(r.lines / (r.wallMs / 1000))),
          mib(r.peakRss),
        ]),
        [true, true, true, true, true, true],
      ),
      '',
      `Jobs: \`solve FILE --jobs N\` on all 2,200 menneske and all 881 janko puzzles, ${repeat} pairs of runs (jobs 1 and 2, in turn first); median wall time of the whole command. With \`--jobs 2\` this thread answers lines beside one worker, in chunks of about 20 ms of work, the worker started only when the 1-minute load average leaves a core idle (src/batch/batch-run.ts); the load average at the start of each run is listed.`,
      '',
      table(
        ['set', 'jobs', 'median wall s', 'runs: s (load average at its start)'],
        jobsSets.flatMap((set) =>
          ([1, 2] as const).map((j) => [
            `${set.name} (${set.count})`,
            String(j),
            (median(set.wall[j]) / 1000).toFixed(2),
            set.wall[j].map((w, k) => `${(w / 1000).toFixed(2)} (${set.load[j][k]!.toFixed(1)})`).join(', '),
          ]),
        ),
        [false, true, true, false],
      ),
      '',
      `Ratio of the medians, jobs 2 / jobs 1: ${jobsSets.map((set) => `${set.name} ${(median(set.wall[2]) / median(set.wall[1])).toFixed(2)}`).join(', ')}.`,
    ].join('\n');
    if (values['no-write']) process.stdout.write(`${section}\n`);
    else {
      writeSection('batch', section);
      progress('wrote the "batch" section of BENCH.md');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`batch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
