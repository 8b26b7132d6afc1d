/** `hitori-sat solve <file|->`: solve, check, prove uniqueness, print. */
import { Command, Option } from 'commander';
import { backendNames } from '../sat/backend.js';
import { solveReport, solveText } from '../render/report.js';
import { solveBounded } from '../solve/bounded.js';
import { defaultEngine, engines, type Engine } from '../solve/engines.js';
import { defaultBackend, defaultConnectivity, solveConnectivities } from '../solve/defaults.js';
import { readPuzzle } from './io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from './batch.js';
import {
  addConventionOption,
  chooseBackend,
  addFormatOption,
  addTimeoutOption,
  exitCodeHelp,
  exitCodes,
  positiveInteger,
  progressLine,
  type CommonOptions,
} from './common.js';

interface SolveCliOptions extends CommonOptions, BatchCliOptions {
  count: number;
  engine: Engine;
  connectivity: (typeof solveConnectivities)[number];
}

export function solveCommand(): Command {
  const command = new Command('solve')
    .description('solve a puzzle, check the answer with an independent checker, and prove whether it is unique')
    .argument('<file>', 'puzzle file (plain text or JSON), or - for stdin')
    .addOption(new Option('--backend <name>', 'SAT backend').choices(backendNames).default(defaultBackend))
    .option('--solver-cmd <command>', 'DIMACS solver command for --backend external ({cnf} and {out} are replaced)')
    .addOption(
      new Option('--connectivity <mode>', 'connectivity: lazy cuts, or the complete distance-layer CNF')
        .choices(solveConnectivities)
        .default(defaultConnectivity),
    )
    .option('--count <n>', 'list up to n solutions', positiveInteger('--count'), 1)
    .addOption(
      new Option(
        '--engine <engine>',
        'hybrid: deductions first, SAT only for what they leave open; sat: SAT alone; rules: human techniques only (exit 4 when stuck)',
      )
        .choices(engines)
        .default(defaultEngine),
    );
  addConventionOption(command);
  addFormatOption(command);
  addTimeoutOption(command);
  addBatchOptions(command);
  return command.addHelpText('after', `${exitCodeHelp}\n${batchHelp}`).action(async (file: string, options: SolveCliOptions) => {
    if (isBatch(command, file, options)) {
      const backend = chooseBackend(command, options);
      return runBatchCommand(
        file,
        {
          command: 'solve',
          engine: options.engine,
          backend,
          convention: options.convention,
          connectivity: options.connectivity,
          maxSolutions: options.count,
          ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
          ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
        },
        options,
      );
    }
    const puzzle = readPuzzle(file);
    const progress = progressLine();
    const result = await solveBounded(puzzle, {
      backend: chooseBackend(command, options),
      convention: options.convention,
      connectivity: options.connectivity,
      engine: options.engine,
      maxSolutions: options.count,
      ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
      ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
      onProgress: (message) => progress.update(message),
    });
    progress.done();
    process.stdout.write(options.format === 'json' ? `${JSON.stringify(solveReport(puzzle, result))}\n` : solveText(puzzle, result));
    process.exitCode = {
      unique: exitCodes.solved,
      multiple: exitCodes.solved,
      none: exitCodes.noSolution,
      timeout: exitCodes.timeout,
      stuck: exitCodes.stuck,
    }[result.status];
  });
}
