/** The board: knock-on effects of a colour, contradictions as they arise, copies, its trail and undo, and trials on it. */
import { describe, expect, it } from 'vitest';
import { renderShading } from '../../src/render/text.js';
import { BLACK, Board, mayCloseWall, WHITE } from '../../src/rules/board.js';
import type { Context, Technique } from '../../src/rules/catalogue.js';
import { Prob, ProbC } from '../../src/rules/probing.js';
import { fixpoint, probeRunner, selectTechniques } from '../../src/rules/strategy.js';
import { Trial } from '../../src/rules/trial.js';
import type { Deduction } from '../../src/rules/types.js';
import { mulberry32, randomInt } from '../support/brute-force.js';
import { at, grid, madePuzzle, position } from './support.js';
import { expectSame } from '../support/expect-same.js';

const white = (cell: number) => ({
  technique: 'Sim-M3' as const,
  cells: [{ cell, colour: 'white' as const }],
  premises: [],
  reason: 'test',
});
const black = (cell: number) => ({
  technique: 'Sim-U*' as const,
  cells: [{ cell, colour: 'black' as const }],
  premises: [],
  reason: 'test',
});

describe('Board', () => {
  it('a black cell makes its neighbours white, and each white cell blackens its duplicates, recorded as NoB and DoW steps', () => {
    const p = grid('1 2 3 / 2 4 2 / 5 2 6');
    const trace: Deduction[] = [];
    const board = new Board(p, undefined, undefined, trace);
    expect(board.apply(black(at(p, 'r1c2')))).toBe(true);
    // r1c2 black -> r1c1, r1c3, r2c2 white; nothing more (r2c2 shows 4).
    expect(['r1c1', 'r1c3', 'r2c2'].every((c) => board.isWhite(at(p, c)))).toBe(true);
    expect(board.apply(white(at(p, 'r2c1')))).toBe(true);
    // r2c1 (2) white -> r2c3 black (same row) -> r3c3 white; r1c2 is not in its lines.
    expect(board.isBlack(at(p, 'r2c3'))).toBe(true);
    expect(board.isWhite(at(p, 'r3c3'))).toBe(true);
    expect(trace.map((d) => d.technique)).toEqual(['Sim-U*', 'NoB', 'Sim-M3', 'DoW', 'NoB']);
    expect(trace[1]!.reason).toBe('r1c2 is black, so its neighbours r1c1, r1c3 and r2c2 are white');
    expect(trace[3]!.reason).toBe('r2c1 (2) is white, so the other 2 in its row and column (r2c3) is black');
    expect(board.unknownCount).toBe(9 - 7);
  });

  it('two black neighbours are a contradiction', () => {
    const p = grid('1 1 2 / 3 4 5 / 6 7 8');
    const board = position(p);
    expect(board.apply(black(at(p, 'r1c1')))).toBe(true);
    expect(board.apply(black(at(p, 'r1c2')))).toBe(false);
    expect(board.contradiction?.reason).toBe('Sim-U* makes r1c2 black, but it is already white');
  });

  it('a number white twice in a line is a contradiction', () => {
    const p = grid('1 2 1 / 3 4 5 / 6 7 8');
    const board = position(p, '. # . / . . . / . . .');
    board.apply({
      technique: 'Sim-M3',
      cells: [
        { cell: 0, colour: 'white' },
        { cell: 2, colour: 'white' },
      ],
      premises: [],
      reason: 'test',
    });
    expect(board.contradiction).not.toBeNull();
  });

  it('white cells that black cells have walled apart are a contradiction', () => {
    const p = grid('1 2 3 / 4 5 6 / 7 8 9');
    const board = position(p, 'o # . / # . . / . . o');
    expect(board.checkConnectivity()).toBe(false);
    expect(board.contradiction?.reason).toBe('white cells r1c1 and r3c3 can no longer be connected: black cells separate them');
  });

  it('unknown cells still count as a way through', () => {
    const p = grid('1 2 3 / 4 5 6 / 7 8 9');
    expect(position(p, 'o # . / . . . / . . o').checkConnectivity()).toBe(true);
  });

  it('a grid with every cell black is a contradiction', () => {
    const p = grid('1');
    const board = position(p, '#');
    expect(board.checkConnectivity()).toBe(false);
  });

  it('says a black cell may close a wall when it touches two black cells or a black cell and the edge, and always on a grid one cell wide', () => {
    // 3x3: the centre beside one black corner cannot split anything; beside two it may.
    const state = new Uint8Array(9);
    state[0] = BLACK;
    expect(mayCloseWall(state, 3, 3, 4)).toBe(false);
    state[8] = BLACK;
    expect(mayCloseWall(state, 3, 3, 4)).toBe(true);
    // An edge cell touching one black cell: the edge and the black cell may enclose a corner.
    expect(mayCloseWall(state, 3, 3, 1)).toBe(true);
    // 1x3: the middle cell splits its two neighbours with no black cell anywhere.
    expect(mayCloseWall(new Uint8Array(3), 1, 3, 1)).toBe(true);
    expect(mayCloseWall(new Uint8Array(3), 3, 1, 1)).toBe(true);
  });

  it('a copy is independent of the original', () => {
    const p = grid('1 2 / 3 4');
    const board = position(p);
    const copy = board.clone();
    copy.apply(black(0));
    expect(board.isUnknown(0)).toBe(true);
    expect(copy.isBlack(0)).toBe(true);
  });

  it('a deduction that changes nothing is not recorded', () => {
    const p = grid('1 2 / 3 4');
    const trace: Deduction[] = [];
    const board = new Board(p, undefined, undefined, trace);
    board.apply(white(0));
    board.apply(white(0));
    expect(trace).toHaveLength(1);
  });

  it('is drawn by the one text renderer: # for black, undecided numbers in brackets', () => {
    const p = grid('1 2 / 3 4');
    expect(renderShading(p, position(p, '# o / . o').cells())).toBe('###  2 \n[3]  4 \n');
  });
});

describe('trial boards', () => {
  const code = (colour: 'white' | 'black') => (colour === 'white' ? WHITE : BLACK);
  const ctx: Context = { scope: {}, cursor: { next: 0 } };
  /** The deductions of t that change the board, as plain data. */
  const progress = (t: Technique, b: Board, trial?: Trial) =>
    t
      .find(b, trial === undefined ? ctx : { ...ctx, trial })
      .filter((d) => d.cells.some((c) => b.state[c.cell] !== code(c.colour)))
      .map((d) => ({ technique: d.technique, cells: d.cells, reason: d.reason, premises: d.premises }));
  const told = (steps: readonly Deduction[]) => steps.map((d) => `${d.technique}: ${d.reason}`);

  it('find the same progress near the changes as a full scan, technique by technique and over a whole probe, on random puzzles', () => {
    const rng = mulberry32(11);
    let narrowed = 0;
    for (let round = 0; round < 150; round++) {
      const puzzle = madePuzzle(rng, randomInt(rng, 3, 7), randomInt(rng, 3, 7));
      for (const ruleSet of ['thesis', 'all'] as const) {
        const specs = selectTechniques({ techniques: ruleSet });
        const board = new Board(puzzle);
        // Probes start from a board no technique below G can add to.
        fixpoint(
          board,
          specs.filter((t) => t.level !== 'G'),
          ctx,
          new Set(),
        );
        if (board.contradiction || board.unknownCount === 0) continue;
        const inner = specs.filter((t) => t.level !== 'G' && !t.static && !t.byBoard);
        for (let cell = 0; cell < board.n; cell++) {
          if (!board.isUnknown(cell)) continue;
          for (const colour of ['black', 'white'] as const) {
            const plainSteps: Deduction[] = [];
            const trialSteps: Deduction[] = [];
            const plain = board.clone(plainSteps);
            const mark = board.trailSize;
            board.trace = trialSteps;
            const trial = new Trial(board);
            if (!plain.assume(cell, colour) || !board.assume(cell, colour)) {
              board.undo(mark);
              continue;
            }
            const near = trial.nearChanges('neighbours');
            if (near !== null && near.length < board.n) narrowed++;
            for (const t of inner) expectSame(progress(t, board, trial), progress(t, plain), t.code);
            const run = probeRunner(specs);
            expectSame(run(board, trial), run(plain, null));
            expectSame(board.state, plain.state);
            expectSame(told(trialSteps), told(plainSteps));
            board.undo(mark);
            board.trace = null;
          }
        }
      }
    }
    expect(narrowed).toBeGreaterThan(1000);
  });
});

describe('the trail', () => {
  it('records every decided cell in order, and undo to a mark gives back the cells, counts and no contradiction', () => {
    const p = grid('1 2 3 / 2 4 2 / 5 2 6');
    const board = new Board(p);
    board.apply(white(at(p, 'r1c1')));
    const mark = board.trailSize;
    const before = { state: [...board.state], unknown: board.unknownCount, white: board.whiteCount };
    // r2c1 black, then its knock-on effects: r2c2 and r3c1 white (r1c1 is white already).
    board.apply(black(at(p, 'r2c1')));
    expect([...board.trail.subarray(mark, board.trailSize)]).toEqual(['r2c1', 'r2c2', 'r3c1'].map((c) => at(p, c)));
    expect(board.trailSize - mark).toBe(before.unknown - board.unknownCount);
    // Then a clash: r1c1 is white.
    expect(board.apply(black(at(p, 'r1c1')))).toBe(false);
    board.undo(mark);
    expect({ state: [...board.state], unknown: board.unknownCount, white: board.whiteCount }).toEqual(before);
    expect(board.trailSize).toBe(mark);
    expect(board.contradiction).toBeNull();
  });

  it('a pass of probes (Prob, Prob-C, Prob-2; from a fixpoint or not; with a trace or not) leaves the board exactly as it was', () => {
    const rng = mulberry32(31);
    const specs = selectTechniques({ techniques: 'all' });
    let passes = 0;
    let found = 0;
    for (let round = 0; round < 40; round++) {
      const puzzle = madePuzzle(rng, randomInt(rng, 4, 7), randomInt(rng, 4, 7));
      const trace: Deduction[] = [];
      const board = new Board(puzzle, undefined, undefined, round % 2 === 0 ? trace : null);
      const ctx: Context = { scope: {}, cursor: { next: 0 } };
      fixpoint(
        board,
        specs.filter((t) => t.level !== 'G'),
        ctx,
        new Set(),
      );
      if (board.contradiction !== null || board.unknownCount === 0) continue;
      const traced = trace.length;
      const snapshot = () => ({
        state: [...board.state],
        unknown: board.unknownCount,
        white: board.whiteCount,
        trail: [...board.trail.subarray(0, board.trailSize)],
        contradiction: board.contradiction,
        trace: board.trace,
      });
      const before = snapshot();
      const runner = probeRunner(specs);
      const deep = probeRunner(specs, true);
      for (const atFixpoint of [true, false]) {
        const site = { atFixpoint };
        found += Prob(board, runner, { next: 0 }, 'Prob', site).length;
        expect(snapshot()).toEqual(before);
        found += ProbC(board, runner, { next: 0 }, site).length;
        expect(snapshot()).toEqual(before);
        found += Prob(board, deep, { next: 0 }, 'Prob-2', site).length;
        expect(snapshot()).toEqual(before);
        passes++;
      }
      expect(trace).toHaveLength(traced);
    }
    expect(passes).toBeGreaterThan(20);
    expect(found).toBeGreaterThan(20);
  });
});
