/** The backend factory of the Node entry: the in-process backends plus `external` (a solver program). */
import type { Backend, BackendName } from '../backend.js';
import { createBackend, type BackendOptions } from './index.js';
import { SolverError } from '../../job/errors.js';

export async function createNodeBackend(name: BackendName, options: BackendOptions = {}): Promise<Backend> {
  if (name !== 'external') return createBackend(name, options);
  if (options.solverCmd === undefined) throw new SolverError('needs a solver command (--solver-cmd "cadical")', 'external');
  const { ExternalBackend } = await import('./external.js');
  return new ExternalBackend(options.solverCmd);
}
