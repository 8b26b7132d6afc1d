/** The backend factory of the Node entry: the in-process backends plus `external` (a solver program). */
import { setFlagsFromString } from 'node:v8';
import type { Backend, BackendName } from '../backend.js';
import { createBackend, type BackendOptions } from './index.js';
import { SolverError } from '../../control/errors.js';

export async function createNodeBackend(name: BackendName, options: BackendOptions = {}): Promise<Backend> {
  if (name !== 'external') return createBackend(name, options);
  if (options.solverCmd === undefined) throw new SolverError('needs a solver command (--solver-cmd "cadical")', 'external');
  const { ExternalBackend } = await import('./external.js');
  return new ExternalBackend(options.solverCmd);
}

/**
 * Has V8 compile wasm (CaDiCaL's) on its baseline compiler only (`--liftoff-only`, for the whole
 * process) from now on: for a process that must end by a time limit, called before the module
 * is first compiled. A process cannot end while V8 still optimises hot wasm functions in the
 * background (Node waits for those tasks once the event loop is done): `generate --timeout 1000`
 * stayed 250-450 ms after printing everything on a loaded 2-core machine, and ended at once with
 * the flag. `solve` sets it as it starts (src/cli/hitori-sat.cts).
 */
export function baselineWasmOnly(): void {
  setFlagsFromString('--liftoff-only');
}
