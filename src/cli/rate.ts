/**
 * `hitori-sat rate <file|set.jsonl>`: the difficulty class A..G of the thesis's Table 5 (the
 * level of the hardest technique the rules need), its step measure and the hardest technique;
 * for a JSON Lines set, a histogram of the classes and, when the set has `difficulty` labels, a
 * cross-table label x class.
 */
import { basename } from 'node:path';
import { Command, Option } from 'commander';
import { parseJsonLines } from '../formats/json.js';
import { isPuzzleSet, parsePuzzle } from '../formats/detect.js';
import { rateJson, rateSetJson, rateSetText, rateText, type RatedRecord } from '../render/rules.js';
import { rate, rulesProgress, type RuleSet } from '../rules/index.js';
import { ruleSetNames } from './explain.js';
import { readInput, sourceName, withSource } from './io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from './batch.js';
import { addFormatOption, exitCodes, maxTimeoutMs, positiveInteger, progressLine, remainingMs, type OutputFormat } from './common.js';
import { InputError } from '../job/errors.js';

interface RateCliOptions extends BatchCliOptions {
  techniques: RuleSet;
  timeout?: number;
  format: OutputFormat;
}

const rateExitCodeHelp = `
Exit codes:
  0  rated (for a set: every puzzle was tried, whatever its class)
  1  no solution: the rules reach a contradiction (one puzzle)
  2  bad input or usage
  3  time limit reached (one puzzle; for a set: some puzzle reached it)
  4  stuck: the rules alone cannot solve the puzzle, so it has no class (one puzzle)`;

export function rateCommand(): Command {
  const command = new Command('rate')
    .description(
      "rate a puzzle's difficulty (class A trivial .. G super hard, the thesis's Table 5) with the rule engine; for a JSON Lines set, the histogram of classes",
    )
    .argument('<file>', 'puzzle file (plain text or JSON), a JSON Lines set (.jsonl, or more than one JSON object line), or - for stdin')
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
  addFormatOption(command);
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
        return runBatchCommand(file, { command: 'rate', ruleSet: options.techniques, ...timeout }, options);
      }
      const text = readInput(file);
      // Per puzzle: the first one's limit counts from the process start (remainingMs), as a
      // command's does; each later one's from when the one before it ended.
      const deadline = (first: boolean) =>
        options.timeout === undefined ? {} : { deadline: Date.now() + (first ? remainingMs(options.timeout) : options.timeout) };
      if (!isPuzzleSet(file, text)) {
        const puzzle = withSource(file, () => parsePuzzle(text, file === '-' ? undefined : basename(file)));
        const progress = progressLine();
        const started = performance.now();
        const rating = withSource(file, () =>
          rate(puzzle, {
            ruleSet: options.techniques,
            ...deadline(true),
            onProgress: (undecided, cells) => progress.update(rulesProgress(undecided, cells, started)),
          }),
        );
        progress.done();
        process.stdout.write(
          options.format === 'json'
            ? `${JSON.stringify(rateJson(puzzle, rating, options.techniques))}\n`
            : rateText(puzzle, rating, options.techniques, options.timeout),
        );
        process.exitCode = rating.result.timedOut
          ? exitCodes.timeout
          : { solved: exitCodes.solved, contradiction: exitCodes.noSolution, stuck: exitCodes.stuck }[rating.status];
        return;
      }
      const records = withSource(file, () => parseJsonLines(text));
      if (records.length === 0) throw new InputError('no puzzles (expected one JSON object per line)', {}, sourceName(file));
      const progress = progressLine();
      let lastDraw = 0;
      const rated: RatedRecord[] = records.map((record, k) => {
        const now = performance.now();
        if (now - lastDraw > 100) {
          progress.update(`rate: ${k}/${records.length} ${record.puzzle.id ?? ''}`);
          lastDraw = now;
        }
        const line = record.line ?? k + 1;
        return {
          id: record.puzzle.id ?? `line ${line}`,
          line,
          difficulty: record.difficulty ?? null,
          rating: rate(record.puzzle, { ruleSet: options.techniques, ...deadline(k === 0) }),
        };
      });
      progress.done();
      process.stdout.write(
        options.format === 'json'
          ? `${JSON.stringify(rateSetJson(rated, options.techniques))}\n`
          : rateSetText(rated, options.techniques, sourceName(file)),
      );
      process.exitCode = rated.some((x) => x.rating.result.timedOut) ? exitCodes.timeout : exitCodes.solved;
    });
}
