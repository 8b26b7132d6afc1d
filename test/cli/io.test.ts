/**
 * Output files (src/cli/io.ts, through `dimacs -o`, `convert -o`, `enumerate -o`): written atomically through a temporary file
 * and a rename, never over the input, through symbolic links to their target, straight into
 * devices and FIFOs (which a rename would replace), and cleaned up when a signal interrupts.
 *
 * A signal and a full stdout are the process's: those run the command as a process. The rest run
 * it in the command host (in-process.ts), which writes files through the same code (and runs
 * the 'exit' handlers that remove a temporary file, as a process's end does).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';
import { cliArgv, cliPath, fixture, linesOf } from './run.js';

let dir: string;
let cnf: string;
const puzzle = () => join(dir, 'p.txt');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-cli-io-'));
  writeFileSync(puzzle(), readFileSync(fixture('janko-002.txt')));
  cnf = (await runInProcess(['dimacs', puzzle()])).stdout;
  expect(cnf).toMatch(/^p cnf /m);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectOneLine(stderr: string, message: RegExp): void {
  const lines = linesOf(stderr);
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

/** No hidden temporary file left in the folder. */
function expectNoTemporary(folder: string): void {
  expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
}

describe('dimacs -o', () => {
  it('refuses an empty output name before any work, exit 2', async () => {
    const result = await runInProcess(['dimacs', puzzle(), '-o', '']);
    expect(result.code).toBe(2);
    expectOneLine(result.stderr, /^hitori-sat: --output: empty output name$/);
  });

  it('refuses to overwrite its input, named directly or through a symbolic link, and leaves it intact', async () => {
    const before = readFileSync(puzzle(), 'utf8');
    symlinkSync(puzzle(), join(dir, 'link-to-input.cnf'));
    for (const output of [puzzle(), join(dir, 'link-to-input.cnf')]) {
      const result = await runInProcess(['dimacs', puzzle(), '-o', output]);
      expect(result.code).toBe(2);
      expectOneLine(result.stderr, /cannot write it: it is the input .*p\.txt, which the output would overwrite/);
    }
    expect(readFileSync(puzzle(), 'utf8')).toBe(before);
    expectNoTemporary(dir);
  });

  it('follows a symbolic link: the target gets the CNF, the link stays a link, also when the target does not exist yet', async () => {
    writeFileSync(join(dir, 'target.cnf'), 'OLD\n');
    symlinkSync('target.cnf', join(dir, 'link.cnf'));
    symlinkSync('new-target.cnf', join(dir, 'dangling.cnf'));
    for (const [link, target] of [
      ['link.cnf', 'target.cnf'],
      ['dangling.cnf', 'new-target.cnf'],
    ] as const) {
      const result = await runInProcess(['dimacs', puzzle(), '-o', join(dir, link)]);
      expect(result.code, result.stderr).toBe(0);
      expect(lstatSync(join(dir, link)).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(dir, target), 'utf8')).toBe(cnf);
    }
    expectNoTemporary(dir);
  });

  it('keeps the permissions of the file it replaces', async () => {
    const out = join(dir, 'private.cnf');
    writeFileSync(out, 'OLD\n');
    chmodSync(out, 0o600);
    const result = await runInProcess(['dimacs', puzzle(), '-o', out]);
    expect(result.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, 'utf8')).toBe(cnf);
  });

  it('writes straight into a device: /dev/null stays a device, /dev/full is a one-line error with exit 2', async () => {
    const ok = await runInProcess(['dimacs', puzzle(), '-o', '/dev/null']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    if (!existsSync('/dev/full')) return;
    const full = await runInProcess(['dimacs', puzzle(), '-o', '/dev/full']);
    expect(full.code).toBe(2);
    expectOneLine(full.stderr, /^hitori-sat: \/dev\/full: cannot write it: no space left on the device$/);
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
    'writes straight into a FIFO, which a reader receives whole; the FIFO stays a FIFO',
    async () => {
      const fifo = join(dir, 'pipe.cnf');
      spawnSync('mkfifo', [fifo]);
      const reader = spawn('cat', [fifo]);
      const received: Buffer[] = [];
      reader.stdout.on('data', (b: Buffer) => received.push(b));
      const done = new Promise<void>((resolve) => reader.on('close', () => resolve()));
      const result = await runInProcess(['dimacs', puzzle(), '-o', fifo]);
      await done;
      expect(result.code, result.stderr).toBe(0);
      expect(Buffer.concat(received).toString('utf8')).toBe(cnf);
      expect(statSync(fifo).isFIFO()).toBe(true);
    },
  );

  it('a full stdout (/dev/full) is a one-line error with exit 2, not a stack trace', async () => {
    if (!existsSync('/dev/full')) return;
    const result = spawnSync(process.execPath, [cliPath, 'dimacs', puzzle()], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    expect(result.status).toBe(0);
    const full = spawnSync('sh', ['-c', `"${process.execPath}" "${cliPath}" dimacs "${puzzle()}" > /dev/full`], { encoding: 'utf8' });
    expect(full.status).toBe(2);
    expectOneLine(full.stderr, /^hitori-sat: stdout: cannot write it: no space left on the device$/);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while writing removes the temporary file and leaves the old output as it was`, async () => {
      // A 30x30 Latin square: its layered CNF is about 50 MB of text, long enough to interrupt.
      const big = join(dir, `latin-${signal}.txt`);
      writeFileSync(
        big,
        Array.from({ length: 30 }, (_, r) => Array.from({ length: 30 }, (_, c) => 1 + ((r + c) % 30)).join(' ')).join('\n'),
      );
      const folder = mkdtempSync(join(dir, 'signal-'));
      const out = join(folder, 'big.cnf');
      writeFileSync(out, 'OLD CONTENT\n');
      const child = spawn(process.execPath, cliArgv(['dimacs', big, '-o', out]), { stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      // Wait for the temporary file, then interrupt.
      let sent = false;
      for (let k = 0; k < 6000 && !sent; k++) {
        if (readdirSync(folder).some((name) => name.endsWith('.tmp'))) {
          child.kill(signal);
          sent = true;
        } else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const exitSignal = await exited;
      expect(sent, 'the temporary file appeared').toBe(true);
      expect(exitSignal).toBe(signal);
      expect(readdirSync(folder)).toEqual(['big.cnf']);
      expect(readFileSync(out, 'utf8')).toBe('OLD CONTENT\n');
    });
  }
});

describe('every other command that writes a file (convert -o, enumerate -o)', () => {
  it('refuses its own input as the output, before reading it, and leaves it intact', async () => {
    const before = readFileSync(puzzle(), 'utf8');
    const convert = await runInProcess(['convert', puzzle(), '--to', 'json', '-o', puzzle()]);
    expect(convert.code).toBe(2);
    expectOneLine(convert.stderr, /cannot write it: it is the input .*p\.txt, which the output would overwrite/);
    expect(readFileSync(puzzle(), 'utf8')).toBe(before);

    const shard = join(dir, 'shard.json');
    const made = await runInProcess(['enumerate', '2x2', '--no-histogram', '--format', 'json', '-o', shard]);
    expect(made.code, made.stderr).toBe(0);
    const shardText = readFileSync(shard, 'utf8');
    const merge = await runInProcess(['enumerate', '--merge', shard, '-o', shard]);
    expect(merge.code).toBe(2);
    expectOneLine(merge.stderr, /cannot write it: it is the input .*shard\.json, which the output would overwrite/);
    expect(readFileSync(shard, 'utf8')).toBe(shardText);
    expectNoTemporary(dir);
  });

  it('refuses a folder and an empty name, exit 2, one line', async () => {
    for (const args of [
      ['convert', puzzle(), '--to', 'url', '-o', dir],
      ['enumerate', '2x2', '-o', dir],
    ]) {
      const result = await runInProcess(args);
      expect(result.code).toBe(2);
      expectOneLine(result.stderr, /cannot write it: it is a directory/);
    }
    for (const args of [
      ['convert', puzzle(), '--to', 'url', '-o', ''],
      ['enumerate', '2x2', '-o', ''],
    ]) {
      const result = await runInProcess(args);
      expect(result.code).toBe(2);
      expectOneLine(result.stderr, /^hitori-sat: --output: empty output name$/);
    }
  });

  it('a failed run leaves an existing output as it was, and no temporary file', async () => {
    const folder = mkdtempSync(join(dir, 'failed-'));
    const out = join(folder, 'out.txt');
    writeFileSync(out, 'OLD CONTENT\n');
    writeFileSync(join(folder, 'bad.txt'), '1 2\n2 x\n');
    const convert = await runInProcess(['convert', join(folder, 'bad.txt'), '--to', 'url', '-o', out]);
    expect(convert.code).toBe(2);
    const enumerate = await runInProcess(['enumerate', '--merge', join(folder, 'bad.txt'), '-o', out]);
    expect(enumerate.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('OLD CONTENT\n');
    expect(readdirSync(folder).sort()).toEqual(['bad.txt', 'out.txt']);
  });

  it('convert -o follows a symbolic link and writes its target', async () => {
    const folder = mkdtempSync(join(dir, 'link-'));
    writeFileSync(join(folder, 'target.txt'), 'OLD\n');
    symlinkSync('target.txt', join(folder, 'link.txt'));
    const result = await runInProcess(['convert', puzzle(), '--to', 'text', '-o', join(folder, 'link.txt')]);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(folder, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'target.txt'), 'utf8')).toBe(readFileSync(puzzle(), 'utf8').replace(/\r/g, ''));
  });
});
