/** The "matrix-engines" section: the SAT engine against the rule engine on every 17x17 set. */
import { run } from '../../src/api/node-run.js';
import { levels } from '../../src/rules/types.js';
import { ms, table } from '../lib.js';
import { type BenchRun, type Context, head, loadSet, type SetSpec, setLabel } from './run.js';

export const engineNames = ['sat', 'rules', 'hybrid'] as const;

/** Answered correctly, time; and the rule engine's classes. */
export async function enginesSection(results: { spec: SetSpec; runs: BenchRun[] }[], ctx: Context): Promise<string> {
  const rows = results.flatMap(({ spec: s, runs }) =>
    runs.map((r) => {
      const solved = `${((100 * r.result.correct) / r.result.n).toFixed(1)}%`;
      const times = [ms(r.result.medianMs), ms(r.result.p95Ms), ms(r.result.maxMs)];
      return [setLabel(s), r.result.engine, `${r.result.correct}/${r.result.n}`, solved, ...times];
    }),
  );
  const classRows: string[][] = [];
  for (const { spec: s } of results) {
    const records = loadSet(s).records;
    const classes: (string | null)[] = [];
    for (const rec of records) classes.push((await run({ command: 'rate', puzzle: rec.puzzle })).class);
    const histogram = levels.map((l) => String(classes.filter((c) => c === l).length));
    classRows.push([setLabel(s), String(records.length), ...histogram, String(classes.filter((c) => c === null).length)]);
  }
  return [
    ...head('## matrix-engines: the SAT engine against the rule engine, every 17x17 set', ctx),
    `- Engines: ${engineNames.join(', ')}; one process of \`hitori-sat bench\` per row.`,
    '',
    table(['set', 'engine', 'correct', 'solved', 'median ms', 'p95 ms', 'max ms'], rows, [false, false, true, true, true, true, true]),
    '',
    'The rule engine\'s classes (`rate`, the thesis\'s Table 5; "unsolved": the rules alone could not decide every cell):',
    '',
    table(['set', 'puzzles', ...levels, 'unsolved'], classRows, [false, ...Array<boolean>(levels.length + 2).fill(true)]),
    '',
  ].join('\n');
}
