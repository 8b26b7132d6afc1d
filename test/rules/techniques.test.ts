/**
 * Every technique on a hand-made position where it fires: the cells it colours are the expected
 * ones, and (checked by an independent enumeration of all solutions that agree with the
 * position) each of them has that colour in every solution.
 */
import { describe, expect, it } from 'vitest';
import { DP, SbP } from '../../src/rules/advanced.js';
import { BoP, BoP_D, BoP_T } from '../../src/rules/border.js';
import { EP, EP_B, EP_M, NCO, NCO_B, NCO_C, NCO_K } from '../../src/rules/connectivity.js';
import { CP, DoT } from '../../src/rules/corner.js';
import { explainStep, explainStepLines } from '../../src/rules/explain.js';
import { Prob, ProbC } from '../../src/rules/probing.js';
import { owedKnockOns } from '../../src/rules/knock-on.js';
import { SimM3, SimM4, SimMStar, SimU3, SimUStar } from '../../src/rules/simple.js';
import { probeRunner, selectTechniques } from '../../src/rules/strategy.js';
import { UC, UCEach } from '../../src/rules/trivial.js';
import { TwoSat } from '../../src/rules/two-sat.js';
import { colours, expectSound, grid, position, solutionsOf } from './support.js';

const distinct = (rows: number, cols: number) =>
  grid(Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => r * cols + c + 1).join(' ')).join('\n'));

describe('trivial techniques', () => {
  it('UC whitens every cell of a Latin square in one step for the whole board, and says it assumes a unique solution', () => {
    const p = grid('1 2 3 / 2 3 1 / 3 1 2');
    const found = UC(position(p));
    expect(found).toHaveLength(1);
    expect(found[0]!.usedUniqueness).toBe(true);
    expect(found[0]!.cells).toHaveLength(9);
    expect(found[0]!.cells.every((c) => c.colour === 'white')).toBe(true);
    expect(found[0]!.reason).toBe(
      'r1c1 (1), r1c2 (2), r1c3 (3), r2c1 (2), r2c2 (3), r2c3 (1), r3c1 (3), r3c2 (1) and r3c3 (2) each show the only copy of their number in their row and column; so these 9 cells are white',
    );
  });

  it('UC names a lone cell in a sentence of its own, and the black copies that free a cell', () => {
    expect(UC(position(grid('1 2 / 2 2'), '. o / o #'))[0]!.reason).toBe(
      'r1c1 is the only 1 in its row and column: nothing forces it black, and a puzzle with one solution never shades such a cell, so it is white',
    );
    const p = grid('1 1 4 / 2 3 1 / 5 6 7');
    const found = UC(position(p, '# . . / . . . / . . .'));
    expect(found[0]!.reason).toBe(
      'r1c3 (4), r2c1 (2), r2c2 (3), r2c3 (1), r3c1 (5), r3c2 (6) and r3c3 (7) each show the only copy of their number in their row and column, and r1c2 is the last 1 left in its row and column (the other 1 at r1c1 is black); so these 8 cells are white',
    );
    expect(found[0]!.given).toEqual([{ cell: 0, colour: 'black' }]);
  });

  it('UC one cell at a time (for hints): one step per cell, lone cells first, each with its own premises and the black copies it relies on', () => {
    const p = grid('1 1 4 / 2 3 1 / 5 6 7');
    const each = UCEach(position(p, '# . . / . . . / . . .'));
    expect(each.map((d) => d.cells)).toHaveLength(8);
    for (const d of each) expect(d.cells).toHaveLength(1);
    const last = each.at(-1)!;
    expect(colours(p, [last])).toEqual(['r1c2 white']);
    expect(last.premises).toEqual([1, 0]);
    expect(last.given).toEqual([{ cell: 0, colour: 'black' }]);
    expect(last.reason).toBe(
      'r1c2 is the last 1 left in its row and column (the other 1 at r1c1 is black): nothing forces it black, and a puzzle with one solution never shades such a cell, so it is white',
    );
    expect(each[0]!.premises).toHaveLength(1);
  });

  it('UC is sound up to unshading: where a solution shades a UC cell, unshading it leaves a solution', () => {
    const p = grid('1 2 / 3 4');
    const cells = UC(position(p)).flatMap((d) => d.cells.map((c) => c.cell));
    const all = solutionsOf(p);
    // Without uniqueness the cell may be black: the 2x2 grid of distinct numbers has five solutions.
    expect(all.length).toBe(5);
    for (const s of all) {
      for (const c of cells) {
        if (!s[c]) continue;
        const unshaded = s.map((b, i) => (i === c ? false : b));
        expect(solutionsOf(p).some((t) => t.every((b, i) => b === unshaded[i]))).toBe(true);
      }
    }
  });

  it('UC also whitens a cell once every other copy of its number in its lines is black', () => {
    const p = grid('1 1 / 2 3');
    const found = UC(position(p, '# . / . .'));
    expect(colours(p, found)).toEqual(['r1c2 white', 'r2c1 white', 'r2c2 white']);
    expect(found[0]!.reason).toBe(
      'r2c1 (2) and r2c2 (3) each show the only copy of their number in their row and column, and r1c2 is the last 1 left in its row and column (the other 1 at r1c1 is black); so these 3 cells are white',
    );
  });

  it('NoB whitens the neighbours of a black cell that a board given from outside still owes, and leaves the board as it was', () => {
    const p = distinct(3, 3);
    const board = position(p, '. . . / . # . / . . .');
    const before = board.state.slice();
    const found = owedKnockOns(board, 'NoB');
    expect(colours(p, found)).toEqual(['r1c2 white', 'r2c1 white', 'r2c3 white', 'r3c2 white']);
    expect(found[0]!.reason).toBe('r2c2 is black, so its neighbours r1c2, r2c1, r2c3 and r3c2 are white');
    expect(board.state).toEqual(before);
    expectSound(p, board, found);
  });
});

describe('simple techniques (one line)', () => {
  it('DoW blackens the other copies of a white number in its row and column', () => {
    const p = grid('1 2 1 / 3 1 4 / 1 5 6');
    const board = position(p, 'o . . / . . . / . . .');
    const found = owedKnockOns(board, 'DoW');
    expect(colours(p, found)).toEqual(['r1c3 black', 'r3c1 black']);
    expect(found[0]!.reason).toBe('r1c1 (1) is white, so the other 1s in its row and column (r1c3 and r3c1) are black');
    expectSound(p, board, found);
  });

  it('Sim-M3 whitens the b of a b a', () => {
    const p = grid('2 3 2 / 1 4 5 / 6 7 8');
    const found = SimM3(position(p));
    expect(colours(p, found)).toEqual(['r1c2 white']);
    expect(explainStep(found[0]!)).toBe('Sim-M3, row 1: 2 3 2 at c1-c3, so c2 white');
    expectSound(p, position(p), found);
  });

  it('Sim-U3 blackens the outer cells of a a a and whitens the middle one, and says so in one line', () => {
    const p = grid('1 2 3 4 5 / 2 3 4 5 1 / 3 4 5 1 2 / 4 5 7 7 7');
    const found = SimU3(position(p));
    expect(colours(p, found)).toEqual(['r4c3 black', 'r4c4 white', 'r4c5 black']);
    expect(explainStep(found[0]!)).toBe('Sim-U3, row 4: 7 7 7 at c3-c5, so c3 and c5 black, c4 white');
    expectSound(p, position(p), found);
  });

  it('Sim-U* blackens a lone a in a line with an adjacent pair a a', () => {
    const p = grid('3 3 1 3 / 1 2 3 4 / 2 4 5 6');
    const found = SimUStar(position(p));
    expect(colours(p, found)).toEqual(['r1c4 black']);
    expect(found[0]!.reason).toBe('row 1: the pair 3 3 at c1-c2 keeps one 3 white, so the other 3 at c4 is black');
    expectSound(p, position(p), found);
  });

  it('Sim-U* names several other copies in the plural', () => {
    const found = SimUStar(position(grid('3 3 1 3 3 / 1 2 3 4 5 / 2 4 5 6 1')));
    expect(found[0]!.reason).toBe('row 1: the pair 3 3 at c1-c2 keeps one 3 white, so the other 3s at c4 and c5 are black');
  });

  it('Sim-M4 blackens the outer cells of a b a b and whitens the inner ones', () => {
    const p = grid('4 3 4 3 / 1 2 5 6 / 2 5 6 1');
    const found = SimM4(position(p));
    expect(colours(p, found)).toEqual(['r1c1 black', 'r1c2 white', 'r1c3 white', 'r1c4 black']);
    expect(found[0]!.reason).toBe('row 1: 4 3 4 3 at c1-c4, so c1 and c4 black, c2 and c3 white');
    expectSound(p, position(p), found);
  });

  it('Sim-M* blackens a lone a in a line holding a b b a', () => {
    const p = grid('1 2 2 1 3 1 / 2 3 4 5 6 7 / 3 4 5 6 7 8');
    const found = SimMStar(position(p));
    expect(colours(p, found)).toEqual(['r1c6 black']);
    expect(found[0]!.reason).toBe('row 1: 1 2 2 1 at c1-c4 keeps one of its 1s white, so the other 1 at c6 is black');
    expectSound(p, position(p), found);
  });

  it('2-SAT solves a line that no Sim-* rule touches (a b c c a b)', () => {
    const p = grid('1 2 3 3 1 2 / 4 5 6 7 8 9 / 5 6 7 8 9 4');
    const board = position(p);
    for (const rule of [SimM3, SimU3, SimUStar, SimM4, SimMStar]) expect(rule(board)).toEqual([]);
    const found = TwoSat(board);
    expect(colours(p, found)).toEqual(['r1c1 black', 'r1c2 white', 'r1c5 white', 'r1c6 black']);
    expect(found[0]!.technique).toBe('2-SAT');
    // Each chain: black -> white across neighbours, white -> black between equal numbers, until a cell gets both colours.
    expect(found[0]!.reason).toBe(
      'row 1, taken alone, forces c1, c6 black and c2, c5 white: the other colour breaks a rule within the row (' +
        'c1 white → c5 black (both 1) → c4 white → c3 black (both 3) → c2 white → c6 black (both 2) → c5 white: impossible; ' +
        'c2 black → c1 white → c5 black (both 1) → c4 white → c3 black (both 3) → c2 white: impossible; ' +
        'c5 black → c4 white → c3 black (both 3) → c2 white → c6 black (both 2) → c5 white: impossible; ' +
        'c6 white → c2 black (both 2) → c1 white → c5 black (both 1) → c4 white → c3 black (both 3) → c2 white: impossible)',
    );
    expectSound(p, board, found);
  });

  it('2-SAT reports a line without a valid shading by colouring a cell both ways', () => {
    // Row 1 is 5 5 5 with the middle cell black: two white 5s or two adjacent blacks either way.
    const p = grid('5 5 5 / 1 2 3 / 4 6 7');
    const found = TwoSat(position(p, '. # . / . . . / . . .')).filter((d) => d.reason.startsWith('row 1 '));
    expect(found).toHaveLength(1);
    expect(found[0]!.reason).toBe(
      'row 1 has no shading without a repeated white number or two adjacent black cells (c1 would have to be both white and black: c1 white → c3 black (both 5), beside black c2: impossible; c1 black, beside black c2: impossible)',
    );
    expect(found[0]!.given).toEqual([
      { cell: 1, colour: 'black' },
      { cell: 1, colour: 'black' },
    ]);
    const cells = found[0]!.cells;
    expect(new Set(cells.map((c) => c.cell)).size).toBe(1);
    expect(cells.map((c) => c.colour).sort()).toEqual(['black', 'white']);
  });

  it('the line rules honour the sweep direction: H looks at rows only, V at columns only', () => {
    const p = grid('7 7 7 / 1 2 3 / 4 5 6');
    expect(SimU3(position(p), { dir: 'H' })).toHaveLength(1);
    expect(SimU3(position(p), { dir: 'V' })).toHaveLength(0);
  });
});

describe('advanced techniques (two lines)', () => {
  it('DP whitens the other diagonal of the duplicates of a pair', () => {
    const p = grid('3 1 4 5 1 / 6 2 7 2 8 / 9 10 11 12 13');
    const found = DP(position(p));
    expect(colours(p, found)).toEqual(['r1c4 white', 'r2c5 white']);
    expect(found[0]!.reason).toBe(
      '1 2 at r1c2, r2c2 are not both black, so r1c5 (1) or r2c4 (2) is black; their common neighbours r1c4 and r2c5 are white',
    );
    expectSound(p, position(p), found);
  });

  it('SbP blackens a third copy beside two pairs of the same two numbers', () => {
    const p = grid('1 3 1 4 1 / 2 5 2 6 7 / 8 9 10 11 12');
    const found = SbP(position(p));
    expect(colours(p, found)).toEqual(['r1c5 black']);
    expect(found[0]!.reason).toBe('the pairs 1 2 at r1c1, r2c1 and r1c3, r2c3 keep exactly one 1 and one 2 white, so r1c5 (1) is black');
    expectSound(p, position(p), found);
  });
});

describe('corner techniques', () => {
  it('CP blackens the corner and its diagonal when the corner square holds two pairs', () => {
    const p = grid('1 1 3 / 2 2 4 / 5 6 7');
    const found = CP(position(p));
    expect(colours(p, found)).toEqual(['r1c1 black', 'r1c2 white', 'r2c1 white', 'r2c2 black']);
    expect(found[0]!.reason).toBe('corner r1c1 (square r1c1-r2c2: 1 1 / 2 2) holds two pairs, so r1c1 and r2c2 black, r1c2 and r2c1 white');
    expectSound(p, position(p), found);
  });

  it('DoT blackens the corner when it and both its neighbours show one number', () => {
    const p = grid('1 1 3 / 1 2 4 / 5 6 7');
    const found = DoT(position(p));
    expect(colours(p, found)).toEqual(['r1c1 black', 'r1c2 white', 'r2c1 white']);
    expectSound(p, position(p), found);
  });

  it('DoT prints a corner square as it stands on the grid, top row first, in every corner', () => {
    // Bottom right: the square is 5 6 / 6 6 (row 2 above row 3), not the corner-first 6 6 / 6 5.
    const p = grid('1 2 3 / 4 5 6 / 7 6 6');
    const found = DoT(position(p));
    expect(colours(p, found)).toEqual(['r2c3 white', 'r3c2 white', 'r3c3 black']);
    expect(found[0]!.reason).toBe(
      'corner r3c3 (square r2c2-r3c3: 5 6 / 6 6): the corner and both its neighbours show 6, so r3c3 black, r3c2 and r2c3 white',
    );
    expectSound(p, position(p), found);
  });

  it('DoT blackens the diagonal when it and both neighbours of the corner show one number', () => {
    const p = grid('3 1 4 / 1 1 5 / 6 7 8');
    const found = DoT(position(p));
    expect(colours(p, found)).toEqual(['r1c2 white', 'r2c1 white', 'r2c2 black']);
    expectSound(p, position(p), found);
  });

  it('DoT whitens the remaining neighbour when the corner, its diagonal and one neighbour match', () => {
    const p = grid('1 1 3 / 2 1 4 / 5 6 7');
    const found = DoT(position(p));
    expect(colours(p, found)).toEqual(['r2c1 white']);
    expectSound(p, position(p), found);
  });
});

describe('border techniques', () => {
  it('BoP-D whitens the two edge cells flanking two stacked pairs', () => {
    const p = grid('1 2 2 3 / 4 5 5 6 / 7 8 9 10 / 11 12 13 14');
    const found = BoP_D(position(p));
    expect(colours(p, found)).toEqual(['r1c1 white', 'r1c4 white']);
    expect(found[0]!.reason).toBe(
      '2 pairs stacked against the top edge (2 2 at r1c2-r1c3 and 5 5 at r2c2-r2c3) each have one black cell, in a checkerboard, so the flanking cells r1c1 and r1c4 are white',
    );
    expectSound(p, position(p), found);
  });

  it('BoP-D also works with the two pairs across the edge, and names them as pairs', () => {
    const p = grid('1 4 1 5 / 6 4 1 7 / 8 9 10 11');
    const found = BoP_D(position(p));
    expect(colours(p, found)).toEqual(['r1c1 white', 'r1c4 white']);
    expect(found[0]!.reason).toBe(
      'two pairs across the top edge (4 4 at r1c2-r2c2 and 1 1 at r1c3-r2c3) each have one black cell, in a checkerboard, so the flanking cells r1c1 and r1c4 are white',
    );
    expectSound(p, position(p), found);
  });

  it('BoP-T whitens the four cells flanking three stacked pairs', () => {
    const p = grid('1 2 2 3 / 4 5 5 6 / 7 8 8 9 / 10 11 12 13');
    const found = BoP_T(position(p));
    expect(colours(p, found)).toEqual(['r1c1 white', 'r1c4 white', 'r2c1 white', 'r2c4 white']);
    expect(found[0]!.reason).toBe(
      '3 pairs stacked against the top edge (2 2 at r1c2-r1c3, 5 5 at r2c2-r2c3 and 8 8 at r3c2-r3c3) each have one black cell, in a checkerboard, so the flanking cells r1c1, r1c4, r2c1 and r2c4 are white',
    );
    expectSound(p, position(p), found);
  });

  it('BoP whitens the flanks of every row but the last of four stacked pairs', () => {
    const p = grid('1 2 2 3 / 4 5 5 6 / 7 8 8 9 / 10 11 11 12 / 13 14 15 16');
    const found = BoP(position(p));
    expect(colours(p, found)).toEqual(['r1c1 white', 'r1c4 white', 'r2c1 white', 'r2c4 white', 'r3c1 white', 'r3c4 white']);
    expectSound(p, position(p), found);
  });
});

describe('connectivity techniques', () => {
  it('NCO-C whitens the other neighbour of a corner cell beside a black cell', () => {
    const p = distinct(3, 3);
    const board = position(p, '. # . / . . . / . . .');
    const found = NCO_C(board);
    expect(colours(p, found)).toEqual(['r2c1 white', 'r2c3 white']);
    expect(found[0]!.reason).toBe('the corner cell r1c1, beside black r1c2, is white, and its only way out is r2c1, so that is white');
    expectSound(p, board, found);
  });

  it('NCO-B whitens the last neighbour of a border cell between two black cells', () => {
    const p = distinct(4, 4);
    const board = position(p, '. # . # / . . . . / . . . . / . . . .');
    const found = NCO_B(board);
    expect(colours(p, found)).toEqual(['r2c3 white']);
    expect(found[0]!.reason).toBe(
      'the border cell r1c3, beside black r1c2 and r1c4, is white, and its only way out is r2c3, so that is white',
    );
    expectSound(p, board, found);
  });

  it('EP whitens the other neighbour of a corner cell that forms a pair with one neighbour', () => {
    const p = grid('1 1 3 / 2 4 5 / 6 7 8');
    const found = EP(position(p));
    expect(colours(p, found)).toEqual(['r2c1 white']);
    expect(found[0]!.reason).toBe(
      'r1c1 is closed in by the grid edges; r1c2 and r1c1 both show 1, so one is black: either r1c2, leaving r2c1 as the only way out of r1c1, or r1c1, which touches r2c1; so r2c1 is white',
    );
    expectSound(p, position(p), found);
  });

  it('EP also fires when the pair is a neighbour of the corner and the cell beside the exit (Tatham DC)', () => {
    // The 1 1 down column 2 serves both top corners: r2c2 touches the exit of each.
    const p = grid('3 1 4 / 2 1 5 / 6 7 8');
    const found = EP(position(p));
    expect(colours(p, found)).toEqual(['r2c1 white', 'r2c3 white']);
    expectSound(p, position(p), found);
  });

  it('EP-B whitens the exit of a border cell closed in by the edge, a black cell and a pair', () => {
    const p = grid('1 2 3 4 5 / 6 2 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19');
    const board = position(p, '. . . # . / . . . . . / . . . . . / . . . . .');
    const found = EP_B(board);
    expect(colours(p, found)).toEqual(['r2c3 white']);
    expect(found[0]!.reason).toBe(
      'r1c3 is closed in by the edge and black r1c4; r1c2 and r2c2 both show 2, so one is black: either r1c2, leaving r2c3 as the only way out of r1c3, or r2c2, which touches r2c3; so r2c3 is white',
    );
    expectSound(p, board, found);
  });

  it('EP-M whitens the exit of an inner cell closed in by two black cells and a pair', () => {
    const p = grid('1 2 3 4 5 / 6 7 8 9 10 / 11 7 12 13 14 / 15 16 17 18 19');
    const board = position(p, '. . # . . / . . . # . / . . . . . / . . . . .');
    const found = EP_M(board);
    expect(colours(p, found)).toEqual(['r3c3 white']);
    expect(found[0]!.reason).toBe(
      'r2c3 is closed in by black r1c3 and r2c4; r2c2 and r3c2 both show 7, so one is black: either r2c2, leaving r3c3 as the only way out of r2c3, or r3c2, which touches r3c3; so r3c3 is white',
    );
    expectSound(p, board, found);
  });

  it('NCO whitens the one cell through which two white cells can still meet', () => {
    const p = distinct(5, 5);
    const board = position(p, 'o . . # . / . . # . . / . . . . . / # . . . . / . . . . o');
    const found = NCO(board);
    expect(colours(p, found)).toEqual(['r3c2 white']);
    expect(found[0]!.weight).toBe(1);
    // The region: the six cells above and left of the black diagonal r1c4, r2c3, (r3c2), r4c1.
    expect(found[0]!.reason).toBe(
      'black at r3c2, with black r1c4, r2c3 and r4c1 and the grid edge, would close in the region r1c1, r1c2, r1c3, r2c1, r2c2 and r3c1 (white r1c1), cutting it off from white r5c5; so r3c2 is white',
    );
    expectSound(p, board, found);
  });

  it('NCO-K whitens a cell whose blackening, with its knock-on effects, would close in white cells; NCO alone does not see it', () => {
    // 1 1 2 / 1 2 3 / 3 2 2 with r1c1 black: black r2c2 would whiten r3c2, so its twin r3c3 turns
    // black, and r2c2, r3c3 and r1c1 close in r1c2, r1c3, r2c3.
    const p = grid('1 1 2 / 1 2 3 / 3 2 2');
    const board = position(p, '# o . / o . o / o . .');
    expect(NCO(board)).toEqual([]);
    const found = NCO_K(board);
    // r3c3 the same way: black there whitens r3c2, whose twin r2c2 turns black.
    expect(colours(p, found)).toEqual(['r2c2 white', 'r3c3 white']);
    expect(found[0]!.reason).toBe(
      'black at r2c2 would make r3c2 white and then r3c3 black; then r2c2 and r3c3, with black r1c1 and the grid edge, would close in the region r1c2, r1c3 and r2c3 (white r1c2 and r2c3), cutting it off from white r2c1; so r2c2 is white',
    );
    expect(found[0]!.weight).toBe(2);
    expectSound(p, board, found);
  });

  it('the connectivity rules stay silent on a 1x3 row, where one white cell may be the whole region', () => {
    const p = grid('1 2 1');
    const board = position(p, '# . .');
    expect(NCO_B(board)).toEqual([]);
    expect(EP(board)).toEqual([]);
    // B W B is a solution: the middle cell needs no white neighbour.
    expect(solutionsOf(p, board).length).toBeGreaterThan(0);
  });
});

describe('probing', () => {
  const strictRunner = probeRunner(selectTechniques({ assumeUnique: false }));

  it('Prob colours a cell the other way when one colour leads to a contradiction', () => {
    const p = grid('2 1 2 / 3 4 5 / 6 7 8');
    const board = position(p);
    const found = Prob(board, strictRunner);
    expect(found).toHaveLength(1);
    expect(found[0]!.technique).toBe('Prob');
    expect(found[0]!.reason).toBe('if r1c2 were black: r1c1 and r1c3 are both white and both show 2 in one line; so r1c2 is white');
    expectSound(p, board, found);
  });

  it('Prob on a board that records its steps tells the failed trial, indented, ending in the clash', () => {
    const p = grid('2 1 2 / 3 4 5 / 6 7 8');
    const board = position(p);
    board.trace = [];
    const found = Prob(board, strictRunner);
    expect(found[0]!.probe?.steps.map((d) => d.technique)).toEqual(['Prob', 'NoB']);
    expect(explainStepLines(found[0]!)).toEqual([
      'Prob: if r1c2 were black, the trial below would end in a clash (r1c1 and r1c3 are both white and both show 2 in one line); so r1c2 is white',
      '    Prob: assume r1c2 black',
      '    NoB: r1c2 is black, so its neighbours r1c1, r1c3 and r2c2 are white',
      '    clash: r1c1 and r1c3 are both white and both show 2 in one line',
    ]);
  });

  it('Prob-C colours a cell that both colours of a probed cell agree on', () => {
    const p = grid('2 1 2 / 3 4 5 / 6 7 8');
    const board = position(p);
    // Only the board's own knock-on effects inside the probes: black r1c1 whitens r1c2 (NoB);
    // white r1c1 blackens r1c3 (DoW), which whitens r1c2 (NoB).
    const found = ProbC(board, probeRunner([]));
    expect(found).toHaveLength(1);
    expect(colours(p, found)).toContain('r1c2 white');
    expect(found[0]!.reason).toBe('r1c1 black and r1c1 white both lead to r1c2 white');
    expectSound(p, board, found);
  });
});
