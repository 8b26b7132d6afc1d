/** `hitori-sat explain <file|->`: the rule engine's solution, one numbered line per deduction, then the verdict. */
import { Command, Option } from 'commander';
import type { FormatName } from '../formats/document.js';
import { explainJson, explainText } from '../render/rules.js';
import { explainSvg } from '../render/svg.js';
import { explainPuzzle, levels, rulesProgress, ruleSets, type Level, type RuleSet } from '../rules/index.js';
import { readPuzzle, refuseBinaryOnTerminal, withSource, writePicture } from './io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from './batch.js';
import {
  addColorOption,
  addFormatOption,
  addFromOption,
  addTimeoutOption,
  addToOption,
  chosenOutput,
  exitCodes,
  progressLine,
  remainingTimeout,
  useColor,
  type OutputFormat,
} from './common.js';

interface ExplainCliOptions extends BatchCliOptions {
  maxLevel: Level;
  techniques: RuleSet;
  assumeUnique: boolean;
  timeout?: number;
  format: OutputFormat;
  to?: string;
  from?: FormatName;
  color?: boolean;
}

const explainExitCodeHelp = `
Exit codes:
  0  solved by the rules
  1  no solution: the rules reach a contradiction
  2  bad input or usage
  3  time limit reached before the rules finished
  4  stuck: the rules alone cannot decide every cell (the partial grid is shown)`;

export const ruleSetNames = Object.keys(ruleSets) as RuleSet[];

export function explainCommand(): Command {
  const command = new Command('explain')
    .description('solve with human techniques (the rule engine, no SAT) and print every deduction, numbered, then the verdict')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .addOption(
      new Option('--max-level <class>', 'the highest technique level to use (A trivial .. G probing)').choices(levels).default('G'),
    )
    .addOption(
      new Option(
        '--techniques <set>',
        "rule set: all (every technique, extras included; default), thesis (the thesis's rules only), two-sat (2-SAT instead of the Sim-* rules)",
      )
        .choices(ruleSetNames)
        .default('all'),
    )
    .option('--no-assume-unique', 'never use techniques that assume a unique solution (UC)');
  addFormatOption(command);
  addToOption(command, ['text', 'json', 'svg', 'png']);
  addFromOption(command);
  addColorOption(command);
  addTimeoutOption(command);
  addBatchOptions(command);
  return command.addHelpText('after', `${explainExitCodeHelp}\n${batchHelp}`).action(async (file: string, options: ExplainCliOptions) => {
    if (isBatch(command, file, options)) {
      const { maxLevel, techniques, assumeUnique } = options;
      const timeout = options.timeout === undefined ? {} : { timeoutMs: options.timeout };
      return runBatchCommand(file, { command: 'explain', maxLevel, techniques, assumeUnique, ...timeout }, options);
    }
    const to = chosenOutput(command, options);
    refuseBinaryOnTerminal(to);
    const puzzle = readPuzzle(file, options.from);
    const progress = progressLine();
    const started = performance.now();
    // A grid the engine refuses (too many pairs of equal numbers) is named by its file.
    const stopped = withSource(file, () =>
      explainPuzzle(puzzle, {
        maxLevel: options.maxLevel,
        techniques: options.techniques,
        assumeUnique: options.assumeUnique,
        ...remainingTimeout(options.timeout),
        onProgress: (undecided, cells) => progress.update(rulesProgress(undecided, cells, started)),
      }),
    );
    // The report names the limit the user gave, not what was left of it after start-up.
    const run = options.timeout === undefined ? stopped : { ...stopped, timeoutMs: options.timeout };
    progress.done();
    if (to === 'svg' || to === 'png') await writePicture(explainSvg(puzzle, run), to);
    else
      process.stdout.write(
        to === 'json' ? `${JSON.stringify(explainJson(puzzle, run))}\n` : explainText(puzzle, run, { color: useColor(options) }),
      );
    const { result } = run;
    process.exitCode = result.timedOut
      ? exitCodes.timeout
      : { solved: exitCodes.solved, contradiction: exitCodes.noSolution, stuck: exitCodes.stuck }[result.status];
  });
}
