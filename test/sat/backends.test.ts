/** The two in-process backends behind the one Backend interface. */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../src/sat/backend.js';
import { CadicalBackend } from '../../src/sat/backends/cadical.js';
import { createBackend } from '../../src/sat/backends/index.js';
import { createNodeBackend } from '../../src/sat/backends/node.js';
import { MiniSatBackend } from '../../src/sat/backends/minisat.js';
import { inProcessBackends, makeBackend, pigeonhole } from '../support/models.js';
import { SolverError, TimeoutError } from '../../src/control/errors.js';

/** Whether the backend's model satisfies every clause. */
function modelSatisfies(backend: Backend, clauses: readonly (readonly number[])[]): boolean {
  return clauses.every((clause) => clause.some((lit) => backend.value(Math.abs(lit)) === lit > 0));
}

describe.each(inProcessBackends)('the %s backend', (name) => {
  it('finds a model that satisfies every clause', async () => {
    const b = await makeBackend(name);
    const clauses = [
      [1, 2, 3],
      [-1, -2],
      [-2, -3],
      [-1, -3],
      [2, 4],
      [-4, -1],
    ];
    for (const c of clauses) b.addClause(c);
    expect(await b.solve()).toBe('satisfiable');
    expect(modelSatisfies(b, clauses)).toBe(true);
    b.dispose();
  });

  it('answers unsatisfiable for x ∧ ¬x, and has no model then', async () => {
    const b = await makeBackend(name);
    b.addClause([1]);
    b.addClause([-1]);
    expect(await b.solve()).toBe('unsatisfiable');
    expect(() => b.value(1)).toThrow(SolverError);
    b.dispose();
  });

  it('answers unsatisfiable for the empty clause', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    b.addClause([]);
    expect(await b.solve()).toBe('unsatisfiable');
    b.dispose();
  });

  it('adds a whole Cnf with addCnf and solves the pigeonhole formula of 4 holes as unsatisfiable', async () => {
    const b = await makeBackend(name);
    b.addCnf(pigeonhole(4));
    expect(await b.solve()).toBe('unsatisfiable');
    b.dispose();
  });

  it('solves incrementally: clauses added after a satisfiable solve constrain the next one', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    expect(await b.solve()).toBe('satisfiable');
    b.addClause([-1]);
    expect(await b.solve()).toBe('satisfiable');
    expect(b.value(1)).toBe(false);
    expect(b.value(2)).toBe(true);
    b.addClause([-2]);
    expect(await b.solve()).toBe('unsatisfiable');
    b.dispose();
  });

  it('honours a positive assumption', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    b.addClause([-1, -2]);
    expect(await b.solve({ assumptions: [2] })).toBe('satisfiable');
    expect(b.value(2)).toBe(true);
    expect(b.value(1)).toBe(false);
    b.dispose();
  });

  it('honours a negative assumption', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    expect(await b.solve({ assumptions: [-1] })).toBe('satisfiable');
    expect(b.value(1)).toBe(false);
    expect(b.value(2)).toBe(true);
    expect(await b.solve({ assumptions: [-2] })).toBe('satisfiable');
    expect(b.value(2)).toBe(false);
    expect(b.value(1)).toBe(true);
    b.dispose();
  });

  it('honours several assumptions at once, mixed polarities', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2, 3]);
    b.addClause([-3, 4]);
    expect(await b.solve({ assumptions: [-1, -2, -4] })).toBe('unsatisfiable');
    expect(await b.solve({ assumptions: [-1, -2] })).toBe('satisfiable');
    expect([b.value(1), b.value(2), b.value(3), b.value(4)]).toEqual([false, false, true, true]);
    b.dispose();
  });

  it('stays usable after an unsatisfiable solve under assumptions: they held for that call only', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    b.addClause([-1, 3]);
    expect(await b.solve({ assumptions: [-2, -3] })).toBe('unsatisfiable');
    expect(await b.solve()).toBe('satisfiable');
    expect(await b.solve({ assumptions: [-2] })).toBe('satisfiable');
    expect(b.value(1)).toBe(true);
    expect(b.value(3)).toBe(true);
    expect(await b.solve({ assumptions: [-3] })).toBe('satisfiable');
    expect(b.value(2)).toBe(true);
    // And new clauses still count.
    b.addClause([-2]);
    expect(await b.solve({ assumptions: [-3] })).toBe('unsatisfiable');
    expect(await b.solve()).toBe('satisfiable');
    b.dispose();
  });

  it('leaves a variable first used after a solve under assumptions free', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    expect(await b.solve({ assumptions: [1] })).toBe('satisfiable');
    // Variable 3 is new to the caller; nothing forbids it being true.
    b.addClause([3]);
    expect(await b.solve()).toBe('satisfiable');
    expect(b.value(3)).toBe(true);
    b.dispose();
  });

  it('accepts an assumption on a variable no clause mentions yet', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    expect(await b.solve({ assumptions: [-3] })).toBe('satisfiable');
    expect(await b.solve({ assumptions: [3] })).toBe('satisfiable');
    b.dispose();
  });

  it('stops with the TimeoutError of a limit already past', async () => {
    const b = await makeBackend(name);
    b.addClause([1, 2]);
    await expect(b.solve({ limit: Limit.at(Date.now() - 1000) })).rejects.toThrow(TimeoutError);
    // The instance is still fine afterwards.
    expect(await b.solve()).toBe('satisfiable');
    b.dispose();
  });

  it('has no model to read after a stop at the limit, even when an earlier solve was satisfiable', async () => {
    const b = await makeBackend(name);
    b.addClause([1]);
    expect(await b.solve()).toBe('satisfiable');
    expect(b.value(1)).toBe(true);
    await expect(b.solve({ limit: Limit.at(Date.now() - 1000) })).rejects.toThrow(TimeoutError);
    expect(() => b.value(1)).toThrow(SolverError);
    b.dispose();
  });

  it('counts its solve calls and clauses in stats()', async () => {
    const b = await makeBackend(name);
    b.addClause([1, -2]);
    b.addClause([2, 3]);
    await b.solve();
    await b.solve({ assumptions: [-1] });
    const stats = b.stats();
    expect(stats.solveCalls).toBe(2);
    expect(stats.clauses).toBeGreaterThanOrEqual(2);
    expect(stats.variables).toBeGreaterThanOrEqual(3);
    b.dispose();
  });

  it('is what createBackend makes for its name', async () => {
    const b = await createBackend(name);
    expect(b.name).toBe(name);
    expect(b).toBeInstanceOf(name === 'cadical' ? CadicalBackend : MiniSatBackend);
    b.dispose();
  });
});

describe('CaDiCaL', () => {
  it('stops a solve in progress at its limit with its TimeoutError (pigeonhole, 13 holes)', async () => {
    const b = await CadicalBackend.create();
    expect(b.interruptible).toBe(true);
    b.addCnf(pigeonhole(13));
    const start = Date.now();
    await expect(b.solve({ limit: Limit.at(start + 300) })).rejects.toThrow(TimeoutError);
    // Not a speed assertion: only that it did stop rather than run the proof to its end.
    expect(Date.now() - start).toBeLessThan(30_000);
    b.dispose();
  });
});

describe('MiniSat', () => {
  it('says it cannot be interrupted, and stays unsatisfiable once its clauses are', async () => {
    const b = new MiniSatBackend();
    expect(b.interruptible).toBe(false);
    b.addClause([1]);
    b.addClause([-1]);
    expect(await b.solve()).toBe('unsatisfiable');
    b.addClause([2]);
    expect(await b.solve()).toBe('unsatisfiable');
  });
});

describe('createBackend', () => {
  it('refuses the external backend, which needs the Node entry', async () => {
    await expect(createBackend('external', { solverCmd: 'cadical' })).rejects.toThrow(/needs Node/);
  });

  it('refuses a name that is no backend, instead of failing later', async () => {
    await expect(createBackend('glucose' as never)).rejects.toThrow(SolverError);
  });
});

describe('createNodeBackend', () => {
  it('refuses the external backend without a solver command', async () => {
    await expect(createNodeBackend('external')).rejects.toThrow(/needs a solver command/);
  });
});

describe('MiniSat beyond its heap', () => {
  it('turns the abort into an error naming the heap, and leaves the global console alone', () => {
    const original = Object.getOwnPropertyDescriptor(console, 'log')!;
    let replaced = 0;
    let printed = 0;
    Object.defineProperty(console, 'log', {
      configurable: true,
      get: () => () => void printed++,
      set: () => void replaced++,
    });
    try {
      const b = new MiniSatBackend();
      // 1,000-literal clauses until the fixed 64 MiB heap runs out (about 5,000 of them).
      const clause = Int32Array.from({ length: 1000 }, (_, k) => k + 1);
      const fill = () => {
        for (let i = 0; i < 30_000; i++) {
          clause[0] = 1001 + i;
          b.addClause(clause);
        }
      };
      let error: unknown;
      try {
        fill();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SolverError);
      expect((error as Error).message).toMatch(/64 MiB heap; use --backend cadical/);
    } finally {
      Object.defineProperty(console, 'log', original);
    }
    expect(replaced).toBe(0);
    expect(printed).toBe(0);
  });

  it('says how many solves came before the heap ran out (listing solutions adds a clause per solution)', async () => {
    const b = new MiniSatBackend();
    b.addClause(Int32Array.from([1, 2]));
    expect(await b.solve()).toBe('satisfiable');
    const clause = Int32Array.from({ length: 1000 }, (_, k) => k + 1);
    expect(() => {
      for (let i = 0; i < 30_000; i++) {
        clause[0] = 1001 + i;
        b.addClause(clause);
      }
    }).toThrow(/clauses, and what MiniSat learned in 1 solve\) does not fit MiniSat's fixed 64 MiB heap; use --backend cadical/);
  });
});
