/**
 * What the solve path's callers need before any solving: verdict names, defaults, the checker's
 * error. Kept apart from solve.ts so that importing them loads neither the encodings nor the SAT
 * layer (a solve the deductions finish never needs them).
 */
import type { BackendName } from '../sat/backend.js';

const verdicts = ['unique', 'multiple', 'none', 'timeout'] as const;
export type Verdict = (typeof verdicts)[number];

export const defaultBackend: BackendName = 'cadical';

/** Connectivity for solving: lazy cuts, by measurement hundreds of times faster than layers (BENCH.md). */
export const solveConnectivities = ['lazy', 'layers'] as const;
export const defaultConnectivity: (typeof solveConnectivities)[number] = 'lazy';

/**
 * How many solutions a solve lists for `maxSolutions`: as many, but never fewer than 2, the two
 * that decide uniqueness (a `multiple` verdict shows both, and where they differ).
 */
export function keptSolutions(maxSolutions: number | undefined): number {
  return Math.max(2, maxSolutions ?? 2);
}
