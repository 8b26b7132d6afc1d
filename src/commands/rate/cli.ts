/**
 * `hitori-sat rate <file|set.jsonl>`: the difficulty class A..G of the thesis's Table 5 (the
 * level of the hardest technique the rules need), its step measure and the hardest technique;
 * for a JSON Lines set, a histogram of the classes and, when the set has `difficulty` labels, a
 * cross-table label x class.
 */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import { parseJsonLines } from '../../formats/json.js';
import { isPuzzleSet, type FormatName } from '../../formats/detect.js';
import { InputError } from '../../control/errors.js';
import type { ProgressListener } from '../../control/progress.js';
import { rateJson, rateSetJson, rateSetText, rateText, type RatedRecord } from './render.js';
import { ruleSetNames, type RuleSet } from '../../api/choices.js';
import { aboutFile, checkOutput, emit, readDocument, readSource, sourceName, withSource } from '../../cli/io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from '../../cli/batch.js';
import { addFromOption, addOutputOptions, chosenOutput, exitCodes, maxTimeoutMs, positiveInteger, progressLine } from '../../cli/common.js';
import { outputReserveMs, remainingMs, workLimitMs } from '../../control/limit.js';

interface RateCliOptions extends BatchCliOptions {
  techniques: RuleSet;
  timeout?: number;
  to?: string;
  format?: string;
  output?: string;
  from?: FormatName;
}

const rateExitCodeHelp = `
Exit codes:
  0  rated (for a set: every puzzle was tried, whatever its class)
  1  no solution: the rules reach a contradiction (one puzzle)
  2  bad input or usage
  3  time limit reached (one puzzle; for a set: some puzzle reached it)
  4  stuck: the rules alone cannot solve the puzzle, so it has no class (one puzzle)`;

export function command(): Command {
  const command = new Command('rate')
    .description(
      "rate a puzzle's difficulty (class A trivial .. G super hard, the thesis's Table 5) with the rule engine; for a JSON Lines set, the histogram of classes",
    )
    .argument(
      '<file>',
      'puzzle file in any format, a puzz.link URL or Singles game ID, a JSON Lines set (.jsonl, or more than one JSON object line), or - for stdin',
    )
    .addOption(
      new Option(
        '--techniques <set>',
        "rule set: thesis (the thesis's rules only, its NCO read as NCO-K; default), two-sat (the thesis's SAT-based classifier), all (every technique, extras included)",
      )
        .choices(ruleSetNames)
        .default('thesis'),
    )
    .option(
      '--timeout <ms>',
      'time limit (for a set: per puzzle; a puzzle that reaches it counts as not solved, exit code 3)',
      positiveInteger('--timeout', maxTimeoutMs),
    );
  addOutputOptions(command);
  addFromOption(command);
  addBatchOptions(command);
  return command
    .addHelpText(
      'after',
      `${rateExitCodeHelp}\n${batchHelp.replace('(a .jsonl file, or --batch)', '(--batch; a .jsonl file alone gets the histogram)')}`,
    )
    .action(async (file: string, options: RateCliOptions) => {
      // A .jsonl file alone gets the set's histogram; --batch a line per puzzle.
      if (isBatch(command, file, options, false)) {
        const timeout = options.timeout === undefined ? {} : { timeoutMs: options.timeout };
        return runBatchCommand(file, { command: 'rate', techniques: options.techniques, ...timeout }, options);
      }
      const to = chosenOutput(command, options);
      if (options.output !== undefined) checkOutput(options.output, [file]);
      const source = await readSource(file, options.timeout);
      // Per puzzle: the first one's limit counts from the process start (remainingMs), as a
      // command's does; each later one's from when the one before it ended.
      // One puzzle's rules stop early enough for its report and the process's end to fit its limit
      // (outputReserveMs: on a large grid, ending the process takes a while).
      const timeout = (first: boolean, reserveMs = 0) =>
        options.timeout === undefined ? {} : { timeoutMs: first ? workLimitMs(remainingMs(options.timeout), reserveMs) : options.timeout };
      const rateOne = (puzzle: Parameters<typeof rateJson>[0], first: boolean, onProgress?: ProgressListener, reserveMs = 0) =>
        run(
          { command: 'rate', puzzle, techniques: options.techniques, ...timeout(first, reserveMs) },
          onProgress === undefined ? {} : { onProgress },
        );
      if (source.inline || !isPuzzleSet(file, source.text)) {
        const { puzzle } = await readDocument(file, options.from, undefined, source);
        const progress = progressLine();
        const reserve = options.timeout === undefined ? 0 : outputReserveMs(options.timeout, puzzle.rows * puzzle.cols);
        const rating = await rateOne(puzzle, true, progress.update, reserve)
          .catch((error: unknown) => {
            throw aboutFile(file, error);
          })
          .finally(() => progress.done());
        await emit(
          options.output,
          [
            to === 'json'
              ? `${JSON.stringify(rateJson(puzzle, rating, options.techniques))}\n`
              : rateText(puzzle, rating, options.techniques, options.timeout),
          ],
          { inputs: [file], timeoutMs: options.timeout },
        );
        process.exitCode = rating.result.timedOut
          ? exitCodes.timeout
          : { solved: exitCodes.solved, contradiction: exitCodes.noSolution, stuck: exitCodes.stuck }[rating.status];
        return;
      }
      const records = withSource(file, () => parseJsonLines(source.text));
      if (records.length === 0) throw new InputError('no puzzles (expected one JSON object per line)', {}, sourceName(file));
      const progress = progressLine();
      const rated: RatedRecord[] = [];
      for (const [k, record] of records.entries()) {
        progress.update({
          phase: 'rate',
          done: k,
          total: records.length,
          message: `rate: ${k}/${records.length} ${record.puzzle.id ?? ''}`,
        });
        const line = record.line ?? k + 1;
        const rating = await rateOne(record.puzzle, k === 0).catch((error: unknown) => {
          // A puzzle the engine refuses is named by its file and line.
          const named = aboutFile(file, error);
          throw named instanceof InputError ? new InputError(named.problem, { ...named.place, line }, named.source) : named;
        });
        rated.push({ id: record.puzzle.id ?? `line ${line}`, line, difficulty: record.difficulty ?? null, rating });
      }
      progress.done();
      await emit(
        options.output,
        [
          to === 'json'
            ? `${JSON.stringify(rateSetJson(rated, options.techniques))}\n`
            : rateSetText(rated, options.techniques, sourceName(file)),
        ],
        { inputs: [file], timeoutMs: options.timeout },
      );
      process.exitCode = rated.some((x) => x.rating.result.timedOut) ? exitCodes.timeout : exitCodes.solved;
    });
}
