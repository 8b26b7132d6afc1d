/** `hitori-sat explain <file|->`: the rule engine's solution, one numbered line per deduction, then the verdict. */
import { Command, Option } from 'commander';
import { explainJson, explainText, type ExplainRun } from '../render/rules.js';
import { levels, ruleSets, solveByRules, type Level, type RuleSet, type RulesOptions } from '../rules/index.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { readPuzzle } from './io.js';
import { addFormatOption, addTimeoutOption, exitCodes, type OutputFormat } from './common.js';

interface ExplainCliOptions {
  maxLevel: Level;
  techniques: RuleSet;
  assumeUnique: boolean;
  timeout?: number;
  format: OutputFormat;
}

export const explainExitCodeHelp = `
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
    .argument('<file>', 'puzzle file (plain text or JSON), or - for stdin')
    .addOption(
      new Option('--max-level <class>', 'the highest technique level to use (A trivial .. G probing)').choices(levels).default('G'),
    )
    .addOption(
      new Option(
        '--techniques <set>',
        'rule set: all, thesis (Sim-* line rules, no 2-SAT), two-sat (the 2-SAT line solver instead of Sim-*)',
      )
        .choices(ruleSetNames)
        .default('all'),
    )
    .option('--no-assume-unique', 'never use techniques that assume a unique solution (UC)');
  addFormatOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', explainExitCodeHelp).action((file: string, options: ExplainCliOptions) => {
    const puzzle = readPuzzle(file);
    const run = explainPuzzle(puzzle, options);
    process.stdout.write(options.format === 'json' ? `${JSON.stringify(explainJson(puzzle, run))}\n` : explainText(puzzle, run));
    const { result } = run;
    process.exitCode = result.timedOut
      ? exitCodes.timeout
      : { solved: exitCodes.solved, contradiction: exitCodes.noSolution, stuck: exitCodes.stuck }[result.status];
  });
}

/**
 * Runs the rule engine. When the techniques that assume a unique solution fill the grid but the
 * puzzle has a second solution, their steps are not consequences of the rules: the solve is then
 * run again without them, so that every step shown holds in every solution.
 */
export function explainPuzzle(
  puzzle: Puzzle,
  options: Pick<ExplainCliOptions, 'maxLevel' | 'techniques' | 'assumeUnique' | 'timeout'>,
): ExplainRun {
  const deadline = options.timeout === undefined ? undefined : Date.now() + options.timeout;
  const base: RulesOptions = {
    maxLevel: options.maxLevel,
    techniques: options.techniques,
    ...(deadline === undefined ? {} : { deadline }),
  };
  const timeout = options.timeout === undefined ? {} : { timeoutMs: options.timeout };
  const first = solveByRules(puzzle, { ...base, assumeUnique: options.assumeUnique });
  if (!(first.status === 'solved' && first.unique === false))
    return { result: first, assumedUnique: options.assumeUnique, uniquenessDropped: false, ...timeout };
  const strict = solveByRules(puzzle, { ...base, assumeUnique: false });
  return { result: strict, assumedUnique: false, uniquenessDropped: true, ...timeout };
}
