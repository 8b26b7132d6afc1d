/**
 * `npm run bench:generate`: the generator's throughput (unique puzzles per second, in process, one
 * thread) and the class histogram of 1,000 generated 17x17 puzzles beside the published 17x17
 * sets; writes the BENCH.md sections `generate-throughput` and `generate-classes`.
 *
 *   npm run build && nice npm run bench:generate -- [--count 1000] [--count30 50] [--countG 30]
 *
 * Each run is a `generate` request through `run`, as `hitori-sat generate` sends it; the classes
 * of the published sets are `rate` requests.
 *
 * "Per core" is measured by CPU time (the process's user + system time, GC threads included),
 * which a loaded machine does not inflate; the wall-clock rate is given beside it with the load.
 */
import os from 'node:os';
import { join } from 'node:path';
import { run } from '../src/api/node-run.js';
import type { GenerateRequest, GenerateResult } from '../src/api/requests.js';
import { levels } from '../src/rules/types.js';
import {
  commandLine,
  describeMachine,
  loadSet,
  max,
  median,
  ms,
  numberOption,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const command = commandLine('generate.js');
const code = revision();
const started = new Date();
const loadStart = os.loadavg()[0]!;

type GeneratedPuzzle = GenerateResult['puzzles'][number];

/** What a run generates: the request's size and class (its seed and count are the run's). */
type Spec = Pick<GenerateRequest, 'rows' | 'cols' | 'class'>;

interface Measured {
  readonly label: string;
  readonly spec: Spec;
  readonly puzzles: readonly GeneratedPuzzle[];
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly load: [number, number];
}

/** The `generate` request's time, as `hitori-sat generate` sends it (one thread: no `jobs`). */
async function measure(label: string, spec: Spec, count: number): Promise<Measured> {
  // Warm-up (JIT, the wasm module) on other seeds, untimed.
  await run({ command: 'generate', ...spec, count: 3, seed: 'warm-up' });
  const loadBefore = os.loadavg()[0]!;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const result = await run({ command: 'generate', ...spec, count, seed: 'bench' });
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  progress(`${label}: ${count} in ${ms(wallMs)} ms`);
  return {
    label,
    spec,
    puzzles: result.puzzles,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    load: [loadBefore, os.loadavg()[0]!],
  };
}

const runs = [
  await measure('17x17', { rows: 17, cols: 17 }, numberOption('count', 1000)),
  await measure('30x30', { rows: 30, cols: 30 }, numberOption('count30', 50)),
  await measure('17x17 --class G', { rows: 17, cols: 17, class: 'G' }, numberOption('countG', 30)),
];

const rows = runs.map((m) => {
  const times = m.puzzles.map((p) => p.timeMs);
  const mean = (f: (p: GeneratedPuzzle) => number) => (m.puzzles.reduce((s, p) => s + f(p), 0) / m.puzzles.length).toFixed(1);
  const cells = m.spec.rows * m.spec.cols;
  return [
    m.label,
    String(m.puzzles.length),
    ((m.puzzles.length / m.cpuMs) * 1000).toFixed(1),
    ((m.puzzles.length / m.wallMs) * 1000).toFixed(1),
    ms(median(times)),
    ms(p95(times)),
    ms(max(times)),
    mean((p) => p.attempts),
    mean((p) => p.repairs),
    `${mean((p) => (100 * p.solution.filter(Boolean).length) / cells)}%`,
    `${m.load[0].toFixed(1)} / ${m.load[1].toFixed(1)}`,
  ];
});
writeSection(
  'generate-throughput',
  `## generate-throughput: unique puzzles per second, one thread

- Command: \`${command}\` (after \`npm run build\`)
- Date: ${timestamp(started)}
- Machine: ${describeMachine()}; load average (1 min) ${loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} at the end
- Code: ${code}

${table(
  [
    'run',
    'puzzles',
    'per CPU-second',
    'per wall-second',
    'median ms',
    'p95 ms',
    'max ms',
    'attempts',
    'repairs',
    'shaded',
    'load before / after',
  ],
  rows,
  [false, true, true, true, true, true, true, true, true, true, true],
)}
`,
);

// The class histogram of the generated 17x17 puzzles beside the published sets.
const histogramRow = (name: string, classes: readonly (string | null)[]) => {
  const n = classes.length;
  const cells = [...levels, null].map((level) => {
    const k = classes.filter((c) => c === level).length;
    return `${k} (${((100 * k) / n).toFixed(0)}%)`;
  });
  return [name, String(n), ...cells];
};
const generated = runs[0]!.puzzles.map((p) => p.class);
const published: string[][] = [];
for (const [name, dir] of [
  ['janko', 'janko'],
  ['tudelft-gurobi', 'tudelft-gurobi'],
  ['tudelft-smt', 'tudelft-smt'],
] as const) {
  const group = loadSet(join(repoRoot, 'bench', 'sets', dir)).find((g) => g.rows === 17 && g.cols === 17);
  if (group)
    published.push(
      histogramRow(
        `${name} 17x17`,
        await Promise.all(group.records.map(async (r) => (await run({ command: 'rate', puzzle: r.puzzle })).class)),
      ),
    );
}
writeSection(
  'generate-classes',
  `## generate-classes: the classes of ${generated.length} generated 17x17 puzzles beside the published ones

- Command: \`${command}\` (after \`npm run build\`)
- Date: ${timestamp(started)}
- Machine: ${describeMachine()}
- Code: ${code}

${table(['set', 'puzzles', ...levels, '-'], [histogramRow('generated 17x17', generated), ...published], [false, true, ...levels.map(() => true), true])}
`,
);
