/**
 * The one time-limit mechanism. A job is bounded by a deadline (a wall-clock instant) and may be
 * cancelled by an AbortSignal. An AbortSignal alone cannot bound synchronous work (its timer
 * fires only when the event loop runs, which a busy loop never lets happen), so every loop checks
 * `check()`, which reads the clock as well as the signal. Async code may also wait on `signal`.
 */
import { TimeoutError } from './errors.js';

export class Limit {
  /** No deadline, no signal: `check()` never throws. */
  static readonly none = new Limit(Number.POSITIVE_INFINITY);

  private constructor(
    /** The instant (Date.now() scale) past which the job stops; +Infinity for none. */
    readonly deadline: number,
    readonly signal?: AbortSignal,
    private readonly what = 'time limit',
  ) {}

  /**
   * A limit of `timeoutMs` from `startedAt` (a `performance.now()` instant; default now), none
   * when undefined, also ended by `signal`. Its error names `timeoutMs`, the limit as given.
   */
  static after(timeoutMs: number | undefined, signal?: AbortSignal, startedAt = performance.now()): Limit {
    const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs - (performance.now() - startedAt);
    return new Limit(deadline, signal, timeoutMs === undefined ? 'time limit' : `time limit of ${timeoutMs} ms`);
  }

  /** A limit ending at `deadline` (a Date.now() instant; none when undefined). */
  static at(deadline: number | undefined, signal?: AbortSignal): Limit {
    return new Limit(deadline ?? Number.POSITIVE_INFINITY, signal);
  }

  /** Whether the deadline has passed or the signal was aborted. */
  get expired(): boolean {
    return Date.now() > this.deadline || this.signal?.aborted === true;
  }

  /** Milliseconds left (at least 1 while not expired), or undefined without a deadline. */
  remainingMs(): number | undefined {
    return Number.isFinite(this.deadline) ? Math.max(1, Math.ceil(this.deadline - Date.now())) : undefined;
  }

  /** Throws TimeoutError past the deadline, or the signal's reason once aborted. */
  check(): void {
    if (this.signal?.aborted === true) throw abortReason(this.signal);
    if (Date.now() > this.deadline) throw this.reached();
  }

  /** The TimeoutError of this limit, `while` saying what was waiting when it passed. */
  reached(while_ = ''): TimeoutError {
    return new TimeoutError(`${this.what} reached${while_ === '' ? '' : ` ${while_}`}`);
  }
}

/** What an aborted signal throws: its reason when that is an Error (AbortSignal.timeout's is a DOMException named TimeoutError). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError' && !(reason instanceof TimeoutError))
    return new TimeoutError(reason.message);
  return reason instanceof Error ? reason : new TimeoutError('cancelled');
}
