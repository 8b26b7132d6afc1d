/**
 * The external backend with Debian's solver binaries: `cadical` (answers on stdout in s/v lines)
 * and `minisat {cnf} {out}` (writes its model to a result file). Skipped where a binary is absent.
 */
import { Limit } from '../../src/control/limit.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import { ExternalBackend } from '../../src/sat/backends/external.js';
import { createNodeBackend } from '../../src/sat/backends/node.js';
import { toDimacs } from '../../src/sat/dimacs.js';
import { solveHitori } from '../../src/solve/solve.js';
import { shadingKey } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';
import { pigeonhole } from '../support/models.js';
import { SolverError, TimeoutError } from '../../src/control/errors.js';

/** Whether `program` can be started (spawn fails with ENOENT when it is not on the PATH). */
function onPath(program: string): boolean {
  const run = spawnSync(program, ['--help'], { stdio: 'ignore', timeout: 10_000 });
  return run.error === undefined;
}

const solvers = [
  { program: 'cadical', command: 'cadical', available: onPath('cadical') },
  { program: 'minisat', command: 'minisat {cnf} {out}', available: onPath('minisat') },
] as const;

const janko = readFixtures('janko-sample.jsonl');
const fixture = janko.find((f) => f.id === 'janko-541')!; // 9x9
const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The DIMACS file of encodeHitori for a fixture, and the same with the blocking clause of its
 * published solution; written once and read by both programs' tests (the 17x17's encoding and
 * its 3 MB of text took a third of a second each time).
 */
const written = new Map<string, { withoutBlock: string; blocked: string }>();
function dimacsFiles(f: (typeof janko)[number]): { withoutBlock: string; blocked: string } {
  const known = written.get(f.id);
  if (known !== undefined) return known;
  const { cnf, vars } = encodeHitori(f.puzzle);
  const withoutBlock = join(dir, `${f.id}-open.cnf`);
  writeFileSync(withoutBlock, toDimacs(cnf));
  cnf.add(blockingClause(vars, f.solution!));
  const blocked = join(dir, `${f.id}-blocked.cnf`);
  writeFileSync(blocked, toDimacs(cnf));
  const files = { withoutBlock, blocked };
  written.set(f.id, files);
  return files;
}

for (const { program, command, available } of solvers) {
  const skipNote = available ? '' : ` — SKIPPED: no "${program}" binary on the PATH (Debian: apt-get install ${program})`;

  describe(`ExternalBackend with "${command}"${skipNote}`, () => {
    it.skipIf(!available)('finds a model of a small satisfiable CNF and reads every value', async () => {
      const b = new ExternalBackend(command);
      b.addClause([1, 2]);
      b.addClause([-1]);
      b.addClause([-2, 3]);
      expect(await b.solve()).toBe('satisfiable');
      expect([b.value(1), b.value(2), b.value(3)]).toEqual([false, true, true]);
      b.dispose();
    });

    it.skipIf(!available)('answers unsatisfiable, and honours assumptions for one call only', async () => {
      const b = new ExternalBackend(command);
      b.addClause([1, 2]);
      expect(await b.solve({ assumptions: [-1, -2] })).toBe('unsatisfiable');
      expect(() => b.value(1)).toThrow(SolverError);
      expect(await b.solve({ assumptions: [-1] })).toBe('satisfiable');
      expect(b.value(2)).toBe(true);
      b.addClause([-2]);
      b.addClause([-1]);
      expect(await b.solve()).toBe('unsatisfiable');
      b.dispose();
    });

    it.skipIf(!available)('stops the solver at the limit with its TimeoutError (pigeonhole, 13 holes)', async () => {
      const b = new ExternalBackend(command);
      b.addCnf(pigeonhole(13));
      const start = Date.now();
      await expect(b.solve({ limit: Limit.at(start + 300) })).rejects.toThrow(TimeoutError);
      // Not a speed assertion: only that the solver was stopped rather than run to its end.
      expect(Date.now() - start).toBeLessThan(30_000);
      // A limit already past: the solver is not even started.
      await expect(b.solve({ limit: Limit.at(Date.now() - 1000) })).rejects.toThrow(TimeoutError);
      b.dispose();
    });

    it.skipIf(!available)(`solves ${fixture.id} to the published solution, like the in-process backends`, async () => {
      const external = await solveHitori(fixture.puzzle, { backend: 'external', solverCmd: command, openBackend: createNodeBackend });
      const inProcess = await solveHitori(fixture.puzzle, { backend: 'cadical' });
      expect(external.status).toBe('unique');
      expect(external.solutions).toHaveLength(1);
      expect(shadingKey(fixture.puzzle, external.solutions[0]!)).toBe(shadingKey(fixture.puzzle, fixture.solution!));
      expect(external.solutions).toEqual(inProcess.solutions);
    });

    it.skipIf(!available)(
      'the DIMACS file of encodeHitori plus the blocking clause of the published solution is unsatisfiable for a unique puzzle',
      () => {
        for (const f of [fixture, janko.find((x) => x.puzzle.rows === 17)!]) {
          const { withoutBlock, blocked } = dimacsFiles(f);
          // Run the binary directly, independent of ExternalBackend's own parsing.
          const verdict = (path: string): string => {
            if (program === 'cadical') {
              const run = spawnSync('cadical', [path], { encoding: 'utf8', maxBuffer: 64 << 20 });
              const line = run.stdout.split('\n').find((l) => l.startsWith('s '));
              return `${run.status} ${line}`;
            }
            const out = `${path}.out`;
            const run = spawnSync('minisat', [path, out], { encoding: 'utf8', maxBuffer: 64 << 20 });
            return `${run.status} ${readFileSync(out, 'utf8').split('\n')[0]}`;
          };
          expect(verdict(withoutBlock), f.id).toBe(program === 'cadical' ? '10 s SATISFIABLE' : '10 SAT');
          expect(verdict(blocked), f.id).toBe(program === 'cadical' ? '20 s UNSATISFIABLE' : '20 UNSAT');
        }
      },
    );
  });
}

describe('ExternalBackend errors', () => {
  it('refuses an empty command', () => {
    expect(() => new ExternalBackend('  ')).toThrow(SolverError);
  });

  it('names a program that is not on the PATH when it is opened, before a clause is given', () => {
    expect(() => new ExternalBackend('no-such-sat-solver-hitori-test')).toThrow(
      /^external: cannot run "no-such-sat-solver-hitori-test": no such program on the PATH$/,
    );
  });

  it('names a path that is no program: missing, a folder, a file without execute permission', () => {
    const plain = join(dir, 'not-executable');
    writeFileSync(plain, 'p cnf 0 0\n');
    expect(() => new ExternalBackend(join(dir, 'no-such-solver'))).toThrow(/: no such file$/);
    expect(() => new ExternalBackend(dir)).toThrow(/: it is not a file$/);
    expect(() => new ExternalBackend(`'${plain}' {cnf}`)).toThrow(/: it is not executable$/);
  });

  it('solveHitori reports a missing program before it builds the CNF', async () => {
    const puzzle = { rows: 1, cols: 1, values: [1] };
    let encoded = false;
    await expect(
      solveHitori(puzzle, {
        backend: 'external',
        solverCmd: 'no-such-sat-solver-hitori-test',
        openBackend: createNodeBackend,
        onEncoded: () => {
          encoded = true;
        },
      }),
    ).rejects.toThrow(/no such program on the PATH/);
    expect(encoded).toBe(false);
  });

  it('refuses a command with an unterminated quote, naming the problem', () => {
    expect(() => new ExternalBackend("'/opt/my solvers/cadical")).toThrow(/unterminated single quote/);
  });
});

const cadicalThere = solvers[0].available;
describe(`a solver under a path with a space${cadicalThere ? '' : ' — SKIPPED: no "cadical" binary on the PATH'}`, () => {
  it.skipIf(!cadicalThere)('runs when the path is quoted or its space escaped, as a shell would take it', async () => {
    const folder = join(dir, 'my solvers');
    mkdirSync(folder, { recursive: true });
    const where = spawnSync('sh', ['-c', 'command -v cadical'], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(where, join(folder, 'cadical'));
    for (const command of [`'${folder}/cadical' -q`, `"${folder}/cadical"`, `${folder.replace(' ', '\\ ')}/cadical`]) {
      const b = new ExternalBackend(command);
      b.addCnf(pigeonhole(3));
      expect(await b.solve(), command).toBe('unsatisfiable');
      b.dispose();
    }
  });
});

describe('ExternalBackend with a solver that answers badly', () => {
  /** A fake solver: a shell script that prints `output` whatever the CNF. */
  function fakeSolver(name: string, output: string): string {
    const path = join(dir, `${name}.sh`);
    writeFileSync(path, `printf '%s' '${output}'\n`);
    return `sh ${path}`;
  }

  it('refuses a truncated model as incomplete, rather than reading the missing variables as false', async () => {
    const b = new ExternalBackend(fakeSolver('truncated', 's SATISFIABLE\nv 1 -2\n'));
    b.addClause([1, 2, 3]);
    b.addClause([-3, 4]);
    await expect(b.solve()).rejects.toThrow(/the solver's model is incomplete: .* no value for variable 3 of 4/);
    b.dispose();
  });

  it('refuses a model that gives a variable both values, or names one beyond the formula', async () => {
    const both = new ExternalBackend(fakeSolver('both', 's SATISFIABLE\nv 1 -1 2 0\n'));
    both.addClause([1, 2]);
    await expect(both.solve()).rejects.toThrow(/variable 1 is given both true and false/);
    both.dispose();
    const beyond = new ExternalBackend(fakeSolver('beyond', 's SATISFIABLE\nv 1 2 100000000000 0\n'));
    beyond.addClause([1, 2]);
    await expect(beyond.solve()).rejects.toThrow(/literal 100000000000 is beyond the formula's 2 variables/);
    beyond.dispose();
  });

  it('reports "s UNKNOWN" without a time limit as a solver failure, not as a timeout', async () => {
    const b = new ExternalBackend(fakeSolver('unknown', 's UNKNOWN\n'));
    b.addClause([1, 2]);
    await expect(b.solve()).rejects.toThrow(SolverError);
    await expect(b.solve()).rejects.toThrow(/answered UNKNOWN/);
    b.dispose();
    const solved = solveHitori(
      { rows: 1, cols: 2, values: [1, 1] },
      { backend: 'external', solverCmd: fakeSolver('unknown2', 's UNKNOWN\n'), openBackend: createNodeBackend },
    );
    await expect(solved).rejects.toThrow(/answered UNKNOWN/);
  });
});
