/**
 * The one door: `run(request)` does any command's work and returns its one result type. The
 * CLI's commands, a batch line (in this thread or a worker), the web page's worker and the
 * library functions all come through here, so each command's checks and limits are applied in
 * one place. What the door does is the same for every command: check the request (the limit's
 * fields, then the command's own checks from the table, src/commands/table.ts), make the one
 * `Limit`, and hand the request to the command's handler.
 *
 * This module is browser-safe: what needs Node (worker threads, external solver programs, the
 * MiniSat bound in a worker) is added by `node-run.ts`, which picks the commands' Node handlers.
 * Each handler loads its engine on first use: a one-shot command pays only for its own.
 */
import { InputError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { checkBounded } from '../commands/bounded.js';
import type { Handler } from '../commands/handler.js';
import { commandEntry, type CommandEntry, type CommandName, type RequestOf, type ResultOf } from '../commands/table.js';
import type { RunOptions } from './requests.js';

/** Which handler runs a command: the table's browser-safe one, or (node-run.ts) Node's. */
export type HandlerPick = <C extends CommandName>(command: C, entry: CommandEntry<C>) => Handler<C> | Promise<Handler<C>>;

/** The checks every request gets at the door: a clear InputError for a bad field, never a wrong answer. */
function validate<C extends CommandName>(request: RequestOf<C>): CommandEntry<C> {
  if (typeof request !== 'object' || request === null) throw new InputError('the request must be an object', {}, 'request');
  checkBounded(request);
  const command = (request as { command?: unknown }).command;
  const entry = commandEntry(command);
  if (entry === undefined) throw new InputError(`"command" ${JSON.stringify(command)} is not a command`, {}, 'request');
  const checked = entry as unknown as CommandEntry<C>;
  checked.check(request);
  return checked;
}

/** Runs any request with the handler `pick` chooses (the browser's, or Node's which replace some). */
export async function runWith<C extends CommandName>(
  pick: HandlerPick,
  request: RequestOf<C>,
  options: RunOptions<C> = {},
): Promise<ResultOf[C]> {
  const entry = validate(request);
  options.signal?.throwIfAborted();
  const timeoutMs = 'timeoutMs' in request ? request.timeoutMs : undefined;
  const startedAt = 'startedAt' in request ? request.startedAt : undefined;
  const limit = Limit.after(timeoutMs, options.signal, startedAt);
  const listener = options.onProgress;
  const progress = listener === undefined ? () => {} : listener;
  const handler = await pick(request.command as C, entry);
  return handler(request, { limit, options, progress });
}

/** The browser-safe handler of every command (enumerate and bench refuse: they need worker threads). */
const browserHandler: HandlerPick = (_command, entry) => entry.handler;

/**
 * Runs a request in this thread (browser-safe: no worker threads, no solver programs).
 *
 * @example
 * const result = await run({ command: 'solve', puzzle: parse('1 1\n2 1\n') });
 * result.status;   // 'unique'
 */
export function run<C extends CommandName>(request: RequestOf<C>, options: RunOptions<C> = {}): Promise<ResultOf[C]> {
  return runWith(browserHandler, request, options);
}
