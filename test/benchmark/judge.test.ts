/** Judging a benchmark answer: the checker, the verdict, and the set's `solution` / `solutions`. */
import { describe, expect, it } from 'vitest';
import { expectedVerdict, judgeAnswer, type Answer } from '../../src/benchmark/judge.js';
import type { Expected } from '../../src/benchmark/sets.js';
import { puzzleFromGrid } from '../../src/puzzle/puzzle.js';

// 1 1 / 2 1 has exactly one solution: shade row 1, column 2.
const puzzle = puzzleFromGrid([
  [1, 1],
  [2, 1],
]);
const solution = [false, true, false, false];
/** Shades row 1, column 1 instead: row 1 is fine, but column 2 keeps two 1s. */
const breaksRules = [true, false, false, false];
/** A valid shading of 1 2 / 2 1 (nothing shaded) and a second one (row 1, column 1 shaded). */
const open = puzzleFromGrid([
  [1, 2],
  [2, 1],
]);
const openNone = [false, false, false, false];
const openCorner = [true, false, false, false];

const published: Expected = { kind: 'solution', shading: solution };
const answer = (status: Answer['status'], solutions: boolean[][] = []): Answer => ({ status, solutions });

describe('against a published solution', () => {
  it('is correct when the answer is unique and equals the solution', () => {
    expect(judgeAnswer(puzzle, published, answer('unique', [solution]))).toEqual({ outcome: 'correct' });
  });

  it('is wrong when the answer is a valid shading other than the published one', () => {
    const other: Expected = { kind: 'solution', shading: [true, false, false, true] };
    const judgement = judgeAnswer(puzzle, other, answer('unique', [solution]));
    expect(judgement.outcome).toBe('wrong');
    expect(judgement.problem).toMatch(/not the published solution/);
  });

  it('is wrong when the verdict is multiple or none', () => {
    expect(judgeAnswer(open, { kind: 'solution', shading: openNone }, answer('multiple', [openNone, openCorner])).outcome).toBe('wrong');
    expect(judgeAnswer(puzzle, published, answer('none')).outcome).toBe('wrong');
  });
});

describe('the independent checker', () => {
  it('rejects a shading that breaks the rules even when the set publishes the same one', () => {
    const judgement = judgeAnswer(puzzle, { kind: 'solution', shading: breaksRules }, answer('unique', [breaksRules]));
    expect(judgement.outcome).toBe('wrong');
    expect(judgement.problem).toMatch(/breaks the rules/);
  });

  it('rejects a verdict that disagrees with the shadings returned', () => {
    expect(judgeAnswer(puzzle, published, answer('unique', [])).outcome).toBe('wrong');
    expect(judgeAnswer(puzzle, { kind: 'verdict', verdict: 'none' }, answer('none', [solution])).outcome).toBe('wrong');
    expect(judgeAnswer(open, { kind: 'verdict', verdict: 'multiple' }, answer('multiple', [openNone])).outcome).toBe('wrong');
  });

  it('rejects "multiple" backed by the same shading twice', () => {
    const judgement = judgeAnswer(open, { kind: 'verdict', verdict: 'multiple' }, answer('multiple', [openNone, [...openNone]]));
    expect(judgement.outcome).toBe('wrong');
    expect(judgement.problem).toMatch(/same/);
  });
});

describe('against a published count of solutions', () => {
  it('takes 0 as none, 1 as unique and 2 as multiple', () => {
    expect(expectedVerdict({ kind: 'verdict', verdict: 'none' })).toBe('none');
    expect(expectedVerdict(published)).toBe('unique');
    expect(judgeAnswer(open, { kind: 'verdict', verdict: 'multiple' }, answer('multiple', [openNone, openCorner]))).toEqual({
      outcome: 'correct',
    });
    expect(judgeAnswer(puzzle, { kind: 'verdict', verdict: 'unique' }, answer('unique', [solution]))).toEqual({ outcome: 'correct' });
    const noSolution = puzzleFromGrid([
      [1, 1],
      [1, 1],
    ]);
    expect(judgeAnswer(noSolution, { kind: 'verdict', verdict: 'none' }, answer('none'))).toEqual({ outcome: 'correct' });
  });

  it('is wrong when the verdict differs from the count', () => {
    const judgement = judgeAnswer(open, { kind: 'verdict', verdict: 'unique' }, answer('multiple', [openNone, openCorner]));
    expect(judgement).toEqual({ outcome: 'wrong', problem: 'expected unique, got multiple' });
  });

  it('accepts any checked answer when the set says nothing', () => {
    expect(expectedVerdict({ kind: 'unknown' })).toBeUndefined();
    expect(judgeAnswer(open, { kind: 'unknown' }, answer('multiple', [openNone, openCorner])).outcome).toBe('correct');
    expect(judgeAnswer(puzzle, { kind: 'unknown' }, answer('unique', [breaksRules])).outcome).toBe('wrong');
  });
});

describe('answers that are not answers', () => {
  it('counts a time limit as a timeout, never as correct', () => {
    expect(judgeAnswer(puzzle, published, answer('timeout')).outcome).toBe('timeout');
  });

  it('counts a solver failure as an error, with its reason', () => {
    const judgement = judgeAnswer(puzzle, published, { status: 'error', solutions: [], error: 'SolverError: out of memory' });
    expect(judgement.outcome).toBe('error');
    expect(judgement.problem).toMatch(/out of memory/);
  });
});

describe('the rule engine giving up', () => {
  it('counts "stuck" as not correct, and not as a wrong answer', () => {
    const judgement = judgeAnswer(puzzle, published, answer('stuck'));
    expect(judgement.outcome).toBe('stuck');
    expect(judgement.problem).toMatch(/could not decide/);
  });
});
