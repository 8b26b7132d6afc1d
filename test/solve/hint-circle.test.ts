/**
 * Hints for a page that circles the neighbours of every shaded cell by itself (`circleNeighbours`,
 * as puzz.link offers), judged by the published solutions of the janko sample
 * (test/fixtures/janko-sample.jsonl, from janko.at) and the independent checker: no hint is spent
 * on cells the page has circled already, and a play-through takes fewer presses than without.
 */
import { describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { geometryOf, neighbours } from '../../src/puzzle/geometry.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { hint } from '../../src/solve/hint.js';
import { readFixtures } from '../support/fixtures.js';

const sample = readFixtures('janko-sample.jsonl').filter((f) => f.solution !== null);

/** The cells the page circles: the unmarked neighbours of shaded marks. */
function circled(puzzle: Puzzle, marks: readonly (boolean | null)[]): Set<number> {
  const g = geometryOf(puzzle);
  const out = new Set<number>();
  marks.forEach((m, i) => {
    if (m === true) for (const j of neighbours(g, i)) if (marks[j] === null) out.add(j);
  });
  return out;
}

/**
 * Plays `puzzle` from an empty board by following every hint, marking only the step's cells (the
 * page draws its circles without storing them as marks); returns the presses. Every step must
 * decide a cell that is neither marked nor circled, in the published solution's colour.
 */
async function play(puzzle: Puzzle, solution: readonly boolean[], id: string, circleNeighbours: boolean): Promise<number> {
  const marks: (boolean | null)[] = new Array<null>(puzzle.rows * puzzle.cols).fill(null);
  let presses = 0;
  for (;;) {
    const found = await hint(puzzle, marks, { circleNeighbours });
    if (found.kind === 'solved') break;
    expect(found.kind, id).toBe('step');
    if (found.kind !== 'step') break;
    presses++;
    const { step } = found;
    for (const { cell, colour } of step.cells) expect(colour === 'black', `${id}: ${step.reason}`).toBe(solution[cell]);
    const ring = circled(puzzle, marks);
    const fresh = step.cells.filter(({ cell }) => marks[cell] === null && !(circleNeighbours && ring.has(cell)));
    expect(fresh.length, `${id}: ${step.reason}`).toBeGreaterThan(0);
    for (const { cell, colour } of step.cells) if (marks[cell] === null) marks[cell] = colour === 'black';
    expect(presses, id).toBeLessThanOrEqual(marks.length);
  }
  expect(
    checkShading(
      puzzle,
      marks.map((m) => m === true),
    ),
    id,
  ).toEqual([]);
  return presses;
}

describe('hint with circleNeighbours', () => {
  it('never gives a step whose cells are only marked or circled ones, on every sample puzzle up to 10x10', async () => {
    for (const { puzzle, id, solution } of sample.filter((f) => f.puzzle.rows * f.puzzle.cols <= 100))
      await play(puzzle, solution!, id, true);
  });

  it('plays janko 037 (17x17) to the end in fewer presses than without', async () => {
    const { puzzle, id, solution } = sample.find((f) => f.id === 'janko-037')!;
    const plain = await play(puzzle, solution!, id, false);
    const circling = await play(puzzle, solution!, id, true);
    expect(circling).toBeLessThan(plain);
  });

  it('takes the circles as marked even when the page stores them: the same next step', async () => {
    const { puzzle, solution } = sample.find((f) => f.id === 'janko-037')!;
    // The top half of the solution's shaded cells marked, nothing else.
    const half = solution!.map((black, i) => (black && i < solution!.length / 2 ? true : null));
    const stored = half.map((m, i) => (m === null && circled(puzzle, half).has(i) ? false : m));
    const bare = await hint(puzzle, half, { circleNeighbours: true });
    const withCircles = await hint(puzzle, stored, { circleNeighbours: true });
    expect(bare.kind).toBe('step');
    expect(withCircles).toEqual(bare);
  });
});
