/**
 * `npm run bench:setter`: the setter's tools in process, one thread: the ambiguity map
 * (src/solve/ambiguity.ts) and `repair` (src/repair/repair.ts: the fewest changes over any
 * solution, numbers 1..K+1, bound 3, 5 alternatives, 20 s a run) on janko's 10x10 and 17x17
 * puzzles made ambiguous or unsolvable by changed numbers; and a player's hints (src/solve/hint.ts)
 * on janko's 17x17s, each puzzle played from a fresh board to "solved" by marking the cells each
 * hint decides. Writes the BENCH.md section `setter`.
 *
 *   npm run build && nice npm run bench:setter -- [--count 10]
 *
 * The variants are made deterministically from the published puzzle and solution: "1 changed"
 * gives the first shaded cell (reading order) whose change to the least number its row and column
 * lack leaves two or more solutions that number; "3 changed" does so three times; "no solution"
 * gives the first unshaded cell whose right neighbour is unshaded that neighbour's number, when
 * the SAT engine then finds no solution. Each time is a median of runs of the same puzzle (5 for
 * the map, 3 for repair) after one untimed warm-up run; the table gives the median, p95 and
 * maximum of those medians over the puzzles. The map, repair, the hints and the solves that pick
 * the variants are requests through `run`, as the commands send them.
 */
import os from 'node:os';
import { run } from '../src/api/node-run.js';
import type { Puzzle, RepairResult } from '../src/api/requests.js';
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
  publishedShading,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const count = numberOption('count', 10);
const command = commandLine('setter.js');
const started = new Date();
const loadStart = os.loadavg()[0]!;

type Variant = 'ambiguous' | 'three' | 'none';

/** Each repair run stops here (its time is then the limit, and the puzzle counts as `timeout`). */
const repairLimitMs = 20_000;

/** The SAT engine's verdict on a variant (untimed: it only picks the variants). */
async function solve(puzzle: Puzzle): Promise<string> {
  return (await run({ command: 'solve', puzzle, engine: 'sat' })).status;
}

/** The puzzle made ambiguous (`changes` numbers of shaded cells) or unsolvable, or null when no cell does it. */
async function variantOf(puzzle: Puzzle, solution: readonly boolean[], variant: Variant): Promise<Puzzle | null> {
  const { rows, cols } = puzzle;
  const values = [...puzzle.values];
  if (variant === 'none') {
    for (let i = 0; i < values.length; i++) {
      if (solution[i] || i % cols === cols - 1 || solution[i + 1]) continue;
      const old = values[i + 1]!;
      values[i + 1] = values[i]!;
      if ((await solve({ rows, cols, values })) === 'none') return { rows, cols, values, id: `${puzzle.id} no solution` };
      values[i + 1] = old;
    }
    return null;
  }
  let made = 0;
  const wanted = variant === 'three' ? 3 : 1;
  for (let i = 0; i < values.length && made < wanted; i++) {
    if (!solution[i]) continue;
    const r = Math.floor(i / cols);
    const c = i % cols;
    const used = new Set<number>();
    for (let k = 0; k < cols; k++) used.add(values[r * cols + k]!);
    for (let k = 0; k < rows; k++) used.add(values[k * cols + c]!);
    let u = 1;
    while (used.has(u)) u++;
    if (u > Math.max(rows, cols)) continue;
    const old = values[i]!;
    values[i] = u;
    if ((await solve({ rows, cols, values })) === 'multiple') made++;
    else values[i] = old;
  }
  return made === wanted ? { rows, cols, values, id: `${puzzle.id} ${wanted} changed` } : null;
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const rows: string[][] = [];
for (const size of [10, 17]) {
  const group = loadSet().find((g) => g.rows === size && g.cols === size)!;
  for (const variant of ['ambiguous', 'three', 'none'] as const) {
    if (variant === 'three' && size === 10) continue;
    const maps: number[] = [];
    const repairs: number[] = [];
    const fewest = new Map<string, number>();
    for (const record of group.records) {
      if (maps.length >= count) break;
      const solution = publishedShading(record);
      if (solution === undefined) continue;
      const puzzle = await variantOf(record.puzzle, solution, variant);
      if (puzzle === null) continue;
      maps.push(await timed(5, () => run({ command: 'ambiguity', puzzle })));
      let last: RepairResult | undefined;
      repairs.push(
        await timed(3, async () => {
          // Each variant is at most 3 changes from the published unique puzzle: the bound only
          // keeps a wrong variant from running on. Proving over any solution that no 2 changes
          // work on a 17x17 can take minutes: each run stops at the limit (counted as `timeout`).
          last = await run({ command: 'repair', puzzle, maxChanges: 3, timeoutMs: repairLimitMs });
        }),
      );
      const key = last!.fewest === null ? `${last!.status} (none below ${last!.provenBelow})` : String(last!.fewest);
      fewest.set(key, (fewest.get(key) ?? 0) + 1);
      progress(`${puzzle.id}: map ${ms(maps.at(-1)!)} ms, repair ${ms(repairs.at(-1)!)} ms`);
    }
    const label = { ambiguous: '1 number changed', three: '3 numbers changed', none: 'no solution' }[variant];
    rows.push([
      `${size}x${size}`,
      label,
      String(maps.length),
      ms(median(maps)),
      ms(p95(maps)),
      ms(max(maps)),
      ms(median(repairs)),
      ms(p95(repairs)),
      ms(max(repairs)),
      [...fewest]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', '),
    ]);
  }
}

/**
 * Hints along a play-through: from a fresh board, each hint's cells are marked (a step's cells
 * with their colours; a solution cell; nothing else comes on a correct board) until the hint says
 * "solved". Every hint call is timed once (a play-through is a sequence; there is no repeat).
 */
const firstHints: number[] = [];
const allHints: number[] = [];
let played = 0;
let hintsPerPuzzle = 0;
const hintGroup = loadSet().find((g) => g.rows === 17 && g.cols === 17)!;
for (const record of hintGroup.records) {
  if (played >= count) break;
  const { puzzle } = record;
  const marks: (boolean | null)[] = new Array<boolean | null>(puzzle.rows * puzzle.cols).fill(null);
  const hint = () => run({ command: 'hint', puzzle, marks });
  await hint(); // warm-up
  for (let k = 0; ; k++) {
    const t0 = performance.now();
    const h = await hint();
    const took = performance.now() - t0;
    allHints.push(took);
    if (k === 0) firstHints.push(took);
    if (h.kind === 'step') for (const { cell, colour } of h.step.cells) marks[cell] = colour === 'black';
    else if (h.kind === 'solution-cell') marks[h.cell] = h.shaded;
    else if (h.kind === 'solved') {
      hintsPerPuzzle += k + 1;
      break;
    } else throw new Error(`${puzzle.id}: hint ${k + 1} is ${h.kind} on a board of correct marks`);
  }
  played++;
  progress(`${puzzle.id}: first hint ${ms(firstHints.at(-1)!)} ms`);
}

writeSection(
  'setter',
  `## setter: the ambiguity map and repair, in process, one thread

- Command: \`${command}\` (after \`npm run build\`)
- Date: ${timestamp(started)}
- Machine: ${describeMachine()}; load average (1 min) ${loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} at the end
- Code: ${revision()}

${table(
  [
    'janko',
    'variant',
    'puzzles',
    'map median ms',
    'map p95',
    'map max',
    'repair median ms',
    'repair p95',
    'repair max',
    'fewest changes: puzzles',
  ],
  rows,
  [false, false, true, true, true, true, true, true, true, false],
)}

A player's hints on janko 17x17, in process (the page's worker runs the same code): ${played} puzzles
played from a fresh board to "solved", ${hintsPerPuzzle} hints in all.

${table(
  ['hints', 'count', 'median ms', 'p95', 'max'],
  [
    ['the first, on a fresh board', String(firstHints.length), ms(median(firstHints)), ms(p95(firstHints)), ms(max(firstHints))],
    ['every hint of the play-throughs', String(allHints.length), ms(median(allHints)), ms(p95(allHints)), ms(max(allHints))],
  ],
  [false, true, true, true, true],
)}
`,
);
