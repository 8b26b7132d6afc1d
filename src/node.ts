/**
 * hitori-sat's Node entry (`hitori-sat/node`): everything of the main entry, with a `solve` that
 * also runs external solver programs (`backend: 'external'`) and bounds MiniSat in a worker
 * thread. Import it only under Node; the main entry is the one for browsers.
 *
 * @example
 * import { parse, solve } from 'hitori-sat/node';
 * const result = await solve(parse('1 1\n2 1\n'), { backend: 'minisat', timeoutMs: 1000 });
 */
export * from './index.js';
export { solve } from './api/node-solve.js';
export { run } from './api/node-run.js';
