/**
 * What a command under `--timeout` does before the limit rather than after it: each of these is
 * otherwise done on first use, which for a command stopped by the limit comes after it, while
 * it reports what it found and that the limit was reached.
 */
import { baselineWasmOnly } from '../api/solver-start.js';

export interface LimitUses {
  /** The output formats numbers with toLocaleString. */
  readonly numbers?: boolean;
  /** The command may run CaDiCaL (WebAssembly). */
  readonly wasm?: boolean;
}

export function readyForLimit(timeoutMs: number | undefined, uses: LimitUses = {}): void {
  if (timeoutMs === undefined) return;
  // The limit's line goes to stderr, whose stream is made on first use (loading net or tty):
  // 5-20 ms after the limit on a loaded machine.
  process.stderr.isTTY;
  // The first toLocaleString loads ICU's number formats: 40-100 ms on a loaded machine.
  if (uses.numbers === true) (0).toLocaleString('en-US');
  if (uses.wasm === true) baselineWasmOnly();
}
