/** `hitori-sat decode <puzzle> <model-file|->`: an external solver's model, mapped to the grid and checked. */
import { Command } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { InputError } from '../../control/errors.js';
import { decodeReport } from './render.js';
import { aboutFile, checkOutput, emit, readInput, readPuzzle, sourceName } from '../../cli/io.js';
import {
  addConventionOption,
  addColorOption,
  addFromOption,
  addOutputOptions,
  addTimeoutOption,
  chosenOutput,
  exitCodes,
  useColor,
  type CommonOptions,
} from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';

const decodeExitCodeHelp = `
Exit codes:
  0  the model is a valid solution
  1  the model is not a solution, or the solver answered UNSATISFIABLE (with --block: unique)
  2  bad input or usage (a model that is incomplete, contradicts itself or belongs to another CNF)
  3  the solver answered UNKNOWN (it gave up, usually at a time limit of its own), or --timeout passed`;

type DecodeCliOptions = Pick<CommonOptions, 'convention' | 'to' | 'format' | 'output' | 'timeout'> & { from?: FormatName; color?: boolean };

export function command(): Command {
  const command = new Command('decode')
    .description("read a SAT solver's answer to `hitori-sat dimacs` (s/v lines or a bare literal list), map it to the grid and check it")
    .argument('<puzzle>', 'the puzzle file the CNF was made from (any format)')
    .argument('<model>', "the solver's output, or - for stdin");
  addConventionOption(command);
  addOutputOptions(command);
  addFromOption(command);
  addColorOption(command);
  addTimeoutOption(command);
  return command
    .addHelpText('after', decodeExitCodeHelp)
    .action(async (puzzleFile: string, modelFile: string, options: DecodeCliOptions) => {
      const to = chosenOutput(command, options);
      if (puzzleFile === '-' && modelFile === '-')
        throw new InputError('the puzzle and the model cannot both be read from stdin (-)', {}, 'stdin');
      if (options.output !== undefined) checkOutput(options.output, [puzzleFile, modelFile]);
      const puzzle = await readPuzzle(puzzleFile, options.from, options.timeout);
      const model = await readInput(modelFile, options.timeout);
      const modelSource = sourceName(modelFile);
      const answer = await run({
        command: 'decode',
        puzzle,
        model,
        modelSource,
        convention: options.convention,
        ...commandTimeout(options.timeout),
      }).catch((error: unknown) => {
        throw error instanceof InputError && error.source === modelSource ? error : aboutFile(puzzleFile, error);
      });
      const { json, text } = decodeReport(puzzle, answer, options.convention, {
        color: useColor(options) && options.output === undefined,
      });
      await emit(options.output, [to === 'json' ? `${JSON.stringify(json)}\n` : text], {
        inputs: [puzzleFile, modelFile],
        timeoutMs: options.timeout,
      });
      const valid = answer.status === 'valid';
      process.exitCode = valid ? exitCodes.solved : answer.status === 'unknown' ? exitCodes.timeout : exitCodes.noSolution;
    });
}
