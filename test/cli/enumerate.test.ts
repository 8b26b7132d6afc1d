/**
 * `hitori-sat enumerate`: the command's JSON and text, shards run the way a scheduler runs them
 * (through GNU parallel when it is installed), merging, and the refusals.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, run, type RunResult } from './run.js';
import { runInProcess } from './in-process.js';

/** Every folder these tests make is under this one, removed at the end. */
const scratch = mkdtempSync(join(tmpdir(), 'hitori-enumerate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Result {
  format: string;
  rows: number;
  cols: number;
  symbols: number;
  prune: boolean;
  shard: { index: number; count: number } | null;
  complete: boolean;
  classes: number;
  pruned: number;
  conventions: Record<string, { none: number; unique: number; multiple: number }>;
  histogram: Record<string, number> | null;
}

const counted = (r: Result) => ({ classes: r.classes, pruned: r.pruned, conventions: r.conventions, histogram: r.histogram });
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Runs the command in the command host with the scheduler variables that `--shard auto/n` reads
 * set as given (as a scheduler sets them) and the others removed (this test may itself run under
 * a scheduler). What is read is the environment, not the process: no process start each.
 */
function runWithScheduler(args: string[], env: Record<string, string>): Promise<RunResult> {
  return runInProcess(args, { env: { SLURM_ARRAY_TASK_ID: null, JOB_COMPLETION_INDEX: null, PARALLEL_SEQ: null, ...env } });
}

/** A folder with `hitori-sat` (the built command), for the PATH of a command the merge printed. */
let binFolder = '';
function bin(): string {
  if (binFolder === '') {
    binFolder = mkdtempSync(join(scratch, 'bin-'));
    symlinkSync(cliPath, join(binFolder, 'hitori-sat'));
  }
  return binFolder;
}

/**
 * The unsharded count of 3x3 over 3 symbols, made once: the first test reads its record, the
 * shard tests compare their merges with it. One thread: the worker threads have a test of their
 * own (--jobs 2, below), and the default --jobs runs in the README's examples.
 */
let whole: Promise<RunResult> | undefined;
const wholeRun = () => {
  whole ??= runInProcess(['enumerate', '3x3', '--symbols', '3', '--format', 'json', '--jobs', '1']);
  return whole;
};

describe('hitori-sat enumerate', () => {
  it('prints the JSON record with the counts per convention and the histogram of 3x3 over 3 symbols', async () => {
    const r = await wholeRun();
    expect(r.code).toBe(0);
    // Not a terminal: no progress line.
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout) as Result;
    expect(json).toMatchObject({ format: 'hitori-sat enumerate', rows: 3, cols: 3, symbols: 3, prune: false, complete: true, shard: null });
    expect(json.classes).toBe(3281);
    expect(Object.keys(json.conventions)).toEqual(['literal', 'unique-white', 'shaded-duplicates']);
    const h = json.histogram!;
    expect(Object.values(h).reduce((a, b) => a + b, 0)).toBe(json.conventions['shaded-duplicates']!.unique);
  });

  it('prints a text table beside the thesis numbers, pruned counts beside Table 15', async () => {
    const r = await runInProcess(['enumerate', '4x3', '--symbols', '4', '--prune', '--no-histogram', '--jobs', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('700,075');
    expect(r.stdout).toMatch(/left after pruning\s+667,478\s+489,697 \(Table 15/);
    expect(r.stdout).toMatch(/shaded-duplicates\s+564,761\s+59,054/);
  });

  describe('3x3 over 3 symbols in 7 shards', () => {
    let dir = '';
    let whole: Result;
    // The smallest board whose enumeration splits into 7 shards of several hundred classes each
    // (and each shard's prefixes into deeper work items). Each shard in one thread: how a shard is
    // spread over threads is the same as for the whole run (--jobs 2, below).
    beforeAll(async () => {
      dir = mkdtempSync(join(scratch, 'run-'));
      const r = await wholeRun();
      expect(r.code).toBe(0);
      whole = JSON.parse(r.stdout) as Result;
      const args = ['enumerate', '3x3', '--symbols', '3', '--format', 'json', '--jobs', '1', '--shard', 'auto/7'];
      if (hasParallel) {
        // GNU parallel sets PARALLEL_SEQ (1..7) for each job; --shard auto/7 reads it.
        const p = spawnSync(
          'parallel',
          ['--will-cite', '--jobs', '2', process.execPath, cliPath, ...args, '-o', join(dir, 'shard-{}.json'), ':::', ...'1234567'],
          {
            encoding: 'utf8',
          },
        );
        expect(p.status, p.stderr).toBe(0);
      } else {
        console.warn('GNU parallel is not installed: running the 7 shards one after another');
        for (let k = 1; k <= 7; k++)
          expect((await runWithScheduler([...args, '-o', join(dir, `shard-${k}.json`)], { PARALLEL_SEQ: String(k) })).code).toBe(0);
      }
    }, 240_000);
    const files = () => Array.from({ length: 7 }, (_, k) => join(dir, `shard-${k + 1}.json`));

    it('writes one complete result per shard, naming its shard, and the merge equals the unsharded run', async () => {
      const shards = files().map((f) => JSON.parse(readFileSync(f, 'utf8')) as Result);
      expect(shards.map((s) => s.shard!.index).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(shards.every((s) => s.complete && s.shard!.count === 7)).toBe(true);
      const r = await runInProcess(['enumerate', '--merge', ...files(), '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const merged = JSON.parse(r.stdout) as Result;
      expect(merged.shard).toBeNull();
      expect(counted(merged)).toEqual(counted(whole));
      expect(merged.classes).toBe(3281);
    });

    it('counts the same with --jobs 2 (worker threads) as in one thread', async () => {
      const r = await runInProcess(['enumerate', '3x3', '--symbols', '3', '--format', 'json', '--jobs', '2']);
      expect(r.code, r.stderr).toBe(0);
      expect(counted(JSON.parse(r.stdout) as Result)).toEqual(counted(whole));
    });

    it('refuses a merge with a shard missing, naming it and printing the command that counts just that one', async () => {
      const r = await runInProcess(['enumerate', '--merge', ...files().slice(1)]);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^hitori-sat: merge: shard 0\/7 is missing \(6 of 7 given\)/);
      // The files are shard-1..7.json for shards 0..6 (PARALLEL_SEQ), so no name follows from
      // the shard number: the command writes shard-0.json beside them.
      expect(lines[1]!.trim()).toBe(`hitori-sat enumerate 3x3 --symbols 3 --shard 0/7 --format json -o ${join(dir, 'shard-0.json')}`);
    });

    it('adds up the shards given as a sample with --sample: the whole less the shard left out, and says so', async () => {
      const shards = files().map((f) => JSON.parse(readFileSync(f, 'utf8')) as Result & { expectedClasses: number });
      const left = shards.find((s) => s.shard!.index === 0)!;
      const given = files().filter((_, k) => shards[k] !== left);
      const json = await runInProcess(['enumerate', '--merge', ...given, '--sample', '--format', 'json']);
      expect(json.code, json.stderr).toBe(0);
      const sample = JSON.parse(json.stdout) as Result & { sample: { shards: number; of: number } };
      expect(sample.sample).toEqual({ shards: 6, of: 7 });
      expect(sample.classes).toBe(whole.classes - left.classes);
      for (const [name, v] of Object.entries(whole.conventions))
        expect(sample.conventions[name], name).toEqual({
          none: v.none - left.conventions[name]!.none,
          unique: v.unique - left.conventions[name]!.unique,
          multiple: v.multiple - left.conventions[name]!.multiple,
        });
      const text = await runInProcess(['enumerate', '--merge', ...given, '--sample']);
      const share = (100 * (3281 - left.expectedClasses)) / 3281;
      expect(text.stdout.split('\n')[0]).toContain(`(a sample: merged from 6 of 7 shards, ${share.toFixed(1)}% of the sequences)`);
      // Without --merge there is nothing to sample.
      const alone = await runInProcess(['enumerate', '3x3', '--sample']);
      expect(alone.code).toBe(2);
      expect(alone.stderr).toMatch(/--sample goes with --merge/);
    });

    it('prints a command for the missing shards that, pasted into sh, writes them where the other files are named', async () => {
      // The shards as "part N.json" (N its shard number) in a folder with a space; 2 and 5 missing.
      const folder = join(dir, 'with space');
      mkdirSync(folder);
      for (const file of files()) {
        const index = (JSON.parse(readFileSync(file, 'utf8')) as Result).shard!.index;
        if (index !== 2 && index !== 5) copyFileSync(file, join(folder, `part ${index}.json`));
      }
      const part = (k: number) => join(folder, `part ${k}.json`);
      const r = await runInProcess(['enumerate', '--merge', ...[0, 1, 3, 4, 6].map(part)]);
      expect(r.code).toBe(2);
      const [first, command, ...rest] = r.stderr.trim().split('\n');
      expect(rest).toEqual([]);
      expect(first).toBe('hitori-sat: merge: shards 2/7 and 5/7 are missing (5 of 7 given); count just those, then merge again:');
      expect(command!.trim()).toBe(
        `for i in 2 5; do hitori-sat enumerate 3x3 --symbols 3 --shard \${i}/7 --format json -o '${folder}/part '\${i}.json; done`,
      );
      const pasted = spawnSync('sh', ['-c', command!], { encoding: 'utf8', env: { ...process.env, PATH: `${bin()}:${process.env.PATH}` } });
      expect(pasted.status, pasted.stderr).toBe(0);
      const merged = await runInProcess(['enumerate', '--merge', ...[0, 1, 2, 3, 4, 5, 6].map(part), '--format', 'json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(counted(JSON.parse(merged.stdout) as Result)).toEqual(counted(whole));
    });

    it('refuses a merge with a shard given twice, naming both files', async () => {
      const copy = join(dir, 'copy.json');
      writeFileSync(copy, readFileSync(files()[3]!));
      const r = await runInProcess(['enumerate', '--merge', ...files(), copy]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/given twice/);
      expect(r.stderr).toContain('copy.json');
    });

    it('refuses shards of another enumeration (other pruning) and files that are not results', async () => {
      const other = JSON.parse(readFileSync(files()[2]!, 'utf8')) as Record<string, unknown>;
      const odd = join(dir, 'pruned.json');
      writeFileSync(odd, JSON.stringify({ ...other, prune: true }));
      const r = await runInProcess(['enumerate', '--merge', ...files().filter((_, k) => k !== 2), odd]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/pruned\.json: it counts 3x3 over 3 symbols, pruned, but .* counts 3x3 over 3 symbols$/m);
      const junk = join(dir, 'junk.json');
      writeFileSync(junk, '{"hello": 1}');
      const j = await runInProcess(['enumerate', '--merge', junk]);
      expect(j.code).toBe(2);
      expect(j.stderr).toMatch(/junk\.json: not an enumeration result/);
    });

    it('refuses a shard that stopped early', async () => {
      const stopped = JSON.parse(readFileSync(files()[0]!, 'utf8')) as Record<string, unknown>;
      const partial = join(dir, 'partial.json');
      writeFileSync(partial, JSON.stringify({ ...stopped, complete: false }));
      const r = await runInProcess(['enumerate', '--merge', partial, ...files().slice(1)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/stopped early/);
    });
  });

  it("the missing shards' command keeps the options the given shards were counted with", async () => {
    // On 2x3 over 3 symbols: 122 classes, the ways to split 6 cells into at most 3 groups
    // (Stirling numbers of the second kind, 1 + 31 + 90), whatever the options.
    const dir = mkdtempSync(join(scratch, 'run-'));
    const cases = [
      [['--prune', '--no-histogram'], '--symbols 3 --prune --no-histogram'],
      [['--rate-rules', 'two-sat', '--no-symmetry'], '--symbols 3 --rate-rules two-sat --no-symmetry'],
    ] as const;
    for (const [k, [options, flags]] of cases.entries()) {
      const given = join(dir, `case${k}-shard-0.json`);
      const r = await runInProcess([
        'enumerate',
        '2x3',
        '--symbols',
        '3',
        ...options,
        '--jobs',
        '1',
        '--shard',
        '0/2',
        '--format',
        'json',
        '-o',
        given,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const merge = await runInProcess(['enumerate', '--merge', given]);
      expect(merge.code).toBe(2);
      // One shard missing: a plain command, no loop; the name follows case<k>-shard-<i>.json.
      expect(merge.stderr.trim().split('\n')[1]!.trim()).toBe(
        `hitori-sat enumerate 2x3 ${flags} --shard 1/2 --format json -o ${join(dir, `case${k}-shard-1.json`)}`,
      );
      const pasted = spawnSync('sh', ['-c', merge.stderr.trim().split('\n')[1]!], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin()}:${process.env.PATH}` },
      });
      expect(pasted.status, pasted.stderr).toBe(0);
      const merged = await runInProcess(['enumerate', '--merge', given, join(dir, `case${k}-shard-1.json`), '--format', 'json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect((JSON.parse(merged.stdout) as Result).classes).toBe(122);
    }
  });

  it('takes the shard from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (0-based) with --shard auto/n', async () => {
    const args = ['enumerate', '3x3', '--no-histogram', '--jobs', '1', '--format', 'json', '--shard', 'auto/3'];
    const slurm = await runWithScheduler(args, { SLURM_ARRAY_TASK_ID: '2' });
    expect((JSON.parse(slurm.stdout) as Result).shard).toMatchObject({ index: 2, count: 3 });
    const indexed = await runWithScheduler(args, { JOB_COMPLETION_INDEX: '0' });
    expect((JSON.parse(indexed.stdout) as Result).shard).toMatchObject({ index: 0, count: 3 });
    const none = await runWithScheduler(args, {});
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/auto needs one of SLURM_ARRAY_TASK_ID/);
  });

  it('stops at --timeout with exit code 3 and writes the partial result, marked incomplete', async () => {
    const dir = mkdtempSync(join(scratch, 'run-'));
    const out = join(dir, 'partial.json');
    const r = await run(['enumerate', '4x4', '--symbols', '4', '--timeout', '300', '--format', 'json', '-o', out]);
    expect(r.code).toBe(3);
    const json = JSON.parse(readFileSync(out, 'utf8')) as Result & { itemsDone: number; items: number };
    expect(json.complete).toBe(false);
    expect(json.itemsDone).toBeLessThan(json.items);
    expect(json.classes).toBeLessThan(178_973_355);
  });

  it('keeps --timeout while it builds the tables of a large board (5x5 over 5 symbols): exit 3, nothing counted', async () => {
    const r = await run(['enumerate', '5x5', '--timeout', '500', '--format', 'json'], { killAfterMs: 30_000 });
    expect(r.code, r.stderr).toBe(3);
    const json = JSON.parse(r.stdout) as { complete: boolean; itemsDone: number; items: number };
    expect(json.complete).toBe(false);
    expect(json.itemsDone).toBe(0);
    expect(r.stderr).toMatch(/time limit of 500 ms reached after 0 of \d+ work items/);
  });

  it.skipIf(!hasScript)('draws a progress line with rate and ETA on stderr when it is a terminal', () => {
    const dir = mkdtempSync(join(scratch, 'run-'));
    const line = /enumerate 4x4\(4\): [\d.]+% \(\d+\/2795 items\), [\d.]+[kM]? sequences\/s, ETA/;
    // The limit (counted from the process start) must leave time to draw the line: 1 s does on a
    // quiet machine; where a busy one took it all to start, the run is repeated with a longer one.
    let shown = '';
    for (const ms of ['1000', '4000']) {
      const command = [process.execPath, cliPath, 'enumerate', '4x4', '--no-histogram', '--timeout', ms, '-o', join(dir, 'out.json')];
      // script(1) runs the command on a pseudo-terminal and copies what it shows.
      shown = spawnSync('script', ['-qec', command.map((a) => `'${a}'`).join(' '), '/dev/null'], { encoding: 'utf8' }).stdout;
      if (line.test(shown)) break;
    }
    expect(shown).toMatch(line);
  });

  it.each([
    [['enumerate', '4y4'], /not a board size/],
    [['enumerate', '3x3', '--shard', '3/3'], /shard 3 is not in 0\.\.2/],
    [['enumerate', '3x3', '--shard', '0/0'], /shard count must be from 1/],
    [['enumerate', '3x3', '--shard', 'first/3'], /--shard: must be i\/n or auto\/n/],
    [['enumerate', '3x3', '--symbols', '10'], /more than the 9 cells can use/],
    [['enumerate', '6x6'], /enumeration handles at most 30/],
    [['enumerate'], /missing the board size/],
  ])('rejects %j with one line and exit code 2', async (args, message) => {
    const r = await runInProcess(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
