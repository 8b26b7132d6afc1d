/**
 * One line of a batch (src/batch/batch-line.ts): a puzzle line converted gives a text that reads back
 * as the same puzzle; a bad line gives an error record with its own line number.
 */
import { describe, expect, it } from 'vitest';
import { processLine } from '../../src/batch/batch-line.js';
import { parseDocument } from '../../src/formats/detect.js';
import { readFixtures } from '../support/fixtures.js';

const janko = readFixtures('janko-sample.jsonl');
const line = (f: (typeof janko)[number]) =>
  JSON.stringify({
    id: f.id,
    rows: f.puzzle.rows,
    cols: f.puzzle.cols,
    grid: Array.from({ length: f.puzzle.rows }, (_, r) => f.puzzle.values.slice(r * f.puzzle.cols, (r + 1) * f.puzzle.cols)),
  });

describe('a convert line', () => {
  it.each(['pzprv3', 'janko', 'text', 'json'] as const)('to %s reads back as the same puzzle, id and line kept', async (to) => {
    for (const [k, f] of janko.entries()) {
      const result = await processLine({ command: 'convert', to }, { text: line(f), line: k + 7 });
      expect([result.status, result.error]).toEqual(['converted', undefined]);
      const out = JSON.parse(result.out) as { line: number; id: string; to: string; output: string };
      expect([out.line, out.id, out.to]).toEqual([k + 7, f.id, to]);
      expect(parseDocument(out.output, { from: to }).puzzle.values).toEqual(f.puzzle.values);
    }
  });

  it('to svg draws the picture', async () => {
    const result = await processLine({ command: 'convert', to: 'svg' }, { text: line(janko[0]!), line: 1 });
    expect((JSON.parse(result.out) as { output: string }).output).toMatch(/^<\?xml[\s\S]*<\/svg>\n$/);
  });

  it('to url writes each puzzle as one plain line, which reads back as the same puzzle', async () => {
    for (const [k, f] of janko.entries()) {
      const result = await processLine({ command: 'convert', to: 'url' }, { text: line(f), line: k + 7 });
      expect(result.error).toBeUndefined();
      expect(result.status).toBe('converted');
      expect(result.out).toMatch(/^https:\/\/puzz\.link\/p\?hitori\/\S+$/);
      expect(parseDocument(result.out, { from: 'url' }).puzzle.values).toEqual(f.puzzle.values);
    }
  });

  it('reads a puzz.link URL line, and one forced with from, and writes a game ID as a plain line', async () => {
    const url = 'https://puzz.link/p?hitori/2/2/1221';
    expect((await processLine({ command: 'convert', to: 'gameid', from: 'url' }, { text: url, line: 3 })).out).toBe('2x2:1221');
  });
});

describe('a bad line', () => {
  it('is an error record with the line number of the file, the kind "input"', async () => {
    const result = await processLine(
      { command: 'convert', to: 'url' },
      { text: '{"id": "x", "grid": [[1, 2], [3, 0]]}', line: 42 },
      'set.jsonl',
    );
    expect([result.status, result.error]).toEqual(['error', 'input']);
    expect(JSON.parse(result.out)).toEqual({
      line: 42,
      id: 'x',
      error: 'set.jsonl, line 42, row 2, column 2: 0 is not a positive integer',
    });
  });
});
