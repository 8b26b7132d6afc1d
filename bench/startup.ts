/**
 * `npm run bench:startup`: what each command costs as a user runs it once (a fresh process, the
 * command's own Node flags), against `node -e 0` and against the same build without its V8 code
 * caches. Writes the section `startup` of BENCH.md.
 *
 * Paired runs: each round times `node -e 0`, then every command with the caches and without, in
 * turn, so that a change of load hits all of them; a command's ratio is the median over rounds of
 * its time over that round's `node -e 0`. Run it niced on a quiet machine (it records the load).
 *
 *     npm run bench:startup -- --runs 21
 *
 * Runs the built command, not `run`: the cold start of a process is the subject.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import {
  cliPath,
  cliPathIn,
  commandLine,
  copyOfBuild,
  describeMachine,
  median,
  ms,
  numberOption,
  percentile,
  processWall,
  progress,
  revision,
  table,
  timestamp,
  writeSection,
  puzzleFile,
} from './lib.js';

const runs = numberOption('runs', 21);

// janko-077 (17x17), whose deductions get stuck: the default solve hands the rest to SAT (as bench/tail.ts runs it).
const j077 = puzzleFile('janko/hitori_17x17.jsonl', 'janko-077');

/** Each command on a bundled example (a label for a temporary file), with the exit codes that mean it did its job. */
const commands: { readonly args: readonly string[]; readonly label?: string; readonly ok?: readonly number[] }[] = [
  { args: ['--help'] },
  { args: ['solve', 'examples/janko-037.txt'] },
  { args: ['solve', 'examples/janko-037.txt', '--engine', 'sat'] },
  { args: ['solve', j077], label: '`hitori-sat solve` janko-077 (17x17: deductions stuck, then SAT)' },
  { args: ['explain', 'examples/janko-037.txt'] },
  { args: ['rate', 'examples/janko-037.txt'] },
  { args: ['convert', 'examples/janko-037.txt', '--to', 'url'] },
  { args: ['dimacs', 'examples/janko-001.txt'] },
];

const loadAtStart = os.loadavg();
const uncachedRoot = copyOfBuild();
const uncachedCli = cliPathIn(uncachedRoot);
for (const name of ['solve-only.bundle.cjs.v8cache', 'program.bundle.cjs.v8cache']) rmSync(join(dirname(uncachedCli), name));

const bare: number[] = [];
const cached = commands.map(() => [] as number[]);
const uncached = commands.map(() => [] as number[]);
try {
  for (let round = 0; round < runs; round++) {
    progress(`startup: round ${round + 1}/${runs}`);
    bare.push(processWall(['-e', '0']));
    for (const [k, c] of commands.entries()) {
      cached[k]!.push(processWall([cliPath, ...c.args], c.ok));
      uncached[k]!.push(processWall([uncachedCli, ...c.args], c.ok));
    }
  }
} finally {
  rmSync(uncachedRoot, { recursive: true, force: true });
}

const ratio = (times: readonly number[]) => times.map((t, round) => t / bare[round]!);
const x = (value: number) => `${value.toFixed(2)}x`;
const rows = commands.map((c, k) => [
  c.label ?? `\`hitori-sat ${c.args.join(' ')}\``,
  ms(median(cached[k]!)),
  x(median(ratio(cached[k]!))),
  x(percentile(ratio(cached[k]!), 90)),
  ms(median(uncached[k]!)),
  x(median(ratio(uncached[k]!))),
]);

const load = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(' / ');
writeSection(
  'startup',
  [
    '## startup: each command once, as a whole process, against `node -e 0`',
    '',
    `- Command: \`${commandLine('startup.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end (a shared machine).`,
    `- ${runs} rounds; \`node -e 0\` median ${ms(median(bare))} ms; ratios are per round, against that round's \`node -e 0\`.`,
    '',
    table(['command', 'median ms', 'median ratio', 'p90 ratio', 'no cache: median ms', 'no cache: median ratio'], rows, [
      false,
      true,
      true,
      true,
      true,
      true,
    ]),
  ].join('\n'),
);
