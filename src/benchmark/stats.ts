/**
 * Order statistics of a benchmark: median, nearest-rank percentiles, maximum. `bench/lib.ts`
 * re-exports them, so the numbers of `hitori-sat bench` and of BENCH.md agree.
 */

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError('no values');
  return [...values].sort((x, y) => x - y);
}

/** The median; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The p-th percentile by nearest rank (p in 0..100): the smallest value with at least p% at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in 0..100`);
  const s = sorted(values);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(rank, s.length) - 1]!;
}

export function p95(values: readonly number[]): number {
  return percentile(values, 95);
}

export function max(values: readonly number[]): number {
  return sorted(values).at(-1)!;
}

export interface TimeSummary {
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** Median, p95 and maximum of per-puzzle times. */
export function summarizeTimes(times: readonly number[]): TimeSummary {
  return { medianMs: median(times), p95Ms: p95(times), maxMs: max(times) };
}

/** Puzzles per second over a wall-clock span (0 when the span is empty). */
export function perSecond(count: number, wallMs: number): number {
  return wallMs > 0 ? (count * 1000) / wallMs : 0;
}
