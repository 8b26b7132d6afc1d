/**
 * `npm run bench:janko`: solves every puzzle of bench/sets/janko with the SAT engine, a `solve`
 * request through `run` (`engine: 'sat'`, default lazy connectivity and literal convention), and
 * checks that each answer is `unique` with the published solution. Writes the BENCH.md section
 * "janko-all".
 *
 *   node dist/bench/janko-all.js [--backend cadical|minisat] [--limit N] [--no-write]
 *
 * Without --backend both in-process backends run, one after the other, in this process. Each
 * backend first solves one puzzle of every size untimed (loading its module, warming the JIT).
 * The time of a puzzle is the whole request: the checks at the door, encoding, backend creation,
 * the solve, the uniqueness proof (the second solve with the first solution blocked) and disposal.
 */
import { parseArgs } from 'node:util';
import { run } from '../src/api/node-run.js';
import type { SolveRequest } from '../src/api/requests.js';
import {
  commandLine,
  count,
  describeMachine,
  loadSet,
  max,
  median,
  mib,
  ms,
  p95,
  progress,
  publishedShading,
  table,
  revision,
  timestamp,
  writeSection,
  type SizeGroup,
} from './lib.js';
import { sameShading } from '../src/puzzle/puzzle.js';

const inProcess = ['cadical', 'minisat'] as const satisfies readonly NonNullable<SolveRequest['backend']>[];
type InProcess = (typeof inProcess)[number];

interface Outcome {
  readonly id: string;
  readonly ok: boolean;
  /** Why the puzzle failed, when it did. */
  readonly problem?: string;
  readonly ms: number;
  /** Milliseconds inside the backend's solve calls (its own stats). */
  readonly solveMs: number;
  readonly variables: number;
  readonly clauses: number;
}

interface BackendRun {
  readonly backend: InProcess;
  readonly bySize: { group: SizeGroup; outcomes: Outcome[] }[];
  readonly totalMs: number;
  readonly rssPeak: number;
}

async function solveOne(group: SizeGroup, index: number, backend: InProcess): Promise<Outcome> {
  const record = group.records[index]!;
  const id = record.puzzle.id ?? `${group.label}#${index + 1}`;
  const expected = publishedShading(record);
  const start = performance.now();
  try {
    const result = await run({ command: 'solve', puzzle: record.puzzle, engine: 'sat', backend });
    const elapsed = performance.now() - start;
    const base = { id, ms: elapsed, solveMs: result.stats.solveMs, variables: result.variables, clauses: result.clauses };
    if (result.status !== 'unique')
      return { ...base, ok: false, problem: `status ${result.status} (${result.solutions.length} solution(s) found)` };
    if (expected === undefined) return { ...base, ok: false, problem: 'the set gives no solution' };
    if (!sameShading(result.solutions[0]!, expected)) return { ...base, ok: false, problem: 'unique, but not the published solution' };
    return { ...base, ok: true };
  } catch (error) {
    return {
      id,
      ok: false,
      problem: `error: ${(error as Error).message}`,
      ms: performance.now() - start,
      solveMs: 0,
      variables: 0,
      clauses: 0,
    };
  }
}

async function runBackend(groups: SizeGroup[], backend: InProcess, limit: number | undefined): Promise<BackendRun> {
  progress(`[${backend}] warm-up: one puzzle of each size, untimed`);
  for (const group of groups) await solveOne(group, 0, backend);
  const bySize: BackendRun['bySize'] = [];
  let rssPeak = process.memoryUsage().rss;
  const total = groups.reduce((sum, g) => sum + Math.min(g.records.length, limit ?? Infinity), 0);
  let done = 0;
  const start = performance.now();
  for (const group of groups) {
    const outcomes: Outcome[] = [];
    const n = Math.min(group.records.length, limit ?? Infinity);
    for (let k = 0; k < n; k++) {
      const outcome = await solveOne(group, k, backend);
      outcomes.push(outcome);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      done++;
      if (!outcome.ok) progress(`[${backend}] ${outcome.id}: FAILED, ${outcome.problem}`);
      if ((k + 1) % 25 === 0 && k + 1 < n) progress(`[${backend}] ${group.label} ${k + 1}/${n} (${done}/${total})`);
    }
    const times = outcomes.map((o) => o.ms);
    const correct = outcomes.filter((o) => o.ok).length;
    progress(
      `[${backend}] ${group.label}: ${correct}/${n} correct, median ${ms(median(times))} ms, max ${ms(max(times))} ms (${done}/${total})`,
    );
    bySize.push({ group, outcomes });
  }
  return { backend, bySize, totalMs: performance.now() - start, rssPeak };
}

function report(runs: BackendRun[], limit: number | undefined, command: string, started: Date): string {
  const total = runs[0]!.bySize.reduce((sum, s) => sum + s.outcomes.length, 0);
  const out: string[] = [
    '## janko-all: every janko puzzle, solved and proved unique',
    '',
    `- Command: \`${command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${revision()}`,
    `- Set: \`bench/sets/janko\`, ${total} puzzles${limit === undefined ? '' : ` (at most ${limit} per size, --limit)`}; each must come out \`unique\` with the published solution.`,
    '',
  ];
  for (const run of runs) {
    const all = run.bySize.flatMap((s) => s.outcomes);
    const failures = all.filter((o) => !o.ok);
    out.push(`### ${run.backend}`, '');
    out.push(
      `**${all.length - failures.length} / ${all.length} correct.** ${failures.length === 0 ? 'No failures.' : `Failures: ${failures.map((f) => `${f.id} (${f.problem})`).join('; ')}.`}`,
    );
    out.push('', `Whole run ${(run.totalMs / 1000).toFixed(1)} s; process RSS peak ${mib(run.rssPeak)} (sampled after each puzzle).`, '');
    const rows = run.bySize.map(({ group, outcomes }) => {
      const times = outcomes.map((o) => o.ms);
      const solved = outcomes.filter((o) => o.variables > 0);
      const slowest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
      return [
        group.label,
        String(outcomes.length),
        String(outcomes.filter((o) => o.ok).length),
        ms(median(times)),
        ms(p95(times)),
        ms(max(times)),
        slowest.id,
        solved.length === 0 ? '-' : ms(median(solved.map((o) => o.solveMs))),
        solved.length === 0 ? '-' : count(median(solved.map((o) => o.variables))),
        solved.length === 0 ? '-' : count(median(solved.map((o) => o.clauses))),
      ];
    });
    out.push(
      table(
        [
          'size',
          'puzzles',
          'correct',
          'median ms',
          'p95 ms',
          'max ms',
          'slowest',
          'in solver calls, median ms',
          'variables (median)',
          'clauses (median)',
        ],
        rows,
        [false, true, true, true, true, true, false, true, true, true],
      ),
      '',
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string' },
      limit: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
    },
    strict: true,
  });
  let backends: InProcess[] = [...inProcess];
  if (values.backend !== undefined) {
    if (!(inProcess as readonly string[]).includes(values.backend)) throw new Error(`--backend must be one of ${inProcess.join(', ')}`);
    backends = [values.backend as InProcess];
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error('--limit must be a positive integer');
  const command = commandLine('janko-all.js');
  const started = new Date();
  const groups = loadSet();
  progress(
    `janko-all: ${groups.reduce((s, g) => s + g.records.length, 0)} puzzles in ${groups.length} sizes; backends ${backends.join(', ')}`,
  );
  const runs: BackendRun[] = [];
  for (const backend of backends) runs.push(await runBackend(groups, backend, limit));
  const section = report(runs, limit, command, started);
  if (values['no-write']) process.stdout.write(`${section}\n`);
  else {
    writeSection('janko-all', section);
    progress('wrote the "janko-all" section of BENCH.md');
  }
  const failed = runs.some((r) => r.bySize.some((s) => s.outcomes.some((o) => !o.ok)));
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`janko-all: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
});
