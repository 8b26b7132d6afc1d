/** The text and JSON forms of `bench`: a table per set, the settings, and every failure with its reason. */
import { defaultWarmupBudgetMs } from '../../benchmark/run-set.js';
import { textTable } from '../../render/text.js';
import type { BenchResult as SetReports } from './request.js';

/** The report as one JSON object {"sets": [...]}, and the outcome that decides the exit code. */
export { benchJson, overallOutcome } from '../../benchmark/run-set.js';

/** The report as an aligned table, the settings, and every failure with its reason. */
export function benchText(reports: SetReports, options: { readonly warmup: number; readonly timeout?: number | undefined }): string {
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
export function failureLines(reports: SetReports): string[] {
  return reports.flatMap((r) =>
    r.failures.map(
      (f) =>
        `${r.name}, line ${f.line}${f.id === `line ${f.line}` ? '' : ` (${f.id})`}: ${f.outcome === 'wrong' ? 'wrong answer: ' : ''}${f.problem ?? f.outcome}`,
    ),
  );
}
