/** Reading a benchmark set: records, their lines, and what each says about its solutions. */
import { describe, expect, it } from 'vitest';
import { parseBenchSet } from '../../src/benchmark/sets.js';
import { InputError } from '../../src/control/errors.js';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    grid: [
      [1, 1],
      [2, 1],
    ],
    ...fields,
  });

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('parseBenchSet', () => {
  it('turns solution, solutions and neither into expectations', () => {
    const text = [
      line({
        id: 'a',
        solutions: 1,
        solution: [
          [0, 1],
          [0, 0],
        ],
      }),
      line({ id: 'b', solutions: 0 }),
      line({ id: 'c', solutions: 2 }),
      line({ id: 'd', solutions: 5 }),
      line({ id: 'e', solutions: null }),
      line({
        id: 'f',
        solution: [
          [0, 1],
          [0, 0],
        ],
      }),
    ].join('\n');
    const set = parseBenchSet(text, 'set.jsonl');
    expect(set.name).toBe('set.jsonl');
    expect(set.records.map((r) => r.expected)).toEqual([
      { kind: 'solution', shading: [false, true, false, false] },
      { kind: 'verdict', verdict: 'none' },
      { kind: 'verdict', verdict: 'multiple' },
      { kind: 'verdict', verdict: 'multiple' },
      { kind: 'unknown' },
      { kind: 'solution', shading: [false, true, false, false] },
    ]);
  });

  it('numbers records by their line in the file, blank lines included, and names a record without id by its line', () => {
    const set = parseBenchSet(`\n${line({ id: 'first' })}\r\n\n${line({})}\n`, 's');
    expect(set.records.map((r) => [r.id, r.line])).toEqual([
      ['first', 2],
      ['line 4', 4],
    ]);
  });

  it('keeps only the first puzzles with a limit', () => {
    const text = [1, 2, 3].map((k) => line({ id: `p${k}` })).join('\n');
    expect(parseBenchSet(text, 's', 2).records.map((r) => r.id)).toEqual(['p1', 'p2']);
  });

  it('names the file and line of a JSON syntax error', () => {
    const error = inputError(() => parseBenchSet(`${line({})}\n{"grid": [[1]`, 'sets/x.jsonl'));
    expect(error.message).toMatch(/^sets\/x\.jsonl, line 2, column \d+: not valid JSON/);
  });

  it('names the file, line and cell of a solution that does not fit the grid', () => {
    expect(inputError(() => parseBenchSet(`${line({})}\n${line({ solution: [[0, 1]] })}`, 'x.jsonl')).message).toBe(
      'x.jsonl, line 2: "solution" must be 2 rows of 2 values, each 1 (shaded) or 0 (unshaded)',
    );
    expect(
      inputError(() =>
        parseBenchSet(
          line({
            solution: [
              [0, 1],
              [0, 7],
            ],
          }),
          'x.jsonl',
        ),
      ).message,
    ).toBe('x.jsonl, line 1, row 2, column 2: "solution" cell is 7, expected 0 or 1');
  });

  it('refuses a count that is not a count, and a solution whose count is not 1', () => {
    expect(inputError(() => parseBenchSet(line({ solutions: 1.5 }), 'x.jsonl')).message).toMatch(/^x\.jsonl, line 1: "solutions" is 1\.5/);
    expect(
      inputError(() =>
        parseBenchSet(
          line({
            solutions: 2,
            solution: [
              [0, 1],
              [0, 0],
            ],
          }),
          'x.jsonl',
        ),
      ).message,
    ).toMatch(/^x\.jsonl, line 1: "solutions" is 2 but a unique "solution" is given/);
  });

  it('refuses a file without puzzles', () => {
    expect(inputError(() => parseBenchSet('\n \n', 'empty.jsonl')).message).toBe(
      'empty.jsonl: no puzzles (expected one JSON object per line)',
    );
  });
});
