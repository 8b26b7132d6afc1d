/**
 * The page's Web Worker: solves or explains off the page's thread, so the page stays responsive
 * and "Cancel" can end a long solve at once (by terminating this worker). CaDiCaL's wasm is
 * loaded here, from beside this script.
 */
import { explain, hint, parse, solve } from '../../src/index.js';

export type Request = {
  readonly id: number;
  readonly kind: 'solve' | 'explain' | 'hint';
  readonly text: string;
  /** For a hint: the player's marks (true shaded, false marked unshaded, null not marked). */
  readonly marks?: readonly (boolean | null)[];
};
export type Reply =
  | { readonly id: number; readonly kind: 'solve'; readonly result: Awaited<ReturnType<typeof solve>> }
  | { readonly id: number; readonly kind: 'explain'; readonly explanation: Awaited<ReturnType<typeof explain>> }
  | { readonly id: number; readonly kind: 'hint'; readonly hint: Awaited<ReturnType<typeof hint>> }
  | { readonly id: number; readonly error: string };

const scope = self as unknown as { onmessage: (event: MessageEvent<Request>) => void; postMessage: (reply: Reply) => void };

scope.onmessage = async ({ data }) => {
  try {
    const puzzle = parse(data.text);
    if (data.kind === 'solve') scope.postMessage({ id: data.id, kind: 'solve', result: await solve(puzzle, { timeoutMs: 120_000 }) });
    else if (data.kind === 'hint')
      scope.postMessage({ id: data.id, kind: 'hint', hint: await hint(puzzle, data.marks, { timeoutMs: 120_000 }) });
    else scope.postMessage({ id: data.id, kind: 'explain', explanation: await explain(puzzle, { timeoutMs: 120_000 }) });
  } catch (error) {
    scope.postMessage({ id: data.id, error: (error as Error).message });
  }
};
