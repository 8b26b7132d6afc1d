/**
 * The one door under Node: the browser-safe handlers of the table, with those that Node makes
 * stronger (a command marked `node` in src/commands/table.ts, its handler in
 * `src/commands/<name>/node.ts`): `solve` also runs external solver programs and bounds MiniSat in
 * a worker thread; `generate`, `enumerate` and `bench` spread over worker threads (`jobs`).
 */
import type { NodeFace } from '../commands/handler.js';
import type { CommandEntry, CommandName } from '../commands/table.js';
import type { ResultOf, RunOptions } from './requests.js';
import { runWith, type HandlerPick } from './run.js';

/** The command's Node handler, loaded by its name on first use, or its browser-safe one. */
const nodeHandler: HandlerPick = async <C extends CommandName>(command: C, entry: CommandEntry<C>) => {
  if (entry.node !== true) return entry.handler;
  const face = (await import(/* @vite-ignore */ `../commands/${command}/node.js`)) as { node: NodeFace<C> };
  return face.node.handler;
};

/**
 * Runs a request under Node: every command, every backend (`external` too), worker threads for
 * `jobs`, and MiniSat ended at the time limit.
 *
 * @example
 * import { run, parse } from 'hitori-sat/node';
 * const result = await run({ command: 'solve', puzzle: parse('1 1\n2 1\n'), backend: 'external', solverCmd: 'cadical' });
 */
export function run<C extends CommandName>(request: Parameters<typeof runWith<C>>[1], options: RunOptions<C> = {}): Promise<ResultOf[C]> {
  return runWith(nodeHandler, request, options);
}
