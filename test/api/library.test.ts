/**
 * The public library (src/index.ts) as a user calls it: answers checked against published
 * solutions and the independent checker, bad input met with InputErrors that name the problem.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';
import {
  ambiguity,
  check,
  explain,
  format,
  formats,
  hint,
  parse,
  rate,
  render,
  repair,
  solve,
  toDimacs,
  type Puzzle,
} from '../../src/index.js';
import { createBackend } from '../../src/sat/backends/index.js';
import { parseDimacs } from '../../src/sat/dimacs.js';
import { readFixtures } from '../support/fixtures.js';
import { InputError } from '../../src/control/errors.js';

const janko = readFixtures('janko-sample.jsonl');
const small = janko[0]!;

describe('the library entry', () => {
  it('exports a small set of values: the functions, the choice lists and the error classes', () => {
    expect(Object.keys(lib).sort()).toEqual(
      [
        'HitoriSatError',
        'InputError',
        'SolverError',
        'TimeoutError',
        'TooLargeError',
        'UsageError',
        'errorKindOf',
        'errorKinds',
        'exitCodeOf',
        'exitCodeOfKind',
        'exitCodes',
        'ambiguity',
        'backends',
        'check',
        'conventions',
        'engines',
        'explain',
        'hint',
        'format',
        'formats',
        'parse',
        'rate',
        'render',
        'repair',
        'run',
        'generationProblem',
        'generationReach',
        'makeCertificate',
        'verifyCertificate',
        'readTar',
        'writeTar',
        'solve',
        'toDimacs',
        'validatePuzzle',
      ].sort(),
    );
  });
});

describe('parse and format', () => {
  it.each(formats)('give back every janko sample puzzle after a round trip through %s', (to) => {
    // A Singles game ID holds numbers up to max(width, height) only.
    const fits = ({ puzzle }: (typeof janko)[number]) =>
      to !== 'gameid' || Math.max(...puzzle.values) <= Math.max(puzzle.rows, puzzle.cols);
    for (const { puzzle } of janko.filter(fits)) {
      const back = parse(format(puzzle, { to }), { from: to });
      expect(back.values).toEqual(puzzle.values);
      expect([back.rows, back.cols]).toEqual([puzzle.rows, puzzle.cols]);
    }
  });

  it('detect the format when none is given', () => {
    expect(parse('{"grid": [[1, 2], [2, 1]]}').values).toEqual([1, 2, 2, 1]);
    expect(parse('1 2\n2 1\n').values).toEqual([1, 2, 2, 1]);
    expect(parse('https://puzz.link/p?hitori/2/2/1221').values).toEqual([1, 2, 2, 1]);
  });

  it('write the solution into JSON when given one', () => {
    const json = JSON.parse(format(small.puzzle, { to: 'json', solution: small.solution! })) as { solution: number[][] };
    expect(json.solution.flat().map((v) => v === 1)).toEqual(small.solution);
  });

  it('name the line, row and column of a bad value', () => {
    expect(() => parse('1 2\n2 x\n')).toThrow('input, line 2, row 2, column 2: "x" is not a positive integer');
  });

  it('refuse an unknown format by name', () => {
    expect(() => parse('1', { from: 'pdf' as never })).toThrow(/from "pdf" is not one of text, json, url/);
  });
});

describe('solve', () => {
  it.each(janko.slice(0, 8).map((f) => [f.id, f] as const))('proves %s unique with its published solution', async (_id, fixture) => {
    const result = await solve(fixture.puzzle);
    expect(result.status).toBe('unique');
    expect(result.solutions).toEqual([fixture.solution]);
    expect(check(fixture.puzzle, result.solutions[0]!)).toEqual([]);
  });

  it.each(['rules', 'hybrid'] as const)('solves with engine %s as well', async (engine) => {
    const result = await solve(small.puzzle, { engine });
    expect(result.status).toBe('unique');
    expect(result.solutions[0]).toEqual(small.solution);
  });

  it('solves with the minisat backend in-process', async () => {
    const result = await solve(small.puzzle, { backend: 'minisat' });
    expect(result.status).toBe('unique');
    expect(result.solutions[0]).toEqual(small.solution);
  });

  it('refuses a puzzle whose values do not fill its rows and columns', async () => {
    const bad = { rows: 2, cols: 2, values: [1, 2, 3] } as Puzzle;
    await expect(solve(bad)).rejects.toThrow(new InputError('"values" has 3 numbers, but 2 rows x 2 columns need 4', {}, 'puzzle'));
  });

  it('refuses a value that is not a positive integer, naming its row and column', async () => {
    await expect(solve({ rows: 2, cols: 2, values: [1, 2, 0, 1] })).rejects.toThrow('puzzle, row 2, column 1: 0 is not a positive integer');
    await expect(solve({ rows: 1, cols: 2, values: [1, 1.5] })).rejects.toThrow('row 1, column 2: 1.5 is not a positive integer');
    await expect(solve(null as never)).rejects.toThrow(InputError);
    await expect(solve({ rows: 0, cols: 2, values: [] })).rejects.toThrow('"rows" must be a positive whole number, got 0');
  });

  it('refuses unknown option values with the list of choices', async () => {
    await expect(solve(small.puzzle, { backend: 'glucose' as never })).rejects.toThrow(
      'options: backend "glucose" is not one of cadical, minisat, external',
    );
    await expect(solve(small.puzzle, { engine: 'magic' as never })).rejects.toThrow('engine "magic" is not one of sat, rules, hybrid');
    await expect(solve(small.puzzle, { maxSolutions: 0 })).rejects.toThrow('maxSolutions must be a whole number');
    await expect(solve(small.puzzle, { backend: 'external' })).rejects.toThrow('needs solverCmd');
  });

  it('sends the external backend to the Node entry', async () => {
    await expect(solve(small.puzzle, { backend: 'external', solverCmd: 'cadical' })).rejects.toThrow(/hitori-sat\/node/);
  });

  it('rejects with the reason of an already aborted signal, before any work', async () => {
    const controller = new AbortController();
    controller.abort(new Error('not wanted'));
    await expect(solve(small.puzzle, { signal: controller.signal })).rejects.toThrow('not wanted');
  });

  it('stops between solver calls when the signal is aborted during a long enumeration', async () => {
    // 8x8 with all values distinct in every row and column: every valid shading is a solution,
    // far more than anyone enumerates, so only the abort can end this solve.
    const puzzle = { rows: 8, cols: 8, values: Array.from({ length: 64 }, (_, i) => ((Math.floor(i / 8) + (i % 8)) % 8) + 1) };
    const signal = AbortSignal.timeout(50);
    await expect(solve(puzzle, { maxSolutions: 1_000_000, signal })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('explain and rate', () => {
  it('explain solves every janko sample to its published solution, one step per deduction', async () => {
    for (const { puzzle, solution } of janko) {
      const e = await explain(puzzle);
      expect(e.status).toBe('solved');
      expect(e.board.flat().map((v) => v === 1)).toEqual(solution);
      expect(e.steps.length).toBeGreaterThan(0);
      expect(e.text).toContain('1. ');
    }
  });

  it('explain reports a contradiction for a puzzle with no solution', async () => {
    const [none] = readFixtures('no-solution.jsonl');
    expect((await explain(none!.puzzle)).status).toBe('contradiction');
  });

  it('rate gives a class A..G to a puzzle the rules solve, and none to one without solution', async () => {
    const rating = await rate(small.puzzle);
    expect(rating.status).toBe('solved');
    expect('ABCDEFG').toContain(rating.class);
    const [none] = readFixtures('no-solution.jsonl');
    expect((await rate(none!.puzzle)).class).toBeNull();
  });

  it('refuse unknown option values', async () => {
    await expect(explain(small.puzzle, { maxLevel: 'Z' as never })).rejects.toThrow('maxLevel "Z" is not one of A, B, C, D, E, F, G');
    await expect(rate(small.puzzle, { techniques: 'x' as never })).rejects.toThrow('techniques "x" is not one of');
  });
});

describe('toDimacs', () => {
  it('is satisfiable, and unsatisfiable once the published solution is blocked (the solution is unique)', async () => {
    for (const { puzzle, solution } of janko.slice(0, 5)) {
      const answers: string[] = [];
      for (const block of [undefined, solution!]) {
        const cnf = parseDimacs(await toDimacs(puzzle, block === undefined ? {} : { block }));
        const backend = await createBackend('cadical');
        backend.addCnf(cnf);
        answers.push(await backend.solve());
        backend.dispose();
      }
      expect(answers).toEqual(['satisfiable', 'unsatisfiable']);
    }
  });

  it('refuses a blocked solution of the wrong size', async () => {
    await expect(toDimacs(small.puzzle, { block: [true] })).rejects.toThrow('"block" must be an array of 16 booleans');
  });
});

describe('render and check', () => {
  it('render draws shaded cells as # and undecided ones in brackets', () => {
    const puzzle = parse('1 1\n2 1\n');
    expect(render(puzzle, { cells: [false, true, false, false] })).toBe('1 #\n2 1\n');
    expect(render(puzzle, { cells: [null, true, false, false] })).toBe('[1] ###\n 2   1 \n');
  });

  it('render draws an SVG picture with one dark cell per shaded cell', () => {
    const svg = render(small.puzzle, { to: 'svg', cells: small.solution!, highlight: [0] });
    expect(svg).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\n$/);
    expect(svg.match(/fill="#222"/g)).toHaveLength(small.solution!.filter(Boolean).length);
    expect(() => render(small.puzzle, { to: 'svg', highlight: [99] })).toThrow('"highlight" must be an array of cell indices from 0 to 15');
  });

  it('check names the rule a shading breaks', () => {
    const violations = check(parse('1 1\n2 1\n'), [false, false, false, false]);
    expect(violations.map((v) => v.rule)).toContain('repeat');
    expect(check(small.puzzle, small.solution!)).toEqual([]);
  });
});

describe('hint', () => {
  it('names a wrong mark against the only solution, and refuses marks of the wrong shape', async () => {
    // 1 2 / 2 2: the only solution shades r2c2 (r2c1 and r1c2 stay white for connectivity).
    const puzzle = parse('1 2\n2 2\n');
    const wrong = await hint(puzzle, [true, null, null, null]);
    expect(wrong).toMatchObject({ kind: 'mistakes', unique: true, mistakes: [{ row: 1, col: 1, marked: 'black' }] });
    expect(wrong.text).toMatch(/^1 mark is wrong: r1c1 is shaded/);
    await expect(hint(puzzle, [true])).rejects.toThrow(InputError);
  });
});

describe("the setter's functions", () => {
  const text = '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n';

  it('ambiguity: the cells on which every solution the SAT engine lists agrees are forced, the others free; text and SVG come with it', async () => {
    const puzzle = parse(text);
    const all = await solve(puzzle, { engine: 'sat', maxSolutions: 1000 });
    expect(all.complete).toBe(true);
    const map = await ambiguity(puzzle);
    const first = all.solutions[0]!;
    expect(map.cells).toEqual(first.map((x, i) => (all.solutions.every((s) => s[i] === x) ? x : null)));
    expect(map.text).toMatch(/^ambiguous: /);
    expect(map.svg).toMatch(/^<\?xml/);
  });

  it('repair: each change set leaves a puzzle that solve proves unique, with the kept solution', async () => {
    const puzzle = parse(text);
    const fix = await repair(puzzle, { maxChanges: 3 });
    expect(fix.status).toBe('repaired');
    for (const r of fix.repairs) {
      const after = await solve(r.puzzle);
      expect(after.status).toBe('unique');
      expect(after.solutions[0]).toEqual(r.solution);
      expect(check(r.puzzle, r.solution)).toEqual([]);
    }
  });

  it('ambiguity and repair stop when their signal is aborted, rejecting with its reason', async () => {
    // Latin squares: their maps and repairs take far longer than the 5 ms before the abort.
    const latin = (n: number) => ({
      rows: n,
      cols: n,
      values: Array.from({ length: n * n }, (_, i) => 1 + ((Math.floor(i / n) + (i % n)) % n)),
    });
    for (const call of [
      (signal: AbortSignal) => ambiguity(latin(40), { signal }),
      (signal: AbortSignal) => repair(latin(20), { signal, maxChanges: 20 }),
    ]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 5);
      await expect(call(controller.signal)).rejects.toThrow(/abort/i);
    }
  });

  it('checks the requests at the door: a keep of the wrong size, a negative bound', async () => {
    const puzzle = parse(text);
    await expect(repair(puzzle, { keep: [true] })).rejects.toThrow(InputError);
    await expect(repair(puzzle, { maxChanges: -1 })).rejects.toThrow(/maxChanges must be a whole number \(0 or more\), got -1/);
    await expect(lib.run({ command: 'generate', rows: 2, cols: 2, seed: '1', pattern: [true] })).rejects.toThrow(
      /"pattern" must be an array of 4 booleans/,
    );
  });
});
