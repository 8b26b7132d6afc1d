/**
 * What every command's handler is: a function from its request (checked at the door) to its
 * result, given the request's one `Limit`, the caller's run options and the progress listener.
 * The helpers the handlers share (what is left of the limit, the rule engine's progress) are here.
 */
import type { Limit } from '../control/limit.js';
import type { ProgressEvent, ProgressListener } from '../control/progress.js';
import type { CommandName, ItemOf, RequestOf, ResultOf } from './table.js';

export interface RunOptions<C extends CommandName = CommandName> {
  /** Cancels the request: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** The one progress event, as the work goes (see src/control/progress.ts). */
  readonly onProgress?: ProgressListener;
  /** Each item as soon as it is ready (a solution found and checked, a puzzle generated). */
  readonly onItem?: C extends keyof ItemOf ? (item: ItemOf[C], index: number) => void : never;
}

/** What a handler gets besides its request: the limit, and where to tell progress and items. */
export interface HandlerContext<C extends CommandName> {
  readonly limit: Limit;
  readonly options: RunOptions<C>;
  readonly progress: (event: ProgressEvent) => void;
}

export type Handler<C extends CommandName> = (request: RequestOf<C>, context: HandlerContext<C>) => Promise<ResultOf[C]>;

/** A command's Node-only face (`commands/<name>/node.ts`): the handler that replaces the browser-safe one under Node. */
export interface NodeFace<C extends CommandName> {
  readonly handler: Handler<C>;
}

/** The progress of the rule engine's callback `(undecided, cells)`, as the one event. */
function rulesEvent(listener: ProgressListener | undefined, startedAt = performance.now()) {
  if (listener === undefined) return undefined;
  return (undecided: number, cells: number) =>
    listener({
      phase: 'rules',
      done: cells - undecided,
      total: cells,
      message: `rules: ${cells - undecided} of ${cells} cells decided, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
    });
}

/** The rule engine's `onProgress` option for a handler's progress listener. */
export function withRulesProgress(progress: (event: ProgressEvent) => void) {
  const onProgress = rulesEvent(progress);
  return onProgress === undefined ? {} : { onProgress };
}
