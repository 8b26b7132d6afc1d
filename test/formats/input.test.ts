/**
 * The one guarded reader (src/formats/input.ts): batch lines split and decoded as whole files are,
 * caps on a whole input and on a line, and a FIFO with no writer ended by the limit.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { inputLines, readInputText } from '../../src/formats/input.js';
import { InputError, TimeoutError } from '../../src/control/errors.js';
import { Limit } from '../../src/control/limit.js';

const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of these chunks, as the reader gives them. */
async function linesOf(chunks: readonly (string | Buffer)[], maxBytes?: number) {
  const out = [];
  for await (const line of inputLines(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), 'in', maxBytes))
    out.push(line);
  return out;
}

describe('the lines of a batch', () => {
  it('are split at \\n, \\r\\n and \\r, also when a break falls between chunks, without the byte order mark', async () => {
    const lines = await linesOf(['\uFEFFa\r', '\nb\nc', '\rd\r\n', '\r\ne']);
    expect(lines.map((l) => [l.line, l.text])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [4, 'd'],
      [5, ''],
      [6, 'e'],
    ]);
  });

  it('are read from UTF-16 with a byte order mark, as a whole file is', async () => {
    const text = 'x 1\ny 2\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    // Split inside a character: the decoder carries the half over.
    const lines = await linesOf([le.subarray(0, 5), le.subarray(5)]);
    expect(lines.map((l) => l.text)).toEqual(['x 1', 'y 2']);
  });

  it('end with an InputError naming the line where UTF-16 breaks (a lone surrogate)', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x 1\n', 'utf16le'), Buffer.from([0x00, 0xd8, 0x31, 0x00])]);
    await expect(linesOf([le])).rejects.toMatchObject({ message: expect.stringMatching(/^in, line 2: not UTF-16 text: a lone surrogate/) });
  });

  it('give a line that is not UTF-8 its problem with the column, and go on', async () => {
    const lines = await linesOf([Buffer.from('ok\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), Buffer.from('next\n')]);
    expect(lines.map((l) => l.text)).toEqual(['ok', '', 'next']);
    expect(lines[1]!.problem).toEqual({ problem: expect.stringMatching(/byte 0xE9 is not UTF-8/), column: 4 });
  });

  it('end with an InputError naming the line when one is longer than the cap', async () => {
    await expect(linesOf(['short\n', 'x'.repeat(100), 'y'.repeat(100)], 150)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/^in, line 2: a line longer than/),
    });
  });
});

describe('a whole input', () => {
  it('is refused past the cap with one line naming it, not read whole', async () => {
    const file = join(dir, 'big.txt');
    writeFileSync(file, '1 '.repeat(600));
    await expect(readInputText(file, { maxBytes: 1000 })).rejects.toBeInstanceOf(InputError);
    await expect(readInputText(file, { maxBytes: 1000 })).rejects.toThrow(/big\.txt: the input is larger than/);
    expect(await readInputText(file)).toBe('1 '.repeat(600));
  });

  it('from a FIFO with no writer ends at the time limit with a TimeoutError', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(readInputText(fifo, { limit: Limit.after(100) })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('from a folder is an InputError naming it', async () => {
    await expect(readInputText(dir)).rejects.toThrow(/cannot read it: it is a directory/);
  });
});
