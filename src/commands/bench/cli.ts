/** `hitori-sat bench <set.jsonl...>`: solve every puzzle of JSON Lines sets, check, time, report. */
import { Command, Option } from 'commander';
import {
  benchBackends,
  benchConnectivities,
  defaultBenchBackend,
  defaultBenchConnectivity,
  defaultWarmup,
  defaultWarmupBudgetMs,
  parseBenchSet,
  type BenchBackend,
  type BenchConnectivity,
} from '../../api/bench-sets.js';
import { defaultEngine, engines, type Engine } from '../../api/choices.js';
import { run } from '../../api/node-run.js';
import { benchJson, benchText, failureLines, overallOutcome } from './render.js';
import { readInput, sourceName } from '../../cli/io.js';
import { addJobsOption, exitCodes, jobsOf, maxTimeoutMs, positiveInteger, progressLine, wholeNumber } from '../../cli/common.js';

interface BenchCliOptions {
  backend: BenchBackend;
  connectivity: BenchConnectivity;
  engine: Engine;
  jobs?: number;
  json?: boolean;
  timeout?: number;
  limit?: number;
  warmup: number;
}

const benchExitCodeHelp = `
Exit codes:
  0  every answer correct
  1  some answer wrong (verdict or solution differs from the set's, or the checker rejects it)
  2  bad input or usage, or some puzzle too large for the chosen encoding (refused)
  3  some puzzle reached the time limit
  4  the rule engine was stuck on some puzzle (--engine rules)
  5  the solver failed on some puzzle (a backend limit, such as MiniSat's heap)
  When several apply: 1, else 5, else 2, else 3, else 4.`;

export function command(): Command {
  const command = new Command('bench')
    .description(
      'solve every puzzle of JSON Lines sets (the bench/sets format), check each answer against the published solution or count, and report times per set',
    )
    .argument('<set.jsonl...>', 'puzzle sets: one JSON object per line, with "grid" and optionally "solution" or "solutions"')
    .addOption(new Option('--backend <name>', 'in-process SAT backend').choices(benchBackends).default(defaultBenchBackend))
    .addOption(new Option('--connectivity <mode>', 'connectivity encoding').choices(benchConnectivities).default(defaultBenchConnectivity))
    .addOption(
      new Option(
        '--engine <name>',
        'solving engine, as for solve: hybrid (deductions first, SAT for the rest), sat, rules (human techniques only)',
      )
        .choices(engines)
        .default(defaultEngine),
    )
    .option('--json', 'print one JSON object {"sets": [...]} instead of the table (the reason for each failure goes to stderr)')
    .option(
      '--timeout <ms>',
      'time limit per puzzle, counted from when a worker is free for it (for the first ones, from the start); a puzzle that reaches it counts as a timeout (exit code 3)',
      positiveInteger('--timeout', maxTimeoutMs),
    )
    .option('--limit <n>', 'only the first n puzzles of each set', positiveInteger('--limit'))
    .option(
      '--warmup <n>',
      `untimed warm-up: each worker first solves up to n of the smallest puzzles, stopping after ${defaultWarmupBudgetMs / 1000} s`,
      wholeNumber('--warmup'),
      defaultWarmup,
    );
  addJobsOption(command, 'worker threads solving in parallel', 1);
  return command.addHelpText('after', benchExitCodeHelp).action(async (files: string[], options: BenchCliOptions) => {
    // Every file is read and checked before any solving starts.
    const sets = [];
    for (const file of files) sets.push(parseBenchSet(await readInput(file, options.timeout), sourceName(file), options.limit));
    const progress = progressLine();
    const reports = await run(
      {
        command: 'bench',
        sets,
        engine: options.engine,
        backend: options.backend,
        connectivity: options.connectivity,
        jobs: jobsOf(options.jobs, 1),
        warmup: options.warmup,
        ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
        // The first puzzles' limits count from the process start, as every command's --timeout does.
        firstStartedAt: 0,
      },
      { onProgress: progress.update },
    );
    progress.done();
    if (options.json === true) {
      process.stdout.write(`${JSON.stringify(benchJson(reports))}\n`);
      // The JSON names failures by id; why each one failed goes to stderr, one line each.
      for (const line of failureLines(reports)) process.stderr.write(`hitori-sat: ${line}\n`);
    } else {
      process.stdout.write(benchText(reports, options));
    }
    process.exitCode = {
      correct: exitCodes.solved,
      wrong: exitCodes.noSolution,
      error: exitCodes.solverFailure,
      refused: exitCodes.badInput,
      timeout: exitCodes.timeout,
      stuck: exitCodes.stuck,
    }[overallOutcome(reports)];
  });
}
