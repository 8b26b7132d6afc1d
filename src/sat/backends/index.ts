/** Creates a backend by name; `external` needs the solver command. */
import type { Backend, BackendName } from '../backend.js';
import { BackendError } from '../backend.js';
import { CadicalBackend, type CadicalOptions } from './cadical.js';
import { ExternalBackend } from './external.js';
import { MiniSatBackend } from './minisat.js';

export interface BackendOptions {
  /** For `external`: the solver command line (see ExternalBackend). */
  readonly solverCmd?: string;
  /** For `cadical`: CaDiCaL options set at creation. */
  readonly cadical?: CadicalOptions;
}

export async function createBackend(name: BackendName, options: BackendOptions = {}): Promise<Backend> {
  switch (name) {
    case 'cadical':
      return CadicalBackend.create(options.cadical);
    case 'minisat':
      return new MiniSatBackend();
    case 'external':
      if (options.solverCmd === undefined) throw new BackendError('external', 'needs a solver command (--solver-cmd "cadical")');
      return new ExternalBackend(options.solverCmd);
  }
}
