/** `hitori-sat bench <set.jsonl...>`: solve every puzzle of JSON Lines sets, check, time, report. */
import { Command, Option } from 'commander';
import {
  benchBackends,
  benchConnectivities,
  defaultBenchBackend,
  defaultBenchConnectivity,
  defaultEngine,
  engines,
  type BenchBackend,
  type BenchConnectivity,
  type Engine,
} from '../../benchmark/engines.js';
import { run } from '../../api/node-run.js';
import { benchJson, defaultWarmup, defaultWarmupBudgetMs, overallOutcome } from '../../benchmark/run-set.js';
import type { BenchResult as SetReports } from '../../api/requests.js';
import { parseBenchSet } from '../../benchmark/sets.js';
import { readInput, sourceName } from '../../cli/io.js';
import { addJobsOption, exitCodes, jobsOf, maxTimeoutMs, positiveInteger, progressLine, wholeNumber } from '../../cli/common.js';
import { textTable } from '../../render/text.js';

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

/** The report as an aligned table, the settings, and every failure with its reason. */
function benchText(reports: SetReports, options: Pick<BenchCliOptions, 'warmup' | 'timeout'>): string {
  const header = ['set', 'n', 'correct', 'by deduction', 'by SAT', 'median ms', 'p95 ms', 'max ms', 'puzzles/s', 'peak RSS MiB'];
  const rows = reports.map((r) => [
    r.name,
    String(r.n),
    String(r.correct),
    String(r.proofs.deduction),
    String(r.proofs.sat),
    r.medianMs.toFixed(1),
    r.p95Ms.toFixed(1),
    r.maxMs.toFixed(1),
    r.perSecond.toFixed(1),
    r.peakRssMiB.toFixed(0),
  ]);
  const first = reports[0];
  const out = textTable(
    header,
    rows,
    header.map((_, k) => k > 0),
  );
  if (first !== undefined) {
    out.push(
      '',
      `engine ${first.engine}, backend ${first.backend}, connectivity ${first.connectivity}, ${first.jobs} job(s), ${options.warmup === 0 ? 'no warm-up' : `warm-up: up to ${options.warmup} puzzle(s) or ${defaultWarmupBudgetMs / 1000} s per worker`}` +
        (options.timeout === undefined ? '' : `, time limit ${options.timeout} ms per puzzle`),
    );
  }
  const failures = failureLines(reports);
  out.push(
    failures.length === 0 ? 'all answers correct' : `not correct (${failures.length}):\n${failures.map((f) => `  ${f}`).join('\n')}`,
  );
  return `${out.join('\n')}\n`;
}

/** One line per puzzle that is not correct: set, line, id, and why. */
function failureLines(reports: SetReports): string[] {
  return reports.flatMap((r) =>
    r.failures.map(
      (f) =>
        `${r.name}, line ${f.line}${f.id === `line ${f.line}` ? '' : ` (${f.id})`}: ${f.outcome === 'wrong' ? 'wrong answer: ' : ''}${f.problem ?? f.outcome}`,
    ),
  );
}
