/** `hitori-sat dimacs <file|->`: the complete CNF, optionally with a solution blocked. */
import { Command } from 'commander';
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import { assertCnfFits } from '../../encodings/size.js';
import { describeValue } from '../formats/input-error.js';
import { parseJsonText } from '../formats/json.js';
import { checkShading } from '../puzzle/check.js';
import type { Convention } from '../puzzle/convention.js';
import { shadingFromGrid, type Puzzle } from '../puzzle/puzzle.js';
import { dimacsChunks } from '../sat/dimacs.js';
import { aboutFile, checkOutput, readInput, readPuzzle, sourceName, writeAtomic } from './io.js';
import type { FormatName } from '../formats/document.js';
import { addConventionOption, addFromOption, addTimeoutOption, deadlineCheck, type CommonOptions } from './common.js';
import { InputError } from '../job/errors.js';

const dimacsExitCodeHelp = `
Exit codes:
  0  the CNF was written
  2  bad input or usage (also: a grid too large for the layered CNF, an output that cannot be
     written, a --block shading that is not a solution)
  3  time limit reached (nothing written; an existing -o file is left as it was)`;

/**
 * The largest CNF `dimacs` builds, in literals: about 1 GB of DIMACS text, and under 1.5 GB of
 * memory while building it (a layered 50x50 has 41 million).
 */
export const maxDimacsLiterals = 100e6;

interface DimacsCliOptions extends Pick<CommonOptions, 'convention' | 'timeout'> {
  output?: string;
  block?: string;
  from?: FormatName;
}

export function dimacsCommand(): Command {
  const command = new Command('dimacs')
    .description('write the complete CNF (uniqueness pairs, non-adjacency, distance-layer connectivity) in DIMACS')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .option('-o, --output <file>', 'write to this file (replaced only once complete) instead of stdout')
    .option(
      '--block <solution.json>',
      'add the clause that forbids the solution in this `solve --format json` output: UNSATISFIABLE then proves it unique',
    );
  addConventionOption(command);
  addFromOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', dimacsExitCodeHelp).action(async (file: string, options: DimacsCliOptions) => {
    const checkpoint = deadlineCheck(options.timeout);
    const inputs = options.block === undefined ? [file] : [file, options.block];
    if (options.output !== undefined) checkOutput(options.output, inputs);
    const puzzle = readPuzzle(file, options.from);
    try {
      assertCnfFits(
        puzzle,
        'layers',
        options.convention,
        maxDimacsLiterals,
        'the export is always the complete layered CNF; `solve` works without it',
      );
    } catch (error) {
      throw aboutFile(file, error);
    }
    const { cnf, vars } = encodeHitori(puzzle, { convention: options.convention, checkpoint });
    checkpoint();
    if (options.block !== undefined) {
      cnf.comments.push(`blocked: the solution in ${options.block}; UNSATISFIABLE means it is the only one`);
      cnf.add(blockingClause(vars, readBlockedSolution(options.block, puzzle, options.convention)));
    }
    if (options.output === undefined) {
      for (const chunk of dimacsChunks(cnf)) {
        checkpoint();
        process.stdout.write(chunk);
      }
    } else {
      await writeAtomic(options.output, dimacsChunks(cnf), checkpoint, inputs);
    }
  });
}

/** The `solution` of a `solve --format json` output, checked against the puzzle's size. */
function readBlockedSolution(path: string, puzzle: Puzzle, convention: Convention): boolean[] {
  const source = sourceName(path);
  let report: unknown;
  try {
    report = parseJsonText(readInput(path));
  } catch (error) {
    throw error instanceof InputError ? error.withSource(source) : error;
  }
  const solution = (report as { solution?: unknown } | null)?.solution;
  if (!Array.isArray(solution))
    throw new InputError('no "solution" to block (expected the output of `solve --format json` with a solution)', {}, source);
  if (solution.length !== puzzle.rows)
    throw new InputError(`the solution has ${solution.length} rows, the puzzle ${puzzle.rows}`, {}, source);
  solution.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== puzzle.cols)
      throw new InputError(`solution row ${r + 1} does not have ${puzzle.cols} cells`, { row: r + 1 }, source);
    row.forEach((cell: unknown, c) => {
      if (cell !== 0 && cell !== 1)
        throw new InputError(`solution cell is ${describeValue(cell)}, expected 0 or 1`, { row: r + 1, column: c + 1 }, source);
    });
  });
  const shading = shadingFromGrid(solution as number[][]);
  // "UNSATISFIABLE <=> unique" holds only for a solution: blocking a shading that breaks the
  // rules leaves every real solution in, so an UNSATISFIABLE answer would prove nothing.
  const violations = checkShading(puzzle, shading, convention);
  if (violations.length > 0)
    throw new InputError(
      `the shading to block is not a solution of the puzzle under convention ${convention} (${violations[0]!.message}), so blocking it proves nothing`,
      {},
      source,
    );
  return shading;
}
