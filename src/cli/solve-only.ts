/**
 * The program with the `solve` command alone: the entry of the CommonJS bundle that the command
 * (src/cli/hitori-sat.cts) runs for a one-shot solve. The other commands' modules (the rule
 * engine's explanations, the generators, the benchmark) cost more start-up time than the solve.
 */
import { runProgram } from './run.js';
import { command as solveCommand } from '../commands/solve/cli.js';

export { preloadCadical } from '../api/solver-start.js';
export { workersExited } from '../api/jobs.js';

/** Runs `hitori-sat solve ...` on the process's arguments. */
export function runSolve(): Promise<void> {
  return runProgram([solveCommand()]);
}
