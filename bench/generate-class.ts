/**
 * `npm run bench:generate-class`: generation per class, size and symmetry, one thread (as the web
 * page runs it), and the table of what is within reach. For each (size, class, symmetry) it makes
 * up to `--runs` puzzles (seeds `bench:1`, `bench:2`, ...), each under a cap of `--cap` ms; the
 * first puzzle past the cap ends that combination, which is then out of reach. It writes the
 * BENCH.md section `generate-by-class` (median / p95 / max seconds, mean attempts) and the table
 * src/generate/generate-reach.ts that `generationProblem` (generate-support.ts) refuses by.
 *
 * Time is CPU time (this process's user + system time), which the other work on a shared machine
 * does not inflate: on an idle machine it is the wall time of one thread. A puzzle is also stopped
 * at `--wall` ms of wall time (default six caps), which a loaded machine can reach first.
 *
 *   npm run build && nice npm run bench:generate-class -- [--runs 6] [--cap 10000] [--wall 60000] [--sizes 5,6,...]
 *
 * After it, `npm run build` again so that the CLI and the page see the new table.
 *
 * Below the door: it measures the generator for the table by which `run` refuses requests out of
 * reach.
 */
import { Limit } from '../src/control/limit.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generatePuzzle, puzzleSeed, type GenerateSpec } from '../src/generate/generate.js';
import { symmetries } from '../src/generate/generate-choices.js';
import { writeReachDoc } from './generate-reach-doc.js';
import { TimeoutError } from '../src/control/errors.js';
import { levels, type Level } from '../src/rules/index.js';
import {
  commandLine,
  describeMachine,
  loadAverages,
  max,
  median,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '6' },
    cap: { type: 'string', default: '10000' },
    wall: { type: 'string' },
    sizes: { type: 'string', default: '5,6,7,8,9,10,12,15,17' },
  },
});
const runs = Number(args.runs);
const capMs = Number(args.cap);
const wallCapMs = args.wall === undefined ? 6 * capMs : Number(args.wall);
// Largest first, and the files rewritten after each size: a run stopped early leaves the sizes it
// measured, and a smaller size not measured takes the verdict of the next larger one (the safe side).
const sizes = args.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => b - a);
// The page's classes: any, and B to G (A needs another convention: a Latin square).
const classes: (Level | 'any')[] = ['any', ...levels.filter((l) => l !== 'A')];
const shapes = ['none', ...symmetries] as const;
const command = commandLine('generate-class.js');
const code = revision();
const started = new Date();
const loadAtStart = loadAverages();

interface Combo {
  readonly size: number;
  readonly cls: Level | 'any';
  readonly symmetry: (typeof shapes)[number];
  /** CPU ms per puzzle made, and wall ms. */
  readonly times: number[];
  readonly walls: number[];
  readonly attempts: number[];
  /** Runs tried (the last one past the cap when `ok < tried`). */
  tried: number;
  /** What stopped the last run: the CPU cap, or the wall cap (a loaded machine can reach it first). */
  stop?: 'CPU' | 'wall';
}

// Warm-up (JIT, the wasm module), untimed.
await generatePuzzle({ rows: 9, cols: 9, class: 'D' }, 'warm-up');

const combos: Combo[] = [];
for (const size of sizes) {
  for (const cls of classes) {
    for (const symmetry of shapes) {
      const combo: Combo = { size, cls, symmetry, times: [], walls: [], attempts: [], tried: 0 };
      const spec: GenerateSpec = {
        rows: size,
        cols: size,
        ...(cls === 'any' ? {} : { class: cls }),
        ...(symmetry === 'none' ? {} : { symmetry }),
      };
      for (let k = 0; k < runs; k++) {
        combo.tried++;
        const cpu = process.cpuUsage();
        try {
          const made = await generatePuzzle(spec, puzzleSeed('bench', k), Limit.after(wallCapMs));
          const used = process.cpuUsage(cpu);
          const cpuMs = (used.user + used.system) / 1000;
          if (cpuMs > capMs) {
            combo.stop = 'CPU';
            break;
          }
          combo.times.push(cpuMs);
          combo.walls.push(made.timeMs);
          combo.attempts.push(made.attempts);
        } catch (error) {
          if (!(error instanceof TimeoutError)) throw error;
          const used = process.cpuUsage(cpu);
          combo.stop = (used.user + used.system) / 1000 > capMs ? 'CPU' : 'wall';
          break;
        }
      }
      combos.push(combo);
      const s = (x: number) => (x / 1000).toFixed(2);
      progress(
        `${size}x${size} ${cls} ${symmetry}: ${combo.times.length}/${combo.tried}` +
          (combo.times.length > 0 ? ` median ${s(median(combo.times))} s, max ${s(max(combo.times))} s CPU` : '') +
          ` (load ${loadAverages()})`,
      );
    }
  }
  write();
}

function write(): void {
  const reached = (c: Combo) => c.times.length === runs;
  const seconds = (x: number) => (x / 1000).toFixed(2);
  const mean = (xs: number[]) => (xs.length === 0 ? '-' : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1));
  const rows = combos.map((c) => [
    `${c.size}x${c.size}`,
    c.cls,
    c.symmetry,
    `${c.times.length} / ${c.tried}`,
    c.times.length === 0 ? '-' : seconds(median(c.times)),
    c.times.length === 0 ? '-' : seconds(p95(c.times)),
    c.times.length === 0 ? '-' : seconds(max(c.times)),
    c.walls.length === 0 ? '-' : seconds(median(c.walls)),
    mean(c.attempts),
    reached(c) ? 'yes' : `refused (${c.stop ?? '?'} cap)`,
  ]);
  const refused = combos.filter((c) => !reached(c));
  writeSection(
    'generate-by-class',
    `## generate-by-class: generation per class, size and symmetry, one thread

- Command: \`${command}\` (after \`npm run build\`)
- Date: ${timestamp(started)}
- Machine: ${describeMachine()}
- Load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverages()} at the end. The machine is shared with other
  sessions (two cores), so single timings move; a combination near the cap can fall either side of it from one run to the next.
- Code: ${code}
- Method: for each combination, up to ${runs} puzzles (seeds \`bench:1\` ... \`bench:${runs}\`) made one after another in this
  process, each with a cap of ${capMs / 1000} s; the first puzzle past the cap ends the combination, which is then refused
  (\`generationProblem\`, src/generate/generate-support.ts, reads the table src/generate/generate-reach.ts this run wrote).
  Every puzzle is proven unique by SAT and rated the class asked by the rule engine. Times are per puzzle, from the first
  shading tried to the proof, in CPU seconds of this one-thread process (what an idle machine's wall clock would show;
  the load does not inflate it); a puzzle is also stopped at ${wallCapMs / 1000} s of wall time. "wall median s" is the
  wall time as it was under this load. Attempts are the shadings tried.
- Refused: ${refused.length === 0 ? 'none' : refused.map((c) => `${c.size}x${c.size} ${c.cls}${c.symmetry === 'none' ? '' : ` ${c.symmetry}`}`).join(', ')}

${table(['size', 'class', 'symmetry', 'made / tried', 'median s', 'p95 s', 'max s', 'wall median s', 'attempts', 'within reach'], rows, [false, false, false, true, true, true, true, true, true, false])}
`,
  );

  // The table the generator refuses by: data only, rewritten whole by each run.
  const entries = combos.map(
    (c) =>
      `  [${c.size}, '${c.cls}', '${c.symmetry}', ${c.times.length}, ${c.tried}, ${c.times.length === 0 ? 'null' : Math.round(p95(c.times))}],`,
  );
  writeFileSync(
    join(repoRoot, 'src', 'generate', 'generate-reach.ts'),
    `/**
 * Written by \`${command}\` (bench/generate-class.ts) on ${timestamp(started)}: do not edit by hand.
 * Generation per board size (square), class and symmetry on one thread of ${describeMachine()},
 * load ${loadAtStart} at the start: up to ${runs} puzzles each, each capped at ${capMs / 1000} s of CPU time (and ${wallCapMs / 1000} s of wall time),
 * stopped at the first past the cap.
 * Rows: size, class ('any' for none asked), symmetry ('none'), puzzles made, runs tried, p95 CPU ms of those made (null if none).
 * A combination is within reach when every run made its puzzle. See BENCH.md, generate-by-class.
 */
export const reachRuns = ${runs};
export const reachCapMs = ${capMs};
export const reachDate = '${timestamp(started)}';
export const reach: readonly (readonly [number, string, string, number, number, number | null])[] = [
${entries.join('\n')}
];
`,
  );
  writeReachDoc(
    combos.map((c) => [c.size, c.cls, c.symmetry, c.times.length, c.tried, null] as const),
    runs,
    capMs,
    timestamp(started),
  );
  progress(
    `wrote BENCH.md (generate-by-class), src/generate/generate-reach.ts and docs/commands.md (generate-reach): ${refused.length} of ${combos.length} refused`,
  );
}
