/**
 * The one progress event. Every long job (a solve listing solutions, the rule engine deciding
 * cells, a batch, a benchmark, an enumeration, a generator, a maxblack search) reports the same
 * shape: what phase it is in, how much of it is done, of how much when that is known, and a
 * short human line. The CLI draws it on a terminal; a library caller or the web page gets it
 * as data. `throttled` is the one place that bounds how often a listener is told.
 */

export interface ProgressEvent {
  /** What the job is doing now: `rules`, `sat`, `batch`, `bench`, `enumerate`, `generate`, `maxblack`... */
  readonly phase: string;
  /** Units done in this phase (cells decided, solutions found, lines answered, shards counted). */
  readonly done: number;
  /** Units in the phase, when known. */
  readonly total?: number;
  /** The same as one short line for a person ("found solution 2; looking for another"). */
  readonly message: string;
}

export type ProgressListener = (event: ProgressEvent) => void;

/**
 * A listener told at most once per `intervalMs` (the first event always passes): listing
 * thousands of solutions or lines must not cost a terminal write each. `flush()` passes the
 * last event held back.
 */
export function throttled(listener: ProgressListener, intervalMs = 100): ProgressListener & { flush(): void } {
  let last = Number.NEGATIVE_INFINITY;
  let held: ProgressEvent | undefined;
  const tell = (event: ProgressEvent) => {
    const now = performance.now();
    if (now - last < intervalMs) {
      held = event;
      return;
    }
    last = now;
    held = undefined;
    listener(event);
  };
  return Object.assign(tell, {
    flush() {
      if (held !== undefined) listener(held);
      held = undefined;
    },
  });
}
