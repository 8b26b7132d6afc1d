/**
 * Creates an in-process backend by name. This module is browser-safe: it reaches no `node:`
 * module. The `external` backend runs a program, so it lives behind the Node entry
 * (`node.ts` here, `hitori-sat/node` for library users), which passes `createNodeBackend` as the
 * factory. Each backend's module is loaded only when asked for: MiniSat's asm.js alone takes
 * ~180 ms to load, which a CaDiCaL solve should not pay.
 */
import type { Backend, BackendName } from '../backend.js';
import type { CadicalOptions } from './cadical.js';
import { SolverError } from '../../control/errors.js';

export interface BackendOptions {
  /** For `external`: the solver command line (see ExternalBackend). */
  readonly solverCmd?: string;
  /** For `cadical`: CaDiCaL options set at creation. */
  readonly cadical?: CadicalOptions;
}

/** Makes a backend; `createBackend` (in-process ones) and `createNodeBackend` (all three) are the two. */
export type BackendFactory = (name: BackendName, options?: BackendOptions) => Promise<Backend>;

/** Why the browser-safe entry refuses the `external` backend. */
export const externalNeedsNode = "runs a solver program, so it needs Node: import solve from 'hitori-sat/node'";

export async function createBackend(name: BackendName, options: BackendOptions = {}): Promise<Backend> {
  switch (name) {
    case 'cadical': {
      const { CadicalBackend } = await import('./cadical.js');
      return CadicalBackend.create(options.cadical);
    }
    case 'minisat': {
      const { MiniSatBackend } = await import('./minisat.js');
      return new MiniSatBackend();
    }
    case 'external':
      throw new SolverError(externalNeedsNode, 'external');
    default:
      throw new SolverError(`is not a backend (expected one of cadical, minisat, external)`, name);
  }
}
