/**
 * The hitori-sat program: a thin commander layer over the library, every command. The entry of the
 * CommonJS bundle that the command (src/cli/hitori-sat.cts) runs for every command but `solve`.
 */
import { ambiguityCommand } from './ambiguity.js';
import { benchCommand } from './bench.js';
import { convertCommand } from './convert.js';
import { decodeCommand } from './decode.js';
import { dimacsCommand } from './dimacs.js';
import { explainCommand } from './explain.js';
import { generateCommand } from './generate.js';
import { hintCommand } from './hint.js';
import { maxBlackCommand } from './maxblack.js';
import { rateCommand } from './rate.js';
import { repairCommand } from './repair.js';
import { solveCommand } from './solve.js';
import { enumerateCommand } from './enumerate.js';
import { runProgram } from './run.js';

/** Runs `hitori-sat <command> ...` on the process's arguments. */
export function runAll(): Promise<void> {
  return runProgram([
    solveCommand(),
    dimacsCommand(),
    decodeCommand(),
    convertCommand(),
    explainCommand(),
    hintCommand(),
    rateCommand(),
    ambiguityCommand(),
    repairCommand(),
    benchCommand(),
    enumerateCommand(),
    generateCommand(),
    maxBlackCommand(),
  ]);
}
