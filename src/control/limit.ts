/**
 * The one time-limit mechanism. A job is bounded by a deadline (a wall-clock instant) and may be
 * cancelled by an AbortSignal; a `Limit` holds both. An AbortSignal alone cannot bound
 * synchronous work (its timer fires only when the event loop runs, which a busy loop never lets
 * happen), so every loop asks the limit, which reads the clock as well as the signal. Async code
 * may also wait on `signal`, or on `whenPassed`.
 *
 * The rule, for every layer:
 * - One Limit is made at the door (`runWith` in src/api/run.ts, from a request's `timeoutMs`) and
 *   handed down as it is: no layer below the door takes a `timeoutMs` or a deadline number, and
 *   none compares `Date.now()` with a deadline; it asks its limit (`expired`, `check()`).
 *   `within(ms)` narrows it for a part of the work (a sub-search, a proof check).
 * - A layer stops in one of two documented ways: it throws the limit's TimeoutError
 *   (`check()`, `reached()`), or, where its caller wants what was found so far, it returns a
 *   result marked partial (a solve's `timeout` status with its solutions, the rule engine's
 *   `timedOut`, a generator's `complete: false`). Never a plain Error, a flag alone, or a
 *   solver's `unknown`.
 * - A hot loop asks every N iterations (`(i & 1023) === 0 && limit.expired`): one clock read
 *   per N, as cheap as before.
 * - A limit crosses a thread boundary as plain data (`limitData`: the deadline, epoch ms) and is
 *   rebuilt on the other side by `limitFromData`. The pool ends a worker at its task's limit
 *   (`whenPassed`), the PNG child process likewise.
 * - The CLI's arithmetic of what part of `--timeout` goes to the work and what is kept back for
 *   writing the output or drawing a picture is here too (`commandLimit`, `outputReserveMs`...).
 *
 * This module is a leaf of src/control/: every layer (sat/, rules/ and puzzle/ included) may
 * import it, and it imports nothing of the project but errors.ts.
 */
import { TimeoutError } from './errors.js';

/** Node's timers take a delay of at most 2^31 − 1 ms (about 24.8 days); a longer one fires at once. */
export const maxTimerMs = 2 ** 31 - 1;

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

  /** Whether there is a deadline (a signal alone bounds nothing by itself). */
  get timed(): boolean {
    return this.deadline !== Number.POSITIVE_INFINITY;
  }

  /** Whether anything can end it: a deadline or a signal. */
  get bounded(): boolean {
    return this.timed || this.signal !== undefined;
  }

  /** Whether the deadline has passed or the signal was aborted. Cheap without either (no clock read). */
  get expired(): boolean {
    return (this.deadline !== Number.POSITIVE_INFINITY && Date.now() > this.deadline) || this.signal?.aborted === true;
  }

  /** Milliseconds left (at least 1 while not expired), or undefined without a deadline. */
  remainingMs(): number | undefined {
    return Number.isFinite(this.deadline) ? Math.max(1, Math.ceil(this.deadline - Date.now())) : undefined;
  }

  /** Throws TimeoutError past the deadline (`while` as in `reached`), or the signal's reason once aborted. */
  check(while_ = ''): void {
    this.throwIfAborted();
    if (this.deadline !== Number.POSITIVE_INFINITY && Date.now() > this.deadline) throw this.reached(while_);
  }

  /**
   * Throws the signal's reason once it is aborted (not past the deadline): a layer that returns
   * a partial result at its deadline still rejects when it was cancelled.
   */
  throwIfAborted(): void {
    if (this.signal?.aborted === true) throw abortReason(this.signal);
  }

  /** The TimeoutError of this limit, `while` saying what was waiting when it passed. */
  reached(while_ = ''): TimeoutError {
    return new TimeoutError(`${this.what} reached${while_ === '' ? '' : ` ${while_}`}`);
  }

  /**
   * The same limit, ended `ms` from now if that comes first (a part of the work with a budget of
   * its own: a proof check, a sub-search), with the same signal; this limit when `ms` is undefined.
   */
  within(ms: number | undefined): Limit {
    if (ms === undefined) return this;
    const end = Date.now() + ms;
    return end < this.deadline ? new Limit(end, this.signal, `time limit of ${ms} ms`) : this;
  }

  /** The same signal without the deadline: a part of the work the deadline does not bound, which may still be cancelled. */
  untimed(): Limit {
    return this.timed ? new Limit(Number.POSITIVE_INFINITY, this.signal) : this;
  }

  /**
   * Calls `onPassed` once the deadline is `graceMs` behind (a worker or a child process to end),
   * or at once when it is already; never without a deadline, nor for one further off than a
   * timer can wait. The signal is not watched here: a caller listens to it as it needs. Returns
   * the cancel.
   */
  whenPassed(onPassed: () => void, graceMs = 0): () => void {
    if (!this.timed) return () => {};
    const wait = this.deadline + graceMs - Date.now();
    if (wait >= maxTimerMs) return () => {};
    const timer = setTimeout(onPassed, Math.max(0, wait));
    return () => clearTimeout(timer);
  }

  /** Whether the deadline is more than `graceMs` behind. */
  passedBy(graceMs: number): boolean {
    return this.timed && Date.now() > this.deadline + graceMs;
  }
}

/** A limit as plain data, to cross a thread's boundary: its deadline (epoch ms), undefined for none. */
export type LimitData = number | undefined;

/** The limit as plain data (the signal stays behind: the sender ends the worker on abort). */
export function limitData(limit: Limit): LimitData {
  return limit.timed ? limit.deadline : undefined;
}

/** The limit `limitData` described, rebuilt on the other side of a thread's boundary. */
export function limitFromData(data: LimitData, signal?: AbortSignal): Limit {
  return Limit.at(data, signal);
}

/** What an aborted signal throws: its reason when that is an Error (AbortSignal.timeout's is a DOMException named TimeoutError). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError' && !(reason instanceof TimeoutError))
    return new TimeoutError(reason.message);
  return reason instanceof Error ? reason : new TimeoutError('cancelled');
}

// ---- A command's --timeout: what counts from when, and what is kept back for the output ----

/**
 * The limit of a command's `--timeout`, which counts from the start of the process (Node's time
 * origin), as a person timing the command sees it: start-up, loading and reading the input come
 * out of it, so that the whole run ends within the limit, not the limit plus the start-up. None
 * without one.
 */
export function commandLimit(timeoutMs: number | undefined): Limit {
  return Limit.after(timeoutMs, undefined, 0);
}

/** What is left now of a command's `--timeout` (see commandLimit). At least 1 ms: a limit already spent stops the work at its first check. */
export function remainingMs(timeoutMs: number): number {
  return Math.max(1, Math.ceil(timeoutMs - performance.now()));
}

/**
 * The part of a `--timeout` kept back for drawing a picture of what a command found (5% of it, at
 * least 50 ms): the work stops that much earlier, so that drawing fits within the limit.
 */
export function pictureReserveMs(timeoutMs: number): number {
  return Math.min(timeoutMs / 2, Math.max(50, timeoutMs / 20));
}

/**
 * The part of a `--timeout` kept back for what follows the work: writing what was found and
 * ending the process. Both grow with the grid: a 1000x1000 grid's text is 6 MB, and Node frees a
 * heap of a hundred megabytes or more as it exits, which takes 50-150 ms on a loaded machine; a
 * contradiction found just before the limit is printed whole too (its steps, the grid: 150-250 ms
 * in all at load 5). 0.2 ms per thousand cells (200 ms for a million, nothing to speak of for a
 * 50x50), at most a quarter of the limit; whole milliseconds. And on any grid 80 ms (a tenth
 * of a short limit) for noticing the limit and the end itself: a process holding a layered
 * 40x40's CNF (0.9 GB) or a 40x40 maxblack search took 60-90 ms from its answer to its exit on a
 * quiet machine, and the layered CNF's hand-over to the solver noticed the limit up to 150 ms late.
 */
export function outputReserveMs(timeoutMs: number, cells: number): number {
  return Math.floor(Math.min(timeoutMs / 4, Math.min(timeoutMs / 10, 80) + cells * 0.0002));
}

/**
 * The limit of a command's work when `reserveMs` of its `--timeout` are kept for what follows it:
 * a whole number of milliseconds, as a request's limit must be (a reserve of 50.5 ms once made
 * `explain --to svg --timeout 1010` a usage error), and at least 1.
 */
export function workLimitMs(timeoutMs: number, reserveMs: number): number {
  return Math.max(1, Math.floor(timeoutMs - reserveMs));
}

/**
 * The check while a picture is drawn: past the command's limit it stops with a TimeoutError and
 * nothing is written (an explanation of a 50x50 is hundreds of megabytes of SVG).
 */
export function pictureCheck(timeoutMs: number | undefined): (() => void) | undefined {
  if (timeoutMs === undefined) return undefined;
  const limit = commandLimit(timeoutMs);
  return () => {
    if (limit.expired) throw limit.reached('while drawing the picture');
  };
}

/** A request's limit for `--timeout`: it counts from the process start (see commandLimit), or nothing without one. */
export function commandTimeout(timeoutMs: number | undefined): { timeoutMs?: number; startedAt?: number } {
  return timeoutMs === undefined ? {} : { timeoutMs, startedAt: 0 };
}
