/** The board: knock-on effects of a colour, contradictions as they arise, and copies. */
import { describe, expect, it } from 'vitest';
import { renderShading } from '../../src/render/text.js';
import { BLACK, Board, mayCloseWall } from '../../src/rules/board.js';
import { at, grid, position } from './support.js';

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
    const trace: import('../../src/rules/types.js').Deduction[] = [];
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
    const trace: import('../../src/rules/types.js').Deduction[] = [];
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
