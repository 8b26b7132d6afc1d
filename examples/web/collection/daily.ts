/**
 * The daily puzzle: made by the library's generator from the UTC date, so that everyone gets the
 * same puzzle that day, in every browser and in Node. The generator is a pure function of its
 * seed and spec (src/generate/generate.ts: a seeded sfc32 generator, the SAT solver's answers,
 * which are deterministic for the same clauses; no clock, no thread count), and the seed is the
 * date: `daily-YYYY-MM-DD`. The size grows through the week, the class is fixed per weekday:
 * the generator keeps only puzzles the rule engine rates exactly that class.
 */
import type { GenerateRequest, Level } from '../../../src/index.js';

/** Size and class per UTC weekday, Sunday first (Date#getUTCDay). */
const week: readonly { readonly size: number; readonly level: Level }[] = [
  { size: 12, level: 'G' },
  { size: 7, level: 'F' },
  { size: 8, level: 'F' },
  { size: 9, level: 'F' },
  { size: 10, level: 'F' },
  { size: 12, level: 'F' },
  { size: 15, level: 'F' },
];

export interface Daily {
  /** The UTC date, YYYY-MM-DD. */
  readonly date: string;
  readonly seed: string;
  readonly rows: number;
  readonly cols: number;
  readonly level: Level;
}

/** The daily puzzle of the UTC day of `when`. */
export function dailyOf(when: Date): Daily {
  const date = when.toISOString().slice(0, 10);
  const { size, level } = week[when.getUTCDay()]!;
  return { date, seed: `daily-${date}`, rows: size, cols: size, level };
}

/** The generate request that makes it (`run(request).puzzles[0]`). */
export function dailyRequest(daily: Daily, timeoutMs?: number): GenerateRequest {
  return {
    command: 'generate',
    rows: daily.rows,
    cols: daily.cols,
    seed: daily.seed,
    class: daily.level,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}
