/**
 * `hitori-sat generate RxC`: puzzles with exactly one solution (proven by the SAT engine under the
 * chosen convention, checked by the independent checker), optionally of one difficulty class.
 */
import { randomInt } from 'node:crypto';
import { Command, Option } from 'commander';
import { generateMany } from '../generate/generate-run.js';
import type { GenerateSpec } from '../generate/generate.js';
import { generatedRecord, generatedText } from '../render/generate.js';
import { levels, type Level } from '../rules/index.js';
import type { Convention } from '../puzzle/convention.js';
import {
  addConventionOption,
  addJobsOption,
  addTimeoutOption,
  boardSize,
  exitCodes,
  jobsOf,
  positiveInteger,
  progressLine,
  remainingTimeout,
} from './common.js';
import { UsageError } from '../job/errors.js';

const formats = ['text', 'json', 'jsonl'] as const;

interface GenerateCliOptions {
  count: number;
  seed?: string;
  class?: Level;
  convention: Convention;
  symbols?: number;
  format: (typeof formats)[number];
  jobs?: number;
  timeout?: number;
}

const generateExitCodeHelp = `
Exit codes:
  0  every puzzle asked for was made
  2  bad input or usage
  3  time limit reached: the puzzles made until then are printed`;

export function generateCommand(): Command {
  const command = new Command('generate')
    .description('generate puzzles with exactly one solution (proven by SAT), optionally of one difficulty class')
    .argument('<size>', 'board size RxC, e.g. 17x17', boardSize)
    .option('--count <n>', 'how many puzzles', positiveInteger('--count'), 1)
    .option(
      '--seed <text>',
      'seed: the same seed gives the same puzzles, whatever --jobs (default: a random one, printed with each puzzle)',
    )
    .addOption(
      new Option(
        '--class <A-G>',
        "only puzzles the rule engine rates this class (thesis's Table 5) and cannot solve one class lower",
      ).choices(levels),
    )
    .option(
      '--symbols <k>',
      'numbers 1..k (default: max(rows, cols)); a k that no solvable grid of the size can have is refused',
      positiveInteger('--symbols', 1_000_000),
    )
    .addOption(
      new Option('--format <format>', 'text, json (one document) or jsonl (one bench/sets record per line)')
        .choices(formats)
        .default('text'),
    );
  addJobsOption(command, 'worker threads');
  addConventionOption(command);
  addTimeoutOption(command);
  return command
    .addHelpText('after', generateExitCodeHelp)
    .action(async (size: { rows: number; cols: number }, options: GenerateCliOptions) => {
      const spec: GenerateSpec = {
        ...size,
        convention: options.convention,
        ...(options.symbols === undefined ? {} : { symbols: options.symbols }),
        ...(options.class === undefined ? {} : { class: options.class }),
      };
      const seed = options.seed ?? String(randomInt(2 ** 31));
      const progress = progressLine();
      const started = performance.now();
      const records: object[] = [];
      const result = await generateMany(spec, {
        count: options.count,
        seed,
        jobs: jobsOf(options.jobs),
        ...remainingTimeout(options.timeout),
        onPuzzle: (puzzle, index) => {
          progress.done();
          if (options.format === 'json') records.push(generatedRecord(puzzle));
          else process.stdout.write(options.format === 'jsonl' ? `${JSON.stringify(generatedRecord(puzzle))}\n` : generatedText(puzzle));
          const rate = ((index + 1) / (performance.now() - started)) * 1000;
          progress.update(`generate: ${index + 1}/${options.count} (${rate.toFixed(1)} per second)`);
        },
      }).catch((error: unknown) => {
        // A spec with no puzzle is a usage error, found before any search.
        if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: exitCodes.badInput });
        throw error;
      });
      progress.done();
      if (options.format === 'json') {
        const document = {
          rows: size.rows,
          cols: size.cols,
          convention: options.convention,
          seed,
          complete: result.complete,
          puzzles: records,
        };
        process.stdout.write(`${JSON.stringify(document)}\n`);
      }
      if (!result.complete) {
        process.stderr.write(
          `hitori-sat: time limit of ${options.timeout} ms reached after ${result.puzzles.length} of ${options.count} puzzles\n`,
        );
        process.exitCode = exitCodes.timeout;
      }
    });
}
