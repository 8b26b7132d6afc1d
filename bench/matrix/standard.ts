/** The "matrix" section: backend x connectivity on the standard sets, and the 48x48 and 50x50 sets. */
import { ms, table } from '../lib.js';
import {
  type Backend,
  type BenchRun,
  type Capacity,
  type Connectivity,
  type Context,
  capacityText,
  head,
  type SetSpec,
  setLabel,
  standardSets,
} from './run.js';

export interface MatrixData {
  readonly runs: readonly BenchRun[];
  readonly big: readonly BenchRun[];
  readonly layeredLimit: number;
  readonly lazyLimit: number | undefined;
  readonly capacity: Capacity;
}

/** Median (p95), and how many were correct when not all. */
const cell = (r: BenchRun | undefined) => {
  if (r === undefined) return '-';
  const wrong = r.result.correct < r.result.n ? `, only ${r.result.correct}/${r.result.n} correct` : '';
  return `${ms(r.result.medianMs)} (${ms(r.result.p95Ms)})${wrong}`;
};

/**
 * The failures of each run, grouped by kind (the reason with its puzzle and numbers taken out),
 * each kind with its count and one full example.
 */
function failureList(runs: readonly BenchRun[]): string {
  const lines: string[] = [];
  for (const r of runs) {
    const kinds = new Map<string, string[]>();
    for (const reason of r.reasons) {
      const kind = reason.replace(/^.*?, line \d+( \([^)]*\))?: /, '').replace(/\d+/g, '#');
      kinds.set(kind, [...(kinds.get(kind) ?? []), reason]);
    }
    for (const examples of kinds.values()) {
      const many = examples.length > 1 ? ', for example' : '';
      lines.push(`- ${r.backend} + ${r.connectivity}, ${setLabel(r.spec)}: ${examples.length} of ${r.result.n}${many}: ${examples[0]}`);
    }
  }
  return lines.length === 0
    ? 'Failures: none; every answer was correct.'
    : `Failures, with the reason the command gave:\n\n${lines.join('\n')}`;
}

const sum = (runs: readonly BenchRun[], f: (r: BenchRun) => number) => runs.reduce((s, r) => s + f(r), 0);
const numbers = (r: BenchRun) => [
  String(r.result.n),
  String(r.result.correct),
  ms(r.result.medianMs),
  ms(r.result.p95Ms),
  ms(r.result.maxMs),
  r.result.perSecond.toFixed(1),
  r.result.peakRssMiB.toFixed(0),
];
const right = (n: number) => [false, ...Array<boolean>(n - 1).fill(true)];

export function matrixSection(d: MatrixData, ctx: Context): string {
  const find = (s: SetSpec, b: Backend, c: Connectivity) => d.runs.find((r) => r.spec === s && r.backend === b && r.connectivity === c);
  const pivot = standardSets.map((s) => {
    const lazy = find(s, 'cadical', 'lazy');
    const layered = find(s, 'cadical', 'layers');
    const counts = `${lazy?.result.n ?? '-'} / ${layered?.result.n ?? '-'}`;
    return [setLabel(s), counts, cell(lazy), cell(find(s, 'minisat', 'lazy')), cell(layered), cell(find(s, 'minisat', 'layers'))];
  });
  const all = [...d.runs, ...d.big];
  const every = all.map((r) => [setLabel(r.spec), r.backend, r.connectivity, ...numbers(r)]);
  const bigRows = d.big.map((r) => [setLabel(r.spec), ...numbers(r)]);
  const stats = ['median ms', 'p95 ms', 'max ms', 'puzzles/s', 'peak RSS MiB'];
  const total = sum(all, (r) => r.result.n);
  const correct = sum(all, (r) => r.result.correct);
  const pivotHeader = ['set', 'puzzles (lazy / layered)', 'cadical, lazy', 'minisat, lazy', 'cadical, layers', 'minisat, layers'];
  return [
    ...head('## matrix: solve and prove, backend x connectivity, 9x9 to 50x50', ctx),
    `- Cores free at the start: ${capacityText(d.capacity)}`,
    '',
    `**${correct} / ${total} answers correct** over all runs. ${failureList(all)}`,
    '',
    '### Median ms per puzzle (p95 in parentheses), one worker',
    '',
    'Each cell: median and p95 of the per-puzzle times of one run; every answer correct unless the cell says otherwise.',
    '',
    table(pivotHeader, pivot, right(pivotHeader.length)),
    '',
    '### 48x48 and 50x50, cadical + lazy: a solution and a second one',
    '',
    table(['set', 'puzzles', 'correct (multiple)', ...stats], bigRows, right(8)),
    '',
    '### Every run',
    '',
    table(['set', 'backend', 'connectivity', 'puzzles', 'correct', ...stats], every, [false, false, false, ...right(8).slice(1)]),
    '',
  ].join('\n');
}
