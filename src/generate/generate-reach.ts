/** Written by `npm run bench:generate-class` (bench/generate-class.ts): do not edit by hand. */
export const reachRuns = 0;
export const reachCapMs = 10000;
export const reachDate = '';
export const reach: readonly (readonly [number, string, string, number, number, number | null])[] = [];
