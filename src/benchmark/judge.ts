/**
 * Is an answer right? Every shading the solver returns must pass the independent checker
 * (`src/puzzle/check.ts`, which shares no code with the encodings), the verdict must agree with
 * the number of shadings, and the answer must match what the set publishes (see `sets.ts`).
 */
import { checkShading } from '../puzzle/check.js';
import { type Puzzle, sameShading, type Shading } from '../puzzle/puzzle.js';
import type { Verdict } from '../solve/solve.js';
import type { Expected } from './sets.js';

export interface Answer {
  /**
   * The verdict; `stuck` when the rule engine could not decide every cell; `error` when the
   * solver failed; `refused` when the puzzle is too large for the chosen encoding.
   */
  readonly status: Verdict | 'stuck' | 'error' | 'refused';
  readonly solutions: readonly Shading[];
  /** What went wrong, for `error`. */
  readonly error?: string;
}

/**
 * `correct`; `wrong` (a wrong verdict or shading); `timeout`; `stuck` (the rule engine gave up);
 * `error` (the solver failed); `refused` (too large for the chosen encoding: bad input).
 */
export type Outcome = 'correct' | 'wrong' | 'timeout' | 'stuck' | 'error' | 'refused';

export interface Judgement {
  readonly outcome: Outcome;
  /** Why it is not correct. */
  readonly problem?: string;
}

/** The verdict an answer must have, when the set says. */
export function expectedVerdict(expected: Expected): 'none' | 'unique' | 'multiple' | undefined {
  return expected.kind === 'solution' ? 'unique' : expected.kind === 'verdict' ? expected.verdict : undefined;
}

export function judgeAnswer(puzzle: Puzzle, expected: Expected, answer: Answer): Judgement {
  if (answer.status === 'error') return { outcome: 'error', problem: `the solver failed: ${answer.error ?? 'unknown error'}` };
  if (answer.status === 'refused') return { outcome: 'refused', problem: `refused: ${answer.error ?? 'too large'}` };
  if (answer.status === 'timeout') return { outcome: 'timeout', problem: 'time limit reached' };
  if (answer.status === 'stuck') return { outcome: 'stuck', problem: 'stuck: the rule engine could not decide every cell' };
  const wrong = (problem: string): Judgement => ({ outcome: 'wrong', problem });

  for (const [k, shading] of answer.solutions.entries()) {
    const violations = checkShading(puzzle, shading, 'literal');
    if (violations.length > 0) return wrong(`solution ${k + 1} breaks the rules: ${violations[0]!.message}`);
  }
  const found = answer.solutions.length;
  if (answer.status === 'none' && found !== 0) return wrong(`status none, but ${found} solution(s) returned`);
  if (answer.status === 'unique' && found !== 1) return wrong(`status unique, but ${found} solution(s) returned`);
  if (answer.status === 'multiple') {
    if (found < 2) return wrong(`status multiple, but ${found} solution(s) returned`);
    if (sameShading(answer.solutions[0]!, answer.solutions[1]!))
      return wrong('status multiple, but the two solutions returned are the same');
  }

  const verdict = expectedVerdict(expected);
  if (verdict !== undefined && answer.status !== verdict) {
    return wrong(`expected ${verdict}${expected.kind === 'solution' ? ' (the published solution)' : ''}, got ${answer.status}`);
  }
  if (expected.kind === 'solution' && !sameShading(answer.solutions[0]!, expected.shading)) {
    return wrong('unique, but not the published solution');
  }
  return { outcome: 'correct' };
}
