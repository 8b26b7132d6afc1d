/**
 * What every section of the matrix shares: the sets, one run of the built `hitori-sat bench`,
 * the section head, and a measurement of the cores free right now.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { BenchJson } from '../../src/benchmark/run-set.js';
import { parseBenchSet, type BenchSet } from '../../src/benchmark/sets.js';
import { cliPathIn, copyOfBuild, describeMachine, ms, progress, repoRoot, timestamp } from '../lib.js';

/**
 * The command measured: a copy of dist/ taken when the run starts (with package.json and a link
 * to node_modules), so that a rebuild of dist/ during the run cannot change the code measured.
 */
export let cliPath = cliPathIn(repoRoot);

export function snapshotDist(): () => void {
  const root = copyOfBuild();
  cliPath = cliPathIn(root);
  return () => rmSync(root, { recursive: true, force: true });
}

export const backends = ['cadical', 'minisat'] as const;
export const connectivities = ['lazy', 'layers'] as const;
export type Backend = (typeof backends)[number];
export type Connectivity = (typeof connectivities)[number];
/** A per-puzzle time limit for every run: a safety net, far above any expected time. */
const safetyTimeoutMs = 120_000;

export interface SetSpec {
  readonly set: string;
  readonly rows: number;
  readonly cols: number;
}
const spec = (set: string, size: number): SetSpec => ({ set, rows: size, cols: size });
const sizeLabel = (s: Pick<SetSpec, 'rows' | 'cols'>) => `${s.rows}x${s.cols}`;
const setPath = (s: SetSpec) => `bench/sets/${s.set}/hitori_${sizeLabel(s)}.jsonl`;
export const setLabel = (s: SetSpec) => `${s.set} ${sizeLabel(s)}`;

/** 9x9 to 30x30, in size order. */
export const standardSets: SetSpec[] = [
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
export const bigSets: SetSpec[] = [spec('duydo-mapMyO', 48), spec('duydo-mapO', 48), spec('duydo-mapMyO', 50)];
/** Layered connectivity stops here (above, one layered solve takes seconds). */
export const layeredMaxSize = 25;
export const jobsSet = spec('janko', 17);
export const engineSets: SetSpec[] = [spec('janko', 17), spec('tudelft-gurobi', 17), spec('tudelft-smt', 17), spec('duydo-mapO', 17)];

export function loadSet(s: SetSpec, limit?: number): BenchSet {
  return parseBenchSet(readFileSync(join(repoRoot, setPath(s)), 'utf8'), setPath(s), limit);
}

/** One entry of `hitori-sat bench --json`. */
export type SetJson = BenchJson['sets'][number];

/** What one run measures: a set, the engine, backend and connectivity, workers, and a cap on the puzzles. */
export interface RunSpec {
  readonly spec: SetSpec;
  readonly backend: Backend;
  readonly connectivity: Connectivity;
  readonly jobs: number;
  readonly limit: number | undefined;
  readonly engine?: string;
  /** Give the set this many times (one report entry each, all in one process). */
  readonly repeat?: number;
}

export interface BenchRun extends RunSpec {
  readonly result: SetJson;
  readonly repeats: SetJson[];
  readonly exitCode: number;
  /** Why each failure failed (the command's stderr lines). */
  readonly reasons: string[];
}

/** Runs `hitori-sat bench <set> --json` in its own process. */
export function bench(run: RunSpec): BenchRun {
  const { spec: s, backend, connectivity, jobs, limit, engine = 'sat', repeat = 1 } = run;
  const args = [cliPath, 'bench', ...Array.from({ length: repeat }, () => setPath(s)), '--json'];
  args.push('--engine', engine, '--backend', backend, '--connectivity', connectivity);
  args.push('--jobs', String(jobs), '--timeout', String(safetyTimeoutMs));
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
    const why = `${child.error ? `, ${child.error.message}` : ''}): ${child.stderr.trim().split('\n')[0] ?? ''}`;
    throw new Error(`hitori-sat ${args.slice(1).join(' ')} failed (exit ${code}${why}`);
  }
  const reasons = child.stderr
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/^hitori-sat: /, ''));
  const where = `${setLabel(s).padEnd(21)} ${backend.padEnd(7)} ${connectivity.padEnd(6)} jobs ${jobs}`;
  const times = `median ${ms(result.medianMs)} ms, p95 ${ms(result.p95Ms)} ms, max ${ms(result.maxMs)} ms`;
  const rate = `${result.perSecond.toFixed(1)}/s, ${result.peakRssMiB.toFixed(0)} MiB`;
  const failed = reasons.length > 0 ? `; ${reasons.length} failure(s): ${reasons[0]}` : '';
  progress(`  ${where}: ${result.correct}/${result.n} correct, ${times}, ${rate}${failed}`);
  return { ...run, result, exitCode: code, reasons, repeats };
}

export interface Context {
  readonly command: string;
  readonly started: Date;
  readonly code: string;
  readonly loadStart: number;
}

export function head(title: string, ctx: Context): string[] {
  const load = `load average (1 min) ${ctx.loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} when this part ended`;
  const list = [
    `- Command: \`${ctx.command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(ctx.started)}`,
    `- Machine: ${describeMachine()}; ${load}`,
    `- Code: ${ctx.code}`,
  ];
  return [title, '', ...list];
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

export interface Capacity {
  readonly aloneMs: number;
  readonly togetherMs: number;
  readonly capacity: number;
}

/**
 * How much of two cores the machine gives right now: one spin loop alone, then two at once;
 * 2 x alone / (mean of the two together) is 2.0 on two free cores and 1.0 on one.
 */
export async function parallelCapacity(): Promise<Capacity> {
  await spin();
  const aloneMs = await spin();
  const both = await Promise.all([spin(), spin()]);
  const togetherMs = (both[0]! + both[1]!) / 2;
  const capacity = (2 * aloneMs) / togetherMs;
  progress(`  two CPU loops at once take ${ms(togetherMs)} ms each, one alone ${ms(aloneMs)} ms: ${capacity.toFixed(2)} cores available`);
  return { aloneMs, togetherMs, capacity };
}

export function capacityText(c: Capacity): string {
  return `${c.capacity.toFixed(2)} (a CPU loop: ${ms(c.aloneMs)} ms alone, ${ms(c.togetherMs)} ms each as two at once)`;
}
