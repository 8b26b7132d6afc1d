/**
 * Batch mode (`solve`, `rate --batch`, `explain`, on a .jsonl file or `--batch` with stdin): one
 * JSON line per puzzle line, in order, ids kept, bad lines as error records, and answers equal
 * to solving each puzzle on its own. Every eighth janko puzzle (111 of 881) is solved with
 * --jobs 2 and compared with its published solution and with the library solving it alone;
 * test/solve/deduction-first.test.ts holds all 881 to their published solutions. (All 881 took
 * this file 129 s at load 17, solving each four times over.) The command runs in the command
 * host (in-process.ts), but where a time limit must end it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeProgress } from '../../src/render/batch.js';
import { parse, solve } from '../../src/node.js';
import { fixture, linesOf, repoRoot, run } from './run.js';
import { runInProcess } from './in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'hitori-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SetRecord {
  id: string;
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

/** Every eighth bundled janko puzzle, in the set's order, as one JSON Lines file. */
const jankoDir = join(repoRoot, 'bench', 'sets', 'janko');
const jankoLines = linesOf(
  readdirSync(jankoDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => readFileSync(join(jankoDir, f), 'utf8'))
    .join(''),
);
const jankoAll = jankoLines.map((l) => JSON.parse(l) as SetRecord);
const jankoSample = jankoLines.filter((_, k) => k % 8 === 0);
const janko = jankoSample.map((l) => JSON.parse(l) as SetRecord);
const jankoPath = join(dir, 'janko-sample.jsonl');
writeFileSync(jankoPath, `${jankoSample.join('\n')}\n`);

type Output = Record<string, unknown> & { line: number; id: string | null };
const records = (stdout: string) => linesOf(stdout).map((l) => JSON.parse(l) as Output);
/** A report without its timing, which differs from run to run. */
const untimed = ({ timeMs: _t, line: _l, ...rest }: Record<string, unknown>) => rest;

describe('solve over 111 janko puzzles as JSON Lines, --jobs 2', () => {
  it('answers every line in order, with its id, unique and equal to the published solution and to one-by-one solves', async () => {
    expect(jankoLines).toHaveLength(881);
    expect(janko).toHaveLength(111);
    const r = await runInProcess(['solve', jankoPath, '--jobs', '2']);
    // Only the summary, one line, off a terminal too.
    expect(r.stderr).toMatch(/^solve: 111 puzzles in \d+\.\d\d s: 111 unique, 0 multiple, 0 none; 0 errors\n$/);
    expect(r.code).toBe(0);
    const out = records(r.stdout);
    expect(out.map((o) => [o.line, o.id])).toEqual(janko.map((p, k) => [k + 1, p.id]));
    for (const [k, o] of out.entries()) {
      expect(o['status'], janko[k]!.id).toBe('unique');
      expect(o['solution'], janko[k]!.id).toEqual(janko[k]!.solution);
    }
    // One by one, in-process, through the library.
    for (const [k, p] of janko.entries()) {
      const alone = await solve({ rows: p.rows, cols: p.cols, values: p.grid.flat(), id: p.id });
      expect([alone.status, alone.solutions.length], p.id).toEqual([out[k]!['status'], (out[k]!['solutions'] as unknown[]).length]);
    }
  });

  it('gives, line for line, the report of a single solve run on that puzzle (a sample of lines)', async () => {
    const r = await runInProcess(['solve', jankoPath, '--jobs', '2', '--format', 'json']);
    const out = records(r.stdout);
    for (const k of [0, 20, 50, 80, 110]) {
      const alone = await runInProcess(['solve', '-', '--format', 'json'], { stdin: JSON.stringify(janko[k]) });
      expect(untimed(out[k]!)).toEqual(untimed(JSON.parse(alone.stdout) as Record<string, unknown>));
    }
  });
});

describe('batch input', () => {
  const mixed = [
    '{"id":"ok-1","grid":[[1,1],[2,1]]}',
    '',
    '{"id":"bad-json","grid":[[1,x]]}',
    'https://puzz.link/p?hitori/4/4/3314432213423432',
    '{"id":"ragged","grid":[[1,2],[3]]}',
    '{"id":"ok-2","grid":[[2,2],[2,1]]}',
  ].join('\n');

  it('gives a bad line an error record with its line number and goes on; exit code 2', async () => {
    const r = await runInProcess(['solve', '-', '--batch'], { stdin: mixed });
    expect(r.code).toBe(2);
    // The summary counts the errors by kind.
    expect(r.stderr).toMatch(/^solve: 5 puzzles in \d+\.\d\d s: 3 unique, 0 multiple, 0 none; 2 errors \(2 input\)\n$/);
    const out = records(r.stdout);
    expect(out.map((o) => o.line)).toEqual([1, 3, 4, 5, 6]);
    expect(out[0]).toMatchObject({
      id: 'ok-1',
      status: 'unique',
      solution: [
        [0, 1],
        [0, 0],
      ],
    });
    expect(out[1]).toEqual({ line: 3, id: null, error: 'stdin, line 3, column 29: not valid JSON: unexpected "x"' });
    expect(out[2]).toMatchObject({
      id: null,
      rows: 4,
      cols: 4,
      status: 'unique',
      solution: jankoAll.find((p) => p.id === 'janko-001')!.solution,
    });
    expect(out[3]).toEqual({ line: 5, id: 'ragged', error: 'stdin, line 5, row 2: grid row 2 has 1 values, row 1 has 2' });
    expect(out[4]).toMatchObject({
      id: 'ok-2',
      status: 'unique',
      solution: [
        [1, 0],
        [0, 0],
      ],
    });
  });

  it('keeps the order of the input with several workers, whatever finishes first', async () => {
    const big = readFileSync(fixture('janko-037.json'), 'utf8').replace(/\s+/g, ' ').trim();
    const lines = [big, '{"id":"tiny","grid":[[1]]}', big, '{"id":"tiny2","grid":[[1,1]]}'];
    const r = await runInProcess(['solve', '-', '--batch', '--jobs', '3'], { stdin: lines.join('\n') });
    expect(r.code).toBe(0);
    expect(records(r.stdout).map((o) => [o.line, o.id])).toEqual([
      [1, 'janko-037'],
      [2, 'tiny'],
      [3, 'janko-037'],
      [4, 'tiny2'],
    ]);
  });

  it('exits 3 when some line reaches the time limit, and answers the others', async () => {
    const r = await run(['solve', jankoPath, '--engine', 'rules', '--timeout', '1'], { killAfterMs: 120_000 });
    expect(r.code).toBe(3);
    expect(records(r.stdout)).toHaveLength(111);
  });

  it('caps --jobs at the cores, with a warning line before the summary', async () => {
    const cores = availableParallelism();
    const r = await runInProcess(['rate', '-', '--batch', '--jobs', '999'], { stdin: '{"id":"a","grid":[[1,1],[2,1]]}\n' });
    expect(r.code).toBe(0);
    expect(linesOf(r.stderr)).toEqual([
      `hitori-sat: warning: --jobs 999 is more than the ${cores} core${cores === 1 ? '' : 's'}; using ${cores}`,
      expect.stringMatching(/^rate: 1 puzzle in \d+\.\d\d s: 1 D; 0 errors$/),
    ]);
  });

  it('refuses --jobs without a batch input, and a missing file, as usage errors', async () => {
    const jobs = await runInProcess(['solve', 'janko-037.txt', '--jobs', '2']);
    expect(jobs.code).toBe(2);
    expect(jobs.stderr).toMatch(/--jobs goes with a batch/);
    const missing = await runInProcess(['solve', 'missing.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('hitori-sat: missing.jsonl: cannot read it: no such file\n');
  });
});

describe('convert in batch', () => {
  it('writes every janko puzzle as a puzz.link URL, one plain line per puzzle in input order, each reading back as the puzzle', async () => {
    const r = await runInProcess(['convert', jankoPath, '--to', 'url', '--jobs', '2']);
    expect(r.code).toBe(0);
    const urls = r.stdout.split('\n').filter((line) => line !== '');
    expect(urls).toHaveLength(janko.length);
    for (const [k, url] of urls.entries()) {
      expect(url).toMatch(/^https:\/\/puzz\.link\/p\?hitori\//);
      expect(parse(url).values, janko[k]!.id).toEqual(janko[k]!.grid.flat());
    }
  });

  it('writes a batch to -o whole, the same lines as on stdout, and leaves no temporary file', async () => {
    const folder = mkdtempSync(join(dir, 'batch-o-'));
    const target = join(folder, 'urls.txt');
    const [toFile, toStdout] = await Promise.all([
      runInProcess(['convert', jankoPath, '--to', 'url', '-o', target]),
      runInProcess(['convert', jankoPath, '--to', 'url']),
    ]);
    expect([toFile.code, toStdout.code]).toEqual([0, 0]);
    expect(toFile.stdout).toBe('');
    expect(readFileSync(target, 'utf8')).toBe(toStdout.stdout);
    expect(readdirSync(folder)).toEqual(['urls.txt']);
  });
});

describe('the progress line', () => {
  it('tells lines done, the rate, and by bytes read the share and the time left', () => {
    expect(describeProgress({ lines: 500, bytesRead: 250, totalBytes: 1000, elapsedMs: 10_000 })).toBe('500 lines, 50/s, 25%, ETA 30s');
    expect(describeProgress({ lines: 90, bytesRead: 10, totalBytes: undefined, elapsedMs: 3000 })).toBe('90 lines, 30/s');
    expect(describeProgress({ lines: 1, bytesRead: 1, totalBytes: 100, elapsedMs: 100_000 })).toBe('1 lines, 0/s, 1%, ETA 2h 45m');
  });
});

describe('rate and explain in batch', () => {
  const sample = janko.filter((_, k) => k % 60 === 0);
  const samplePath = join(dir, 'sample.jsonl');
  writeFileSync(samplePath, `${sample.map((p) => JSON.stringify(p)).join('\n')}\n`);

  it('rate --batch gives each line the JSON of rate --format json on that puzzle', async () => {
    const r = await runInProcess(['rate', samplePath, '--batch', '--jobs', '2']);
    expect(r.code).toBe(0);
    const out = records(r.stdout);
    expect(out.map((o) => o.id)).toEqual(sample.map((p) => p.id));
    for (const [k, p] of sample.entries()) {
      const alone = await runInProcess(['rate', '-', '--format', 'json'], { stdin: JSON.stringify(p) });
      expect(untimed(out[k]!)).toEqual(untimed(JSON.parse(alone.stdout) as Record<string, unknown>));
    }
  });

  it('explain on a .jsonl file gives each line the JSON of explain --format json, its board the published solution', async () => {
    const r = await runInProcess(['explain', samplePath, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = records(r.stdout);
    for (const [k, p] of sample.entries()) {
      expect(out[k]!['board'], p.id).toEqual(p.solution);
      const alone = await runInProcess(['explain', '-', '--format', 'json'], { stdin: JSON.stringify(p) });
      expect(untimed(out[k]!)).toEqual(untimed(JSON.parse(alone.stdout) as Record<string, unknown>));
    }
  });
});
