/**
 * Model enumeration for the tests: all models of a CNF projected onto chosen variables, found by
 * solve + blocking clause over those variables (both polarities), on any in-process backend.
 */
import type { Backend } from '../../src/sat/backend.js';
import { CadicalBackend } from '../../src/sat/backends/cadical.js';
import { MiniSatBackend } from '../../src/sat/backends/minisat.js';
import { Cnf } from '../../src/sat/cnf.js';
import type { Grid } from './brute-force.js';

export type InProcessName = 'cadical' | 'minisat';
export const inProcessBackends: readonly InProcessName[] = ['cadical', 'minisat'];

/** A grid's size and whether it has no, one or several models (`models`: how many, by the brute force). */
export function sizeAndVerdict(grid: Grid, models: number): string {
  return `${grid.rows}x${grid.cols} ${models === 0 ? 'none' : models === 1 ? 'one' : 'several'}`;
}

/**
 * The grids a backend enumerates the models of: all of them for CaDiCaL; for MiniSat the first
 * of each size and verdict (sizeAndVerdict), so every size and verdict of the whole list. The CNF
 * is the same for both backends. A MiniSat backend is a fresh 64 MiB asm.js module, about 10 ms
 * of CPU to make and collect, most of it the garbage collector's (a CaDiCaL backend: 0.4 ms), and
 * MiniSat on every grid was most of the CPU of the encoding tests.
 */
export function gridsFor<G extends Grid>(backend: InProcessName, grids: readonly G[], models: (grid: G) => number): G[] {
  if (backend === 'cadical') return [...grids];
  const seen = new Set<string>();
  return grids.filter((grid) => {
    const kind = sizeAndVerdict(grid, models(grid));
    return !seen.has(kind) && seen.add(kind) !== undefined;
  });
}

export async function makeBackend(name: InProcessName): Promise<Backend> {
  return name === 'cadical' ? CadicalBackend.create() : new MiniSatBackend();
}

/**
 * Every distinct assignment of variables 1..projectOnto that extends to a model of `cnf`, as bit
 * masks (bit v-1 set when variable v is true), sorted ascending. Throws past `limit` models so a
 * runaway enumeration fails loudly instead of hanging.
 */
export async function projectedModels(cnf: Cnf, projectOnto: number, backendName: InProcessName, limit = 5000): Promise<number[]> {
  const backend = await makeBackend(backendName);
  try {
    backend.addCnf(cnf);
    const found: number[] = [];
    for (;;) {
      const status = await backend.solve();
      if (status === 'unsatisfiable') break;
      if (status !== 'satisfiable') throw new Error(`${backendName} answered ${status}`);
      let mask = 0;
      const block: number[] = [];
      for (let v = 1; v <= projectOnto; v++) {
        const value = backend.value(v);
        if (value) mask |= 1 << (v - 1);
        block.push(value ? -v : v);
      }
      if (found.includes(mask)) throw new Error(`${backendName} returned the blocked assignment ${mask} again`);
      found.push(mask);
      if (found.length > limit) throw new Error(`more than ${limit} models`);
      // An empty block (no projection variables) would be the empty clause: one model, then stop.
      backend.addClause(block);
    }
    return found.sort((x, y) => x - y);
  } finally {
    backend.dispose();
  }
}

/** Pigeonhole: n+1 pigeons in n holes, unsatisfiable and exponentially hard for resolution. */
export function pigeonhole(holes: number): Cnf {
  const cnf = new Cnf();
  const p = (i: number, h: number) => i * holes + h + 1;
  for (let i = 0; i <= holes; i++) cnf.add(Array.from({ length: holes }, (_, h) => p(i, h)));
  for (let h = 0; h < holes; h++) {
    for (let i = 0; i <= holes; i++) for (let j = i + 1; j <= holes; j++) cnf.add2(-p(i, h), -p(j, h));
  }
  return cnf;
}
