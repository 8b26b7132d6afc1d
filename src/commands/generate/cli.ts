/**
 * `hitori-sat generate RxC`: puzzles with exactly one solution (proven by the SAT engine under the
 * chosen convention, checked by the independent checker), optionally of one difficulty class.
 */
import { randomInt } from 'node:crypto';
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import { generatedRecord, generatedText } from './render.js';
import { levels, symmetries, type Level, type Symmetry } from '../../api/choices.js';
import { readShadingText } from '../../api/shading-file.js';
import type { Convention } from '../../api/requests.js';
import { checkOutput, emit, readInput, sourceName } from '../../cli/io.js';
import {
  addConventionOption,
  addTimeoutOption,
  boardSize,
  chosenOutput,
  addJobsOption,
  jobsOf,
  exitCodes,
  positiveInteger,
  progressLine,
} from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';
import { UsageError } from '../../control/errors.js';
import { readyForLimit } from '../../cli/limit-ready.js';

const formats = ['text', 'json', 'jsonl'] as const;

interface GenerateCliOptions {
  count: number;
  seed?: string;
  class?: Level;
  convention: Convention;
  symbols?: number;
  to?: (typeof formats)[number];
  format?: (typeof formats)[number];
  output?: string;
  jobs?: number;
  timeout?: number;
  pattern?: string;
  symmetry?: Symmetry;
}

const generateExitCodeHelp = `
Exit codes:
  0  every puzzle asked for was made
  2  bad input or usage (also a class measured out of reach at the size)
  3  time limit reached: the puzzles made until then are printed`;

export function command(): Command {
  const command = new Command('generate')
    .description('generate puzzles with exactly one solution (proven by SAT), optionally of one difficulty class')
    .argument('[size]', "board size RxC, e.g. 17x17 (with --pattern: the pattern's, which it must match if given)", boardSize)
    .option('--count <n>', 'how many puzzles', positiveInteger('--count'), 1)
    .option(
      '--seed <text>',
      'seed: the same seed gives the same puzzles, whatever --jobs (default: a random one, printed with each puzzle)',
    )
    .addOption(
      new Option(
        '--class <A-G>',
        "only puzzles the rule engine rates this class (thesis's Table 5) and cannot solve one class lower; a class the bench measured out of reach at the size (and symmetry) is refused at once (docs/commands.md)",
      ).choices(levels),
    )
    .option(
      '--symbols <k>',
      'numbers 1..k (default: max(rows, cols)); a k that no solvable grid of the size can have is refused',
      positiveInteger('--symbols', 1_000_000),
    )
    .option(
      '--pattern <file>',
      "the solution's shading: one line per row, '#' shaded and '.' unshaded (';' starts a comment line); the numbers are filled around it",
    )
    .addOption(
      new Option('--symmetry <kind>', 'a symmetric shading: rot180 (half turn), mirror (left-right), diagonal (square boards)').choices(
        symmetries,
      ),
    )
    .addOption(
      new Option('--to <format>', 'text (default), json (one document) or jsonl (one bench/sets record per line)').choices(formats),
    )
    .addOption(new Option('--format <format>', 'the same as --to (its older name)').choices(formats))
    .option('-o, --output <file>', 'write to this file (atomically: complete or not at all) instead of stdout');
  addJobsOption(command, 'worker threads');
  addConventionOption(command);
  addTimeoutOption(command);
  return command
    .addHelpText('after', generateExitCodeHelp)
    .action(async (sizeGiven: { rows: number; cols: number } | undefined, options: GenerateCliOptions) => {
      const to = chosenOutput(command, options);
      if (options.output !== undefined) checkOutput(options.output, options.pattern === undefined ? [] : [options.pattern]);
      const pattern =
        options.pattern === undefined ? undefined : readShadingText(await readInput(options.pattern), sourceName(options.pattern));
      if (pattern === undefined && sizeGiven === undefined)
        command.error('error: missing the board size RxC (or --pattern FILE)', { exitCode: exitCodes.badInput });
      if (pattern !== undefined && sizeGiven !== undefined && (pattern.rows !== sizeGiven.rows || pattern.cols !== sizeGiven.cols))
        command.error(`error: the pattern is ${pattern.rows}x${pattern.cols}, not ${sizeGiven.rows}x${sizeGiven.cols}`, {
          exitCode: exitCodes.badInput,
        });
      const size = pattern === undefined ? sizeGiven! : { rows: pattern.rows, cols: pattern.cols };
      const seed = options.seed ?? String(randomInt(2 ** 31));
      readyForLimit(options.timeout, { wasm: true });
      const progress = progressLine();
      // With -o the puzzles are kept until the end (the file is written whole or not at all).
      const chunks: string[] = [];
      const out = (text: string) => (options.output === undefined ? process.stdout.write(text) : chunks.push(text));
      const records: object[] = [];
      const result = await run(
        {
          command: 'generate',
          ...size,
          count: options.count,
          seed,
          convention: options.convention,
          jobs: jobsOf(options.jobs),
          ...(options.symbols === undefined ? {} : { symbols: options.symbols }),
          ...(options.class === undefined ? {} : { class: options.class }),
          ...(pattern === undefined ? {} : { pattern: pattern.shading }),
          ...(options.symmetry === undefined ? {} : { symmetry: options.symmetry }),
          ...commandTimeout(options.timeout),
        },
        {
          onItem: (puzzle) => {
            progress.done();
            if (to === 'json') records.push(generatedRecord(puzzle));
            else out(to === 'jsonl' ? `${JSON.stringify(generatedRecord(puzzle))}\n` : generatedText(puzzle));
          },
          onProgress: progress.update,
        },
      )
        .catch((error: unknown) => {
          // A spec with no puzzle is a usage error, found before any search.
          if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: exitCodes.badInput });
          throw error;
        })
        .finally(() => progress.done());
      if (to === 'json') {
        const document = { ...size, convention: options.convention, seed, complete: result.complete, puzzles: records };
        out(`${JSON.stringify(document)}\n`);
      }
      if (options.output !== undefined) await emit(options.output, chunks, { timeoutMs: options.timeout });
      if (!result.complete) {
        process.stderr.write(
          `hitori-sat: time limit of ${options.timeout} ms reached after ${result.puzzles.length} of ${options.count} puzzles\n`,
        );
        process.exitCode = exitCodes.timeout;
      }
    });
}
