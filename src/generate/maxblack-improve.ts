/**
 * Large-neighbourhood search towards the bound: start from a valid shading (the construction of
 * maxblack-construct.ts), fix every cell outside a window to it, and ask the aimed SAT search
 * (maxblack-aimed.ts) for a shading with one more shaded cell; move the window over the board and
 * repeat while shadings improve, until the bound is met or time runs out. Every shading it returns
 * was checked by the independent checker inside the aimed search.
 */
import { maxBlackAtLeast } from './maxblack-aimed.js';
import { maxBlackBound } from './maxblack-bound.js';

export interface ImproveOptions {
  /** Window side (default 10). */
  readonly window?: number;
  readonly timeoutMs?: number;
  /** Per window solve (default 5000 ms). */
  readonly windowMs?: number;
  readonly onProgress?: (message: string) => void;
}

export async function improveShading(
  rows: number,
  cols: number,
  start: readonly boolean[],
  options: ImproveOptions = {},
): Promise<{ shading: boolean[]; value: number; bound: number; timeMs: number }> {
  const began = performance.now();
  const deadline = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.timeoutMs;
  const { bound } = maxBlackBound(rows, cols);
  let best = [...start];
  let value = best.filter(Boolean).length;
  const w = Math.min(options.window ?? 10, rows, cols);
  const step = Math.max(1, Math.floor(w / 2));
  const starts = (size: number) => {
    const out: number[] = [];
    for (let a = 0; a + w < size; a += step) out.push(a);
    out.push(size - w);
    return [...new Set(out)];
  };
  let improved = true;
  while (improved && value < bound && Date.now() < deadline) {
    improved = false;
    for (const r0 of starts(rows))
      for (const c0 of starts(cols)) {
        if (value >= bound || Date.now() >= deadline) break;
        const cells: number[] = [];
        for (let i = 0; i < rows * cols; i++) {
          const r = Math.floor(i / cols);
          const c = i % cols;
          if (r < r0 || r >= r0 + w || c < c0 || c >= c0 + w) cells.push(i);
        }
        const result = await maxBlackAtLeast(rows, cols, value + 1, {
          fixed: { shading: best, cells },
          timeoutMs: Math.min(options.windowMs ?? 5000, deadline - Date.now()),
        });
        if (result.status === 'found' && result.shading) {
          best = [...result.shading];
          value = result.value;
          improved = true;
          options.onProgress?.(`${rows}x${cols}: ${value} (window at ${r0},${c0})`);
        }
      }
  }
  return { shading: best, value, bound, timeMs: performance.now() - began };
}
