/**
 * Creates a backend by name; `external` needs the solver command. Each backend's module is
 * loaded only when asked for: MiniSat's asm.js alone takes ~180 ms to load, which a CaDiCaL
 * solve should not pay.
 */
import type { Backend, BackendName } from '../backend.js';
import { BackendError } from '../backend.js';
import type { CadicalOptions } from './cadical.js';

export interface BackendOptions {
  /** For `external`: the solver command line (see ExternalBackend). */
  readonly solverCmd?: string;
  /** For `cadical`: CaDiCaL options set at creation. */
  readonly cadical?: CadicalOptions;
}

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
    case 'external': {
      if (options.solverCmd === undefined) throw new BackendError('external', 'needs a solver command (--solver-cmd "cadical")');
      const { ExternalBackend } = await import('./external.js');
      return new ExternalBackend(options.solverCmd);
    }
  }
}
