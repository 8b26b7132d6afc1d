/**
 * `npm run bench:hint`: what a hint costs a player on janko 037 (17x17), in the page (the library
 * `hint`, a `hint` request through `run` as the page's worker sends it, in process) and as the
 * command (`hitori-sat hint`, one cold process per call). Writes the section `hint` of BENCH.md.
 *
 * In process: janko 037 played to the end by following every hint (each step's cells marked, as
 * the page marks them), without and with `circleNeighbours` (the page then circles the neighbours
 * of each shaded cell itself); every call timed, the first (which loads the modules) included.
 * Also the presses each way and the length of the hints' plain words.
 *
 * As processes: the boards of that play-through at three stages (empty; half of the hints
 * followed; all but the last 5) saved as puzz.link saves them (pzprv3), and janko-077 (whose
 * deductions get stuck, so the hint's solve needs SAT) from the start; each round times
 * `node -e 0`, then `hitori-sat hint` on each board, so that a change of load hits all of them; a
 * board's ratio is the median over rounds of its time over that round's `node -e 0`.
 *
 *     npm run bench:hint -- --runs 21
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { hint, type HintReport } from '../src/api/library.js';
import { parseJsonLines } from '../src/formats/json.js';
import { formatPzprv3 } from '../src/formats/pzprv3.js';
import { parseText } from '../src/formats/text.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { withCircledNeighbours } from '../src/solve/hint.js';
import {
  cliPath,
  commandLine,
  count,
  describeMachine,
  max,
  median,
  ms,
  numberOption,
  p95,
  percentile,
  processWall,
  progress,
  puzzleFile,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const runs = numberOption('runs', 21);
const loadAtStart = os.loadavg();
const puzzle = parseText(readFileSync(join(repoRoot, 'examples', 'janko-037.txt'), 'utf8'), 'janko-037');

interface PlayThrough {
  /** ms of each call, in order (the last says solved). */
  readonly times: number[];
  /** ms of CPU (user and system) of each call: what the machine's load does not inflate. */
  readonly cpu: number[];
  /** Hints that were steps: the presses a player makes. */
  readonly presses: number;
  /** The length of each step's plain words. */
  readonly words: number[];
  /** The board before each press. */
  readonly boards: (boolean | null)[][];
}

/** janko 037 from an empty board to solved, following every hint. */
async function playThrough(p: Puzzle, circleNeighbours: boolean): Promise<PlayThrough> {
  const marks: (boolean | null)[] = new Array<null>(p.rows * p.cols).fill(null);
  const times: number[] = [];
  const cpu: number[] = [];
  const words: number[] = [];
  const boards: (boolean | null)[][] = [];
  for (;;) {
    boards.push([...marks]);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const found: HintReport = await hint(p, marks, { circleNeighbours });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (found.kind === 'solved') break;
    if (found.kind === 'solution-cell') {
      // Where the rules stop: one cell of the solution, marked as the player would.
      words.push(found.words.length);
      marks[(found.cell.row - 1) * p.cols + found.cell.col - 1] = found.cell.colour === 'black';
    } else if (found.kind === 'step') {
      words.push(found.words.length);
      for (const { row, col, colour } of found.cells) marks[(row - 1) * p.cols + col - 1] = colour === 'black';
    } else throw new Error(`${p.id ?? '?'}: a ${found.kind} hint on the play-through`);
    if (circleNeighbours) marks.splice(0, marks.length, ...withCircledNeighbours(p, marks));
    if (boards.length > p.rows * p.cols) throw new Error(`${p.id ?? '?'}: the play-through does not end`);
  }
  return { times, cpu, presses: words.length, words, boards };
}

progress('hint: playing janko-037 in process');
const plain = await playThrough(puzzle, false);
const circled = await playThrough(puzzle, true);
// A 17x17 whose deductions get stuck: its hints need probing, UC, or a cell from the solution.
const j077File = puzzleFile('janko/hitori_17x17.jsonl', 'janko-077');
progress('hint: playing janko-077 in process');
const stuck = await playThrough(parseJsonLines(readFileSync(j077File, 'utf8'))[0]!.puzzle, false);

// The three stages of the plain play-through, as saved files.
const folder = mkdtempSync(join(os.tmpdir(), 'hitori-bench-hint-'));
const stages = [
  { label: 'empty board', board: plain.boards[0]! },
  {
    label: `mid-game (${Math.floor(plain.presses / 2)} of ${plain.presses} hints followed)`,
    board: plain.boards[Math.floor(plain.presses / 2)]!,
  },
  { label: `nearly done (${plain.presses - 5} of ${plain.presses} hints followed)`, board: plain.boards[plain.presses - 5]! },
].map(({ label, board }, k) => {
  const file = join(folder, `stage-${k}.pzprv3`);
  writeFileSync(file, formatPzprv3({ puzzle, marks: board }));
  return { label, file };
});

// And a 17x17 whose deductions get stuck (janko-077): the hint's solve hands the rest to SAT.
stages.push({ label: 'janko-077, empty board (deductions stuck: SAT)', file: j077File });

const bare: number[] = [];
const cold = stages.map(() => [] as number[]);
try {
  for (let round = 0; round < runs; round++) {
    progress(`hint: round ${round + 1}/${runs}`);
    bare.push(processWall(['-e', '0']));
    for (const [k, s] of stages.entries()) cold[k]!.push(processWall([cliPath, 'hint', s.file]));
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const x = (value: number) => `${value.toFixed(2)}x`;
const ratios = (times: readonly number[]) => times.map((t, round) => t / bare[round]!);
const load = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(' / ');
const inProcess = (label: string, play: PlayThrough) => [
  label,
  String(play.presses),
  ms(play.times[0]!),
  ms(median(play.times)),
  ms(p95(play.times)),
  ms(max(play.times)),
  ms(p95(play.cpu)),
  ms(max(play.cpu)),
  count(median(play.words)),
  String(max(play.words)),
];

writeSection(
  'hint',
  [
    '## hint: janko 037 and 077 (17x17) played to the end with hints, in the page and as the command',
    '',
    `- Command: \`${commandLine('hint.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end (a shared machine).`,
    '',
    'In process (the library `hint`, as the page calls it): every hint of the play-through timed (presses: the hints followed), the first',
    'call (which loads the modules) included; wall time, and CPU time (user and system, which the load does not inflate);',
    '`words`: the length in characters of the plain-words hint.',
    '',
    table(
      [
        'play-through',
        'presses',
        'first call ms',
        'median ms',
        'p95 ms',
        'max ms',
        'CPU p95 ms',
        'CPU max ms',
        'words median',
        'words max',
      ],
      [
        inProcess('janko-037', plain),
        inProcess('janko-037, circleNeighbours', circled),
        inProcess('janko-077 (rules stuck: probing, UC, SAT cells)', stuck),
      ],
      [false, true, true, true, true, true, true, true, true, true],
    ),
    '',
    `As the command (\`hitori-sat hint <board>.pzprv3\`, a cold process per call, the bin's Node flags): ${runs} rounds,`,
    `each \`node -e 0\` (median ${ms(median(bare))} ms) and then every board; ratios per round against that round's \`node -e 0\`.`,
    '',
    table(
      ['board', 'median ms', 'median ratio', 'p90 ratio'],
      stages.map((s, k) => [s.label, ms(median(cold[k]!)), x(median(ratios(cold[k]!))), x(percentile(ratios(cold[k]!), 90))]),
      [false, true, true, true],
    ),
  ].join('\n'),
);
