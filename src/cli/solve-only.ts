/** The program with the `solve` command alone: what main.ts loads for a one-shot solve (see there). */
import { runProgram } from './run.js';
import { solveCommand } from './solve.js';

await runProgram([solveCommand()]);
