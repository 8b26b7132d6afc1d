/** `hitori-sat decode <puzzle> <model-file|->`: an external solver's model, mapped to the grid and checked. */
import { Command } from 'commander';
import { HitoriVars } from '../../encodings/variables.js';
import { checkShading } from '../puzzle/check.js';
import { shadingToGrid } from '../puzzle/puzzle.js';
import { renderShading } from '../render/text.js';
import { assertCnfFits } from '../../encodings/size.js';
import { parseSolverOutput } from '../sat/dimacs.js';
import type { FormatName } from '../formats/document.js';
import { maxDimacsLiterals } from './dimacs.js';
import { aboutFile, readInput, readPuzzle, sourceName } from './io.js';
import {
  addConventionOption,
  addColorOption,
  addFromOption,
  addFormatOption,
  addTimeoutOption,
  deadlineCheck,
  exitCodes,
  useColor,
  type CommonOptions,
} from './common.js';
import { InputError } from '../job/errors.js';
const decodeExitCodeHelp = `
Exit codes:
  0  the model is a valid solution
  1  the model is not a solution, or the solver answered UNSATISFIABLE (with --block: unique)
  2  bad input or usage (a model that is incomplete, contradicts itself or belongs to another CNF)
  3  the solver answered UNKNOWN (it gave up, usually at a time limit of its own), or --timeout passed`;

type DecodeCliOptions = Pick<CommonOptions, 'convention' | 'format' | 'timeout'> & { from?: FormatName; color?: boolean };

export function decodeCommand(): Command {
  const command = new Command('decode')
    .description("read a SAT solver's answer to `hitori-sat dimacs` (s/v lines or a bare literal list), map it to the grid and check it")
    .argument('<puzzle>', 'the puzzle file the CNF was made from (any format)')
    .argument('<model>', "the solver's output, or - for stdin");
  addConventionOption(command);
  addFormatOption(command);
  addFromOption(command);
  addColorOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', decodeExitCodeHelp).action((puzzleFile: string, modelFile: string, options: DecodeCliOptions) => {
    const checkpoint = deadlineCheck(options.timeout);
    if (puzzleFile === '-' && modelFile === '-')
      throw new InputError('the puzzle and the model cannot both be read from stdin (-)', {}, 'stdin');
    const puzzle = readPuzzle(puzzleFile, options.from);
    // The model belongs to the layered CNF `dimacs` writes for this puzzle (--block adds no
    // variables): a literal beyond its variables means a model of another puzzle or size.
    let variables: number;
    try {
      ({ variables } = assertCnfFits(puzzle, 'layers', options.convention, maxDimacsLiterals, '`dimacs` does not export it'));
    } catch (error) {
      throw aboutFile(puzzleFile, error);
    }
    let answer: ReturnType<typeof parseSolverOutput>;
    try {
      answer = parseSolverOutput(readInput(modelFile), variables);
    } catch (error) {
      if (error instanceof InputError) throw error.withSource(sourceName(modelFile));
      throw error;
    }
    checkpoint();
    const n = puzzle.rows * puzzle.cols;
    const base = { id: puzzle.id ?? null, rows: puzzle.rows, cols: puzzle.cols, convention: options.convention };
    if (answer.status !== 'satisfiable') {
      const status = answer.status === 'unsatisfiable' ? 'none' : 'unknown';
      const text =
        answer.status === 'unsatisfiable'
          ? 'the solver answered UNSATISFIABLE: no shading satisfies the CNF (with --block: the blocked solution is unique)'
          : 'the solver gave no answer (UNKNOWN)';
      print(options.format, { ...base, status, solution: null, violations: [] }, `${text}\n`);
      process.exitCode = answer.status === 'unsatisfiable' ? exitCodes.noSolution : exitCodes.timeout;
      return;
    }
    // The DIMACS contract: cell i's shading is the variable the encodings give it (1..R·C).
    const vars = new HitoriVars(puzzle);
    for (let i = 0; i < n; i++) {
      const v = vars.shaded(i);
      if ((answer.values[v] ?? 0) === 0)
        throw new InputError(
          `the model gives no value for variable ${v} (a cell's shading variable; the puzzle has ${n} cells)`,
          {},
          sourceName(modelFile),
        );
    }
    const shading = Array.from({ length: n }, (_, i) => answer.values[vars.shaded(i)] === 1);
    const violations = checkShading(puzzle, shading, options.convention);
    const valid = violations.length === 0;
    const verdict = valid
      ? `valid solution under convention ${options.convention} (checked; to prove it unique, export with --block and expect UNSATISFIABLE)`
      : `not a solution under convention ${options.convention}: ${violations.map((v) => v.message).join('; ')}`;
    print(
      options.format,
      {
        ...base,
        status: valid ? 'valid' : 'invalid',
        solution: shadingToGrid(puzzle, shading),
        violations: violations.map((v) => v.message),
      },
      `${renderShading(puzzle, shading, { color: useColor(options) })}${verdict}\n`,
    );
    process.exitCode = valid ? exitCodes.solved : exitCodes.noSolution;
  });
}

function print(format: CommonOptions['format'], json: object, text: string): void {
  process.stdout.write(format === 'json' ? `${JSON.stringify(json)}\n` : text);
}
