/**
 * The batch runner's own behaviour, in process: a silent input whose writer stays open (a FIFO,
 * a pipe from a stalled program) ends the batch at the per-line time limit.
 */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/batch-run.js';
import { checkShading } from '../../src/puzzle/check.js';
import { puzzleFromGrid, shadingFromGrid } from '../../src/puzzle/puzzle.js';

function collect(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('a batch whose input stays open and silent', () => {
  it('answers the lines that came, then ends with a timeout record for the line that did not', async () => {
    const input = new PassThrough();
    input.write('{"id":"a","grid":[[1,1],[2,1]]}\n');
    // The writer never ends the stream: without a bound the batch would wait for ever.
    const output = collect();
    const summary = await runBatch({
      input,
      source: 'fifo',
      config: { command: 'solve', timeoutMs: 300 },
      jobs: 1,
      output: output.stream,
      lineWaitMs: 300,
    });
    const [first, second] = output.lines();
    expect(first).toMatchObject({ line: 1, id: 'a', status: 'unique' });
    const puzzle = puzzleFromGrid([
      [1, 1],
      [2, 1],
    ]);
    expect(checkShading(puzzle, shadingFromGrid(first!.solution as number[][]))).toEqual([]);
    expect(second).toMatchObject({ line: 2, id: null });
    expect(String(second!.error)).toMatch(/no line came within the time limit \(300 ms\) after line 1/);
    expect(summary.errors.timeout).toBe(1);
    expect(input.destroyed).toBe(true);
  });

  it('waits as long as it takes when no limit is given', async () => {
    const input = new PassThrough();
    const output = collect();
    const done = runBatch({ input, source: 'pipe', config: { command: 'solve' }, jobs: 1, output: output.stream });
    setTimeout(() => {
      input.end('{"id":"late","grid":[[1,2],[2,1]]}\n');
    }, 400);
    const summary = await done;
    expect(output.lines()).toHaveLength(1);
    expect(output.lines()[0]).toMatchObject({ line: 1, id: 'late', status: 'multiple' });
    expect(summary.errors.timeout).toBeUndefined();
  });
});
