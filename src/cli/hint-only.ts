/**
 * The program with the `hint` command alone: the entry of the CommonJS bundle that the command
 * (src/cli/hitori-sat.cts) runs for `hint`, with a V8 code cache made by a hint (build-bundles.ts).
 * A player's page or script may call `hint` once per move: its start-up is most of what it costs
 * (BENCH.md, hint), and the whole program's bundle, whose cache an `explain` made, left a hint's
 * own functions (the deduction core, the hint's search and its words) to compile on every call.
 */
import { command as hintCommand } from '../commands/hint/cli.js';
import { runProgram } from './run.js';

export { workersExited } from '../api/jobs.js';

/** Runs `hitori-sat hint ...` on the process's arguments. */
export function runHint(): Promise<void> {
  return runProgram([hintCommand()]);
}
