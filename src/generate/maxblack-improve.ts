/**
 * Large-neighbourhood search towards the bound: start from a valid shading (the construction of
 * maxblack-construct.ts), fix every cell outside a window to it, and ask the aimed SAT search
 * (maxblack-aimed.ts) for a shading with one more shaded cell; move the window over the board and
 * repeat while shadings improve, until the bound is met or time runs out. Every shading it returns
 * was checked by the independent checker inside the aimed search.
 */
import { maxBlackAtLeast } from './maxblack-aimed.js';
import { maxBlackBound } from './maxblack-bound.js';
import { type ConstructResult, constructShading, type FramedSolutions, framedSizes } from './maxblack-construct.js';

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

/**
 * The framed problem P(a x b) of maxblack-construct.ts solved by SAT: an (a+2) x (b+2) board whose
 * outer ring is fixed unshaded, asked for the most shaded cells inside that leave the frame's one
 * cycle only: ⌊((a+1)(b+1) - 1)/3⌋ (each shaded inner cell removes three cycles of the
 * (a+1)(b+1) - ... counted in the header there), then one fewer while the solver fails in time.
 */
export async function solveFramed(a: number, b: number, timeoutMs: number): Promise<Uint8Array | undefined> {
  const rows = a + 2;
  const cols = b + 2;
  const ring: number[] = [];
  for (let i = 0; i < rows * cols; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) ring.push(i);
  }
  const none = new Array<boolean>(rows * cols).fill(false);
  const deadline = Date.now() + timeoutMs;
  for (let k = Math.floor(((a + 1) * (b + 1) - 1) / 3); k > 0 && Date.now() < deadline; k--) {
    const r = await maxBlackAtLeast(rows, cols, k, { fixed: { shading: none, cells: ring }, structure: false, timeoutMs: deadline - Date.now() });
    if (r.status === 'found' && r.shading) {
      const out = new Uint8Array(a * b);
      for (let i = 0; i < a; i++) for (let j = 0; j < b; j++) out[i * b + j] = r.shading[(i + 1) * cols + j + 1] ? 1 : 0;
      return out;
    }
  }
  return undefined;
}

/**
 * The construction with its smallest framed levels (side at most `maxSide`) solved by SAT first:
 * the recursion loses its cycles on even levels, which a SAT solution of the level does not.
 */
export async function constructWithSat(n: number, options: { readonly maxSide?: number; readonly timeoutMs?: number } = {}): Promise<ConstructResult> {
  const known = new Map<string, Uint8Array>();
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let best = constructShading(n);
  for (const [a, b] of framedSizes(n)) {
    if (a > (options.maxSide ?? 12) || Date.now() >= deadline) continue;
    const solved = await solveFramed(a, b, deadline - Date.now());
    if (!solved) continue;
    known.set(`${a}x${b}`, solved);
    const tried = constructShading(n, { framed: known });
    if (tried.value > best.value) best = tried;
    break;
  }
  return best;
}
