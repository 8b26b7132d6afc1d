/**
 * The page's Web Worker: solves, explains, hints and generates off the page's thread, so the page
 * stays responsive and "Cancel" can end long work at once (by terminating this worker). It calls
 * the library's public entry only (src/index.ts): `solve`, `explain` and `hint`, and `run` with a
 * generate request (the one door; the library has no `generate` function of its own). For the
 * setter's mode: `run` with an ambiguity request (the verdict and its map after each edit),
 * `rate` (the class of a unique puzzle), `repair` (a suggested fix) and `run` with a convert
 * request to `svg` (the picture the page rasterises to PNG). CaDiCaL's
 * wasm is loaded here, from beside this script. A `warm` request, sent when the page opens, loads
 * and compiles it and runs a hint once, so that the player's first hint does not wait for that.
 */
import {
  type AmbiguityResult,
  explain,
  type GenerateResult,
  type HintOptions,
  hint,
  type Level,
  type ProgressEvent,
  type Puzzle,
  parse,
  type RepairReport,
  rate,
  repair,
  run,
  type Symmetry,
  solve,
  writeTar,
} from '../../src/index.js';

/** The time limit of every request, in ms: "Cancel" ends work sooner. */
const limitMs = 120_000;

export type Request =
  | { readonly id: number; readonly kind: 'solve' | 'explain'; readonly text: string }
  | {
      readonly id: number;
      readonly kind: 'hint';
      readonly text: string;
      /** The player's marks: true shaded, false marked unshaded, null not marked. */
      readonly marks: readonly (boolean | null)[];
      /** The player has the neighbours of each shaded cell circled for them (a hint need not name those). */
      readonly circleNeighbours?: boolean;
    }
  /** At page load: the worker started and the solver compiled and run once, before the first hint; no one waits for the reply. */
  | { readonly id: number; readonly kind: 'warm'; readonly puzzle: Puzzle }
  | {
      readonly id: number;
      readonly kind: 'generate';
      readonly rows: number;
      readonly cols: number;
      /** Only puzzles the rule engine rates this class; any class when absent. */
      readonly level?: Level;
      readonly seed: string;
      /** A symmetry of the generated shading. */
      readonly symmetry?: Symmetry;
      /** The shading to number around (true shaded): it becomes the only solution. */
      readonly pattern?: readonly boolean[];
    }
  /** Setter's mode: the ambiguity map, the class, a fix, the picture (SVG) of a puzzle being set. */
  | { readonly id: number; readonly kind: 'verdict'; readonly puzzle: Puzzle }
  | { readonly id: number; readonly kind: 'rate'; readonly puzzle: Puzzle }
  /** `keep`: the solution the fix must keep (true shaded); without it, the fewest over any solution. */
  | { readonly id: number; readonly kind: 'repair'; readonly puzzle: Puzzle; readonly keep?: readonly boolean[] }
  | { readonly id: number; readonly kind: 'svg'; readonly puzzle: Puzzle }
  | { readonly id: number; readonly kind: 'certificate'; readonly text: string };
type Generated = GenerateResult['puzzles'][number];
export type Reply =
  | { readonly id: number; readonly kind: 'solve'; readonly result: Awaited<ReturnType<typeof solve>> }
  | { readonly id: number; readonly kind: 'explain'; readonly explanation: Awaited<ReturnType<typeof explain>> }
  | { readonly id: number; readonly kind: 'hint'; readonly hint: Awaited<ReturnType<typeof hint>> }
  | { readonly id: number; readonly kind: 'warm'; readonly ms: number }
  | { readonly id: number; readonly kind: 'generate'; readonly generated: Generated }
  | { readonly id: number; readonly kind: 'verdict'; readonly map: AmbiguityResult }
  | { readonly id: number; readonly kind: 'rate'; readonly level: Level | null; readonly name: string }
  | { readonly id: number; readonly kind: 'repair'; readonly repair: RepairReport }
  | { readonly id: number; readonly kind: 'svg'; readonly svg: string }
  /** The certificate's files as one tar archive (src/formats/tar.ts), and the verdict it proves. */
  | { readonly id: number; readonly kind: 'certificate'; readonly archive: Uint8Array; readonly verdict: string }
  | { readonly id: number; readonly error: string };

/** Progress of long work (a generator's tries, a repair's bounds proven), sent before its reply. */
export interface Progress {
  readonly id: number;
  readonly progress: ProgressEvent;
}

const scope = self as unknown as {
  onmessage: (event: MessageEvent<Request>) => void;
  postMessage: (message: Reply | Progress) => void;
};

/** A repair runs until it is proven or stopped: the setter sees its progress and may stop it. */
const repairLimitMs = 600_000;

async function answer(data: Request): Promise<Reply> {
  const onProgress = (progress: ProgressEvent) => scope.postMessage({ id: data.id, progress });
  if (data.kind === 'generate') {
    const { puzzles } = await run(
      {
        command: 'generate',
        rows: data.rows,
        cols: data.cols,
        seed: data.seed,
        ...(data.level === undefined ? {} : { class: data.level }),
        ...(data.symmetry === undefined ? {} : { symmetry: data.symmetry }),
        ...(data.pattern === undefined ? {} : { pattern: data.pattern }),
        timeoutMs: limitMs,
      },
      { onProgress },
    );
    const generated = puzzles[0];
    if (generated === undefined) return { id: data.id, error: 'No puzzle was found within the time limit: try again, or another class.' };
    return { id: data.id, kind: 'generate', generated };
  }
  if (data.kind === 'verdict')
    return { id: data.id, kind: 'verdict', map: await run({ command: 'ambiguity', puzzle: data.puzzle, timeoutMs: limitMs }) };
  if (data.kind === 'rate') {
    const rating = await rate(data.puzzle, { timeoutMs: limitMs });
    return { id: data.id, kind: 'rate', level: rating.class, name: rating.name };
  }
  if (data.kind === 'repair') {
    const options = { timeoutMs: repairLimitMs, onProgress, ...(data.keep === undefined ? {} : { keep: data.keep }) };
    return { id: data.id, kind: 'repair', repair: await repair(data.puzzle, options) };
  }
  if (data.kind === 'warm') {
    const started = performance.now();
    await hint(data.puzzle, undefined, { timeoutMs: limitMs });
    return { id: data.id, kind: 'warm', ms: performance.now() - started };
  }
  if (data.kind === 'svg')
    return { id: data.id, kind: 'svg', svg: (await run({ command: 'convert', puzzle: data.puzzle, to: 'svg' })).output };
  const puzzle = parse(data.text);
  if (data.kind === 'certificate') {
    const result = await run({ command: 'solve', puzzle, certificate: true, timeoutMs: limitMs });
    if (result.certificate === undefined) return { id: data.id, error: `No certificate: the verdict is ${result.status}, not proven.` };
    return { id: data.id, kind: 'certificate', archive: writeTar(result.certificate.files), verdict: result.status };
  }
  if (data.kind === 'solve') return { id: data.id, kind: 'solve', result: await solve(puzzle, { timeoutMs: limitMs }) };
  if (data.kind === 'hint') {
    const options: HintOptions = { timeoutMs: limitMs, ...(data.circleNeighbours === true ? { circleNeighbours: true } : {}) };
    return { id: data.id, kind: 'hint', hint: await hint(puzzle, data.marks, options) };
  }
  return { id: data.id, kind: 'explain', explanation: await explain(puzzle, { timeoutMs: limitMs }) };
}

scope.onmessage = async ({ data }) => {
  try {
    scope.postMessage(await answer(data));
  } catch (error) {
    scope.postMessage({ id: data.id, error: (error as Error).message });
  }
};
