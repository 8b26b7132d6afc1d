import { describe, expect, it } from 'vitest';
import { Cnf } from '../../src/sat/cnf.js';
import { dimacsByteLength, dimacsChunks, parseDimacs, parseSolverOutput, toDimacs } from '../../src/sat/dimacs.js';
import { mulberry32 } from '../support/brute-force.js';
import { InputError } from '../../src/control/errors.js';

const clausesOf = (cnf: Cnf) => Array.from({ length: cnf.numClauses }, (_, k) => cnf.clause(k));

function errorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected a InputError');
}

describe('toDimacs', () => {
  it('writes comments, the header and one clause per line ending in 0', () => {
    const cnf = new Cnf();
    cnf.comments.push('hello world', '');
    cnf.add([1, -2]);
    cnf.add([3]);
    expect(toDimacs(cnf)).toBe('c hello world\nc\np cnf 3 2\n1 -2 0\n3 0\n');
  });
});

describe('parseDimacs and toDimacs are symmetric', () => {
  it('give back the same clauses, variable count and comments', () => {
    const cnf = new Cnf();
    cnf.comments.push('hitori-sat CNF', '', 'var 1 shaded(1,1)', 'two  spaces inside');
    cnf.add([1, -2, 3]);
    cnf.add([-1]);
    cnf.add([]);
    cnf.add([4, 5]);
    cnf.declare(12);
    const back = parseDimacs(toDimacs(cnf));
    expect(clausesOf(back)).toEqual(clausesOf(cnf));
    expect(back.numVars).toBe(12);
    expect(back.comments).toEqual(cnf.comments);
    expect(toDimacs(back)).toBe(toDimacs(cnf));
  });

  it('round-trips a formula large enough to be written in several chunks', () => {
    const cnf = new Cnf();
    for (let k = 1; k <= 20000; k++) cnf.add([k, -(k + 1), k + 2]);
    const text = toDimacs(cnf);
    expect(text.length).toBeGreaterThan(65536 * 2);
    expect(clausesOf(parseDimacs(text))).toEqual(clausesOf(cnf));
  });

  it('reads clauses spread over lines, several per line, CRLF and tabs', () => {
    const cnf = parseDimacs('c a comment\r\np cnf 4 3\r\n1 -2\r\n 3 0 -4\t0\r\n2 0\r\n');
    expect(clausesOf(cnf)).toEqual([[1, -2, 3], [-4], [2]]);
    expect(cnf.comments).toEqual(['a comment']);
  });

  it('reads a SATLIB benchmark file, whose clauses end with a "%" line and a "0" line', () => {
    // The tail of every SATLIB uf/uuf file (e.g. uf20-01.cnf): "%", then "0", then a blank line.
    const cnf = parseDimacs('c SATLIB style\np cnf 3 2\n 1 -2 3 0\n-1 2 0\n%\n0\n\n');
    expect(clausesOf(cnf)).toEqual([
      [1, -2, 3],
      [-1, 2],
    ]);
  });
});

describe('parseDimacs errors name the line', () => {
  it('a bad header', () => {
    const e = errorOf(() => parseDimacs('c x\np cnf three 1\n1 0\n'));
    expect(e.place.line).toBe(2);
    expect(e.message).toMatch(/^input, line 2: /);
  });

  it('clauses before the header', () => {
    expect(errorOf(() => parseDimacs('c x\n1 2 0\np cnf 2 1\n')).place.line).toBe(2);
  });

  it('a token that is not a literal', () => {
    const e = errorOf(() => parseDimacs('p cnf 3 2\n1 2 0\n3 x 0\n'));
    expect(e.place.line).toBe(3);
    expect(e.message).toContain('"x"');
  });

  it('a literal beyond the declared variables', () => {
    const e = errorOf(() => parseDimacs('p cnf 3 2\n1 2 0\n-4 0\n'));
    expect(e.place.line).toBe(3);
    expect(e.message).toContain('-4');
  });

  it('a second header', () => {
    expect(errorOf(() => parseDimacs('p cnf 3 1\np cnf 3 1\n1 0\n')).place.line).toBe(2);
  });

  it('a last clause not closed by 0, at the line where that clause starts', () => {
    expect(errorOf(() => parseDimacs('p cnf 3 2\n1 0\n2\n3\n')).place.line).toBe(3);
  });

  it('a clause count different from the header', () => {
    const e = errorOf(() => parseDimacs('p cnf 3 3\n1 0\n2 0\n'));
    expect(e.message).toMatch(/3 clauses.*2/);
  });

  it('no header at all', () => {
    expect(errorOf(() => parseDimacs('c only a comment\n')).message).toMatch(/header/);
  });
});

describe('parseSolverOutput', () => {
  const valuesOf = (text: string) => Array.from(parseSolverOutput(text).values);

  it('reads SAT-competition s/v lines and ignores the solver chatter', () => {
    const answer = parseSolverOutput('c CaDiCaL\nc lots of stats 1 2 3\ns SATISFIABLE\nv 1 -2 3\nv -4 0\nc exit 10\n');
    expect(answer.status).toBe('satisfiable');
    expect(Array.from(answer.values)).toEqual([0, 1, -1, 1, -1]);
  });

  it('reads s UNSATISFIABLE and s UNKNOWN', () => {
    expect(parseSolverOutput('c x\ns UNSATISFIABLE\n').status).toBe('unsatisfiable');
    expect(parseSolverOutput('s UNKNOWN\n').status).toBe('unknown');
  });

  it('reads a MiniSat result file: "SAT" then the literals', () => {
    const answer = parseSolverOutput('SAT\n1 -2 0\n');
    expect(answer.status).toBe('satisfiable');
    expect(Array.from(answer.values)).toEqual([0, 1, -1]);
  });

  it('reads a MiniSat result file saying UNSAT', () => {
    expect(parseSolverOutput('UNSAT\n').status).toBe('unsatisfiable');
  });

  it('takes a bare list of literals as a model', () => {
    const answer = parseSolverOutput('-1 2\n3 0\n');
    expect(answer.status).toBe('satisfiable');
    expect(valuesOf('-1 2\n3 0\n')).toEqual([0, -1, 1, 1]);
  });

  it('leaves a variable the solver did not give at 0', () => {
    expect(valuesOf('s SATISFIABLE\nv 1 3 0\n')).toEqual([0, 1, 0, 1]);
  });

  it('rejects an unknown status word and an empty answer, naming the line', () => {
    expect(errorOf(() => parseSolverOutput('c hi\ns MAYBE\n')).place.line).toBe(2);
    expect(errorOf(() => parseSolverOutput('SAT\n1 two 0\n')).place.line).toBe(2);
    expect(() => parseSolverOutput('\n')).toThrow(InputError);
  });
});

describe('dimacsByteLength', () => {
  it('is the byte length of the text dimacsChunks writes: comments (UTF-8 included), header, empty and unit clauses, extra units', () => {
    const random = mulberry32(11);
    for (let round = 0; round < 50; round++) {
      const cnf = new Cnf();
      cnf.comments.push('', `round ${round}`, 'é…');
      const clauses = Math.floor(random() * 40);
      for (let k = 0; k < clauses; k++)
        cnf.add(
          Array.from(
            { length: Math.floor(random() * 5) },
            () => Math.ceil(random() * 10 ** (1 + Math.floor(random() * 7))) * (random() < 0.5 ? -1 : 1),
          ),
        );
      const units = random() < 0.5 ? [] : [-3, 12_345_678];
      const text = [...dimacsChunks(cnf, units)].join('');
      expect(dimacsByteLength(cnf, units)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
