/** What every request may carry, whatever its command: its time limit, and the check of it at the door. */
import { InputError } from '../control/errors.js';
import { maxTimerMs } from '../sat/timer.js';
import { validateCount } from './validate.js';

export interface Bounded {
  /** Stop after this many milliseconds, counted from `startedAt`. */
  readonly timeoutMs?: number;
  /**
   * When the limit started, on the `performance.now()` scale (default: when the request starts).
   * The CLI passes 0, the process start: a command's --timeout covers its start-up too.
   */
  readonly startedAt?: number;
}

/** The limit's fields, checked: a clear InputError for a bad one, never a limit that means something else. */
export function checkBounded(request: Bounded): void {
  validateCount('timeoutMs', 'timeoutMs' in request ? request.timeoutMs : undefined, maxTimerMs);
  if ('startedAt' in request && request.startedAt !== undefined && !(request.startedAt >= 0 && request.startedAt <= performance.now()))
    throw new InputError('"startedAt" must be a performance.now() instant that has passed', {}, 'request');
}
