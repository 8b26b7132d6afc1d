/**
 * `hitori-sat bench`: the report, correctness against the sets, workers, bad input, exit codes.
 *
 * A bench run starts its worker threads and solver (about half a second of CPU for these small
 * sets), so the tests that read the same run share it (`benchRun`): the default run with both
 * sets is read for the JSON report, the judging of a wrong published solution, the default
 * engine (hybrid) and the default one job; the SAT engine's run on MiniSat with lazy
 * connectivity for the judging of "none" and "multiple" and the SAT engine's verdicts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, linesOf, run, type RunResult } from './run.js';
import { runInProcess } from './in-process.js';

const runs = new Map<string, Promise<RunResult>>();
/** The bench run with these arguments, in the command host, made once for the tests that read it. */
function benchRun(...args: string[]): Promise<RunResult> {
  const key = JSON.stringify(args);
  if (!runs.has(key)) runs.set(key, runInProcess(['bench', ...args]));
  return runs.get(key)!;
}
/** Both sets, the wrong one first, with every setting at its default (but no warm-up). */
const bothSets = ['bench-wrong.jsonl', 'bench-small.jsonl', '--json', '--warmup', '0'];
/**
 * A time limit per puzzle, far above what these puzzles take, for the runs that read verdicts:
 * with a limit each puzzle is timed once, while without one every puzzle solved in under a
 * millisecond (all of these sets') is timed again after its set, in passes for a second per set
 * and worker (src/benchmark/benchmark-pool.ts). That second of CPU per set made most of this
 * file's cost; the run without a limit (`bothSets`) is the one whose times the first test reads.
 */
const onceTimed = ['--timeout', '60000'];
/** The same on the SAT engine, MiniSat, lazy connectivity. */
const bothSetsSat = [...bothSets, ...onceTimed, '--engine', 'sat', '--backend', 'minisat', '--connectivity', 'lazy'];

interface SetJson {
  name: string;
  n: number;
  correct: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  perSecond: number;
  peakRssMiB: number;
  backend: string;
  connectivity: string;
  engine: string;
  jobs: number;
  proofs: { deduction: number; sat: number };
  failures: string[];
}

function parseReport(stdout: string): { sets: SetJson[] } {
  const lines = linesOf(stdout);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as { sets: SetJson[] };
}

const keys = [
  'name',
  'n',
  'correct',
  'medianMs',
  'p95Ms',
  'maxMs',
  'perSecond',
  'peakRssMiB',
  'backend',
  'connectivity',
  'engine',
  'jobs',
  'proofs',
  'failures',
];

describe('hitori-sat bench', () => {
  it('prints one JSON object with one entry per set, in argument order', async () => {
    const result = await benchRun(...bothSets);
    const report = parseReport(result.stdout);
    expect(Object.keys(report)).toEqual(['sets']);
    expect(report.sets.map((s) => s.name)).toEqual(['bench-wrong.jsonl', 'bench-small.jsonl']);
    for (const set of report.sets) {
      expect(Object.keys(set)).toEqual(keys);
      expect(set).toMatchObject({ backend: 'cadical', engine: 'hybrid', jobs: 1 });
      expect(['lazy', 'layers']).toContain(set.connectivity);
      for (const k of ['medianMs', 'p95Ms', 'maxMs', 'perSecond', 'peakRssMiB'] as const) expect(set[k]).toBeGreaterThan(0);
      expect(set.medianMs).toBeLessThanOrEqual(set.p95Ms);
      expect(set.p95Ms).toBeLessThanOrEqual(set.maxMs);
    }
    expect(report.sets[1]).toMatchObject({ n: 5, correct: 5, failures: [] });
    // Every verdict of the default engine is proven, by deduction or by SAT.
    for (const set of report.sets) expect(set.proofs.deduction + set.proofs.sat).toBe(set.n);
  });

  it('judges a right answer against a wrong published solution as wrong: correct < n, its id listed, exit 1', async () => {
    const result = await benchRun(...bothSets);
    const [set] = parseReport(result.stdout).sets;
    expect(set).toMatchObject({ name: 'bench-wrong.jsonl', n: 5, correct: 4, failures: ['janko-013'] });
    expect(result.code).toBe(1);
    // Why, on stderr: one line per failure.
    expect(linesOf(result.stderr)).toEqual([
      'hitori-sat: bench-wrong.jsonl, line 2 (janko-013): wrong answer: unique, but not the published solution',
    ]);
  });

  it('accepts "none" and "multiple" where the set counts 0 and 2 solutions', async () => {
    const result = await benchRun(...bothSetsSat);
    const [set] = parseReport(result.stdout).sets;
    expect(set).toMatchObject({ name: 'bench-wrong.jsonl', n: 5, correct: 4 });
    expect(set!.failures).toEqual(['janko-013']);
    expect(set).toMatchObject({ backend: 'minisat', connectivity: 'lazy' });
  });

  it('gives the same correctness with --jobs 2 (each worker warmed up) as with one job', async () => {
    // One job is the default (the first test reads it in the report).
    const one = await benchRun(...bothSets);
    const two = await benchRun('bench-wrong.jsonl', 'bench-small.jsonl', '--json', '--warmup', '1', '--jobs', '2', ...onceTimed);
    const pick = (stdout: string) => parseReport(stdout).sets.map(({ name, n, correct, failures }) => ({ name, n, correct, failures }));
    expect(pick(two.stdout)).toEqual(pick(one.stdout));
    expect(parseReport(two.stdout).sets.every((s) => s.jobs === 2)).toBe(true);
    expect(two.code).toBe(one.code);
  });

  it('runs every engine of solve --engine; hybrid (the default), which proves with deductions or SAT, judges like sat', async () => {
    const pick = (stdout: string) => parseReport(stdout).sets.map(({ name, n, correct, failures }) => ({ name, n, correct, failures }));
    const sat = await benchRun(...bothSetsSat);
    const hybrid = await benchRun(...bothSets);
    expect(pick(hybrid.stdout)).toEqual(pick(sat.stdout));
    expect(parseReport(sat.stdout).sets.every((s) => s.engine === 'sat')).toBe(true);
    expect(parseReport(hybrid.stdout).sets.every((s) => s.engine === 'hybrid')).toBe(true);
    // The rules alone may be stuck on a puzzle; whatever they answer is judged, one entry per set.
    const rules = await benchRun(...bothSets, ...onceTimed, '--engine', 'rules');
    const sets = parseReport(rules.stdout).sets;
    expect(sets.map((s) => [s.name, s.n, s.engine])).toEqual([
      ['bench-wrong.jsonl', 5, 'rules'],
      ['bench-small.jsonl', 5, 'rules'],
    ]);
    for (const s of sets) expect(s.correct + s.failures.length).toBe(s.n);
    expect([0, 1, 4]).toContain(rules.code);
  });

  it('prints an aligned table, the settings, and each wrong answer with its line and reason', async () => {
    const result = await runInProcess([
      'bench',
      'bench-small.jsonl',
      'bench-wrong.jsonl',
      '--warmup',
      '0',
      '--connectivity',
      'lazy',
      ...onceTimed,
    ]);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(/^set\s+n\s+correct\s+by deduction\s+by SAT\s+median ms\s+p95 ms\s+max ms\s+puzzles\/s\s+peak RSS MiB$/);
    expect(lines[1]).toMatch(/^bench-small\.jsonl\s+5\s+5\s/);
    expect(lines[2]).toMatch(/^bench-wrong\.jsonl\s+5\s+4\s/);
    // Right-aligned columns end where the header's do.
    expect(lines[1]!.length).toBe(lines[0]!.length);
    expect(result.stdout).toMatch(
      /engine hybrid, backend cadical, connectivity lazy, 1 job\(s\), no warm-up, time limit 60000 ms per puzzle$/m,
    );
    expect(result.stdout).toMatch(/bench-wrong\.jsonl, line 2 \(janko-013\): wrong answer: unique, but not the published solution/);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
  });

  it('says "all answers correct" and exits 0 when they are', async () => {
    const result = await runInProcess(['bench', 'bench-small.jsonl', '--warmup', '0', '--limit', '3', ...onceTimed]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^bench-small\.jsonl\s+3\s+3\s/m);
    expect(result.stdout).toMatch(/all answers correct\n$/);
    expect(result.code).toBe(0);
  });

  it('rejects a bad set file with one stderr line naming the file and line, before solving anything (exit 2)', async () => {
    const result = await runInProcess(['bench', 'bench-small.jsonl', 'bench-bad.jsonl', '--json']);
    expect(result.stdout).toBe('');
    expect(linesOf(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^hitori-sat: bench-bad\.jsonl, line 3, column \d+: not valid JSON/);
    expect(result.code).toBe(2);
  });

  it('rejects a missing file, an unknown engine and a bad --jobs with one line (exit 2)', async () => {
    for (const args of [
      ['bench', 'missing.jsonl'],
      ['bench', 'bench-small.jsonl', '--engine', 'guess'],
      ['bench', 'bench-small.jsonl', '--jobs', '0'],
    ]) {
      const result = await runInProcess(args);
      expect(result.stdout).toBe('');
      expect(linesOf(result.stderr)).toHaveLength(1);
      expect(result.code).toBe(2);
    }
  });

  it('counts a puzzle that reaches the time limit as a timeout (exit 3)', async () => {
    // A 1 ms limit on the layered 17x17: building its CNF alone takes far longer.
    const dir = mkdtempSync(join(tmpdir(), 'hitori-bench-'));
    try {
      const set = join(dir, 'timeout.jsonl');
      writeFileSync(set, `${JSON.stringify(JSON.parse(readFileSync(fixture('janko-037.json'), 'utf8')))}\n`);
      const result = await run(['bench', set, '--json', '--warmup', '0', '--engine', 'sat', '--timeout', '1', '--connectivity', 'layers']);
      const [entry] = parseReport(result.stdout).sets;
      expect(entry).toMatchObject({ n: 1, correct: 0, failures: ['janko-037'] });
      expect(result.code).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
