/**
 * `npm run bench:limits`: how closely each command keeps its `--timeout`, and how much memory
 * the large grids take. Writes BENCH.md, section `limits`.
 *
 * Time limits: every command is run as a user runs it (`node dist/src/cli/hitori-sat.cjs ...`,
 * a fresh process) on work that outlasts the limit, several times in turn; the wall time from
 * spawning to exit is measured from outside, so start-up, loading, printing what was found and
 * ending the process all count. The target (the guarded input and output issue) is to end within
 * 10% of the limit or 100 ms, whichever is larger, with exit code 3, in under 1 GB of memory (the
 * table gives the largest peak resident set of the runs).
 *
 * Memory: the peak resident set (the process's `maxRSS`, its worker threads included, reported
 * by a hook loaded with `--import` as the process exits) of `solve` (each engine and in-process
 * backend), `explain`, `rate` and `dimacs` on a 50x50 and a 120x120 puzzle; and on the largest
 * inputs (issue 32), each against its target: `solve` of 1000x1000 grids in 512 MB, and pictures
 * and CNFs too large to make, and lines of a million cells in every format, on every command,
 * in 1 GB.
 *
 *     npm run bench:limits -- --runs 5 --limit 1000
 *
 * Runs the built command, not `run`: keeping --timeout includes start-up, printing and the exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { rng } from './fuzz-lib.js';
import {
  cliNodeFlags,
  cliPath,
  commandLine,
  describeMachine,
  numberOption,
  progress,
  repoRoot,
  revision,
  stringOption,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const cli = cliPath;

const runs = numberOption('runs', 5);
const limits = process.argv.includes('--limit') ? [numberOption('limit', 1000)] : [1000, 5000];
// `--only TEXT`: just the timed cases whose name contains TEXT (or one of TEXT's parts between
// `|`, to rerun several cases after one set-up), printed and not written to BENCH.md (a partial
// table would replace the whole section); for working on one case.
const only = stringOption('only')?.split('|');

interface Outcome {
  readonly code: number | null;
  /** From spawning to the exit; for a batch fed by a writer, from the writer's opening of the FIFO. */
  readonly wallMs: number;
  readonly maxRssMiB: number;
}

/**
 * One run of the command: exit code, wall time from spawn to exit, peak RSS (from the exit hook).
 * A run still alive after `killAfterMs` is killed (exit code null): Node 20 can deadlock as a
 * process ends (nodejs/node#54918), and one such run must not stall the whole benchmark.
 */
function runOnce(args: readonly string[], cwd: string, hook: string, killAfterMs: number, writer?: Writer): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    // The writer opens the FIFO first and keeps it open past the command's end: the command
    // reads its lines, then waits for more that never come.
    // A batch's limit bounds each line's wait (docs/commands.md, batches): the wait for the line
    // that never comes starts once the lines written are read, so its clock starts when the
    // command opens the FIFO (the writer's open returns then, and it writes at once), not at the
    // spawn; counting from there also counts the reading and answering of the lines written.
    let start = performance.now();
    const feeding = writer === undefined ? undefined : holdOpen(join(cwd, writer.fifo), writer.text);
    feeding?.stdout?.once('data', () => {
      start = performance.now();
    });
    const child = spawn(process.execPath, [...cliNodeFlags(cli), '--import', hook, cli, ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const err: Buffer[] = [];
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    let wallMs = 0;
    child.on('exit', () => {
      wallMs = performance.now() - start;
    });
    // 'close' comes after 'exit' and after stderr has ended, so the whole report is there.
    child.on('close', (code) => {
      clearTimeout(timer);
      feeding?.kill('SIGKILL');
      const text = Buffer.concat(err).toString('utf8');
      const rss = /^maxrss-kib (\d+)$/m.exec(text);
      resolve({ code, wallMs, maxRssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN });
    });
  });
}

/** A process that writes `text` into a FIFO and then holds it open, silent, until killed. */
interface Writer {
  readonly fifo: string;
  readonly text: string;
}

function holdOpen(fifo: string, text: string) {
  const script = [
    'const fs = require("node:fs");',
    'const fd = fs.openSync(process.argv[1], "w");',
    'process.stdout.write("opened\\n");',
    'fs.writeSync(fd, process.argv[2]);',
    'setInterval(() => {}, 1 << 30);',
  ].join(' ');
  return spawn(process.execPath, ['-e', script, fifo, text], { stdio: ['ignore', 'pipe', 'ignore'] });
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const latin = (n: number) =>
  `${Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n)).join(' ')).join('\n')}\n`;

const dir = mkdtempSync(join(os.tmpdir(), 'hitori-bench-limits-'));
try {
  const hook = join(dir, 'exit-hook.mjs');
  // Written out as a file and loaded with --import into each command run.
  const hookSource = [
    'process.on("exit", () => {',
    '  process.stderr.write("\\nmaxrss-kib " + process.resourceUsage().maxRSS + "\\n");',
    '});',
    '',
  ];
  writeFileSync(hook, hookSource.join('\n'));
  const firstLine = (path: string) => readFileSync(join(repoRoot, 'bench', 'sets', path), 'utf8').split('\n')[0]!;
  writeFileSync(join(dir, 'latin20.txt'), latin(20));
  writeFileSync(join(dir, 'latin40.txt'), latin(40));
  writeFileSync(join(dir, 'big50.json'), firstLine('duydo-mapMyO/hitori_50x50.jsonl'));
  writeFileSync(join(dir, 'big48.json'), firstLine('duydo-mapO/hitori_48x48.jsonl'));
  writeFileSync(join(dir, 'big120.json'), firstLine('generated/hitori_120x120.jsonl'));
  writeFileSync(join(dir, 'big50.jsonl'), `${firstLine('duydo-mapMyO/hitori_50x50.jsonl')}\n`);
  // A 1000x1000 grid (the cell limit) where each number appears twice in every line: reading and
  // setting it up alone take a large part of a second.
  const half = 500;
  writeFileSync(
    join(dir, 'pairs1000.txt'),
    `${Array.from({ length: 1000 }, (_, r) => Array.from({ length: 1000 }, (_, c) => 1 + ((r + c) % half)).join(' ')).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'latin1000.txt'), latin(1000));
  // Memory on the largest grids (issue 32): a random 1000x1000 with numbers 1..1000; a 200x200
  // random one, whose explanation is too large a picture; G50, whose layered CNF is 400 MB of
  // DIMACS; and lines of a million cells, distinct numbers or 1..10, in each format read.
  const random = rng(32);
  const randomGrid = (n: number) =>
    `${Array.from({ length: n }, () => Array.from({ length: n }, () => 1 + Math.floor(random() * n)).join(' ')).join('\n')}\n`;
  writeFileSync(join(dir, 'random1000.txt'), randomGrid(1000));
  writeFileSync(join(dir, 'random200.txt'), randomGrid(200));
  writeFileSync(
    join(dir, 'g50.txt'),
    `${Array.from({ length: 50 }, (_, r) => Array.from({ length: 50 }, (_, c) => ((7 * r + 3 * c) % 50) + 1).join(' ')).join('\n')}\n`,
  );
  const million = 1_000_000;
  const lines: Record<string, string> = {
    'tall-distinct': `${Array.from({ length: million }, (_, r) => r + 1).join('\n')}\n`,
    'wide-distinct': `${Array.from({ length: million }, (_, c) => c + 1).join(' ')}\n`,
    'tall-10': `${Array.from({ length: million }, (_, r) => (r % 10) + 1).join('\n')}\n`,
    'wide-10': `${Array.from({ length: million }, (_, c) => (c % 10) + 1).join(' ')}\n`,
  };
  const lineFormats = ['json', 'pzprv3', 'janko'] as const;
  for (const [name, text] of Object.entries(lines)) {
    writeFileSync(join(dir, `${name}.txt`), text);
    for (const to of lineFormats)
      spawnSync(process.execPath, [...cliNodeFlags(cli), cli, 'convert', `${name}.txt`, '--to', to, '-o', `${name}.${to}`], { cwd: dir });
  }
  writeFileSync(join(dir, 'latin250.txt'), latin(250));
  writeFileSync(
    join(dir, 'g40.txt'),
    `${Array.from({ length: 40 }, (_, r) => Array.from({ length: 40 }, (_, c) => ((7 * r + 3 * c) % 40) + 1).join(' ')).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'wide8000.txt'), `${Array.from({ length: 8000 }, (_, c) => c + 1).join(' ')}\n`);
  spawnSync('mkfifo', [join(dir, 'fifo')]);
  // FIFOs whose writer stays open after a few puzzles (issue 32): a batch must end at the limit
  // while it waits for the next line, JSON Lines or one-line puzzles alike.
  spawnSync('mkfifo', [join(dir, 'open.jsonl')]);
  spawnSync('mkfifo', [join(dir, 'open.txt')]);
  const fewLines = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapO', 'hitori_20x20.jsonl'), 'utf8')
    .split('\n')
    .slice(0, 3);
  writeFileSync(
    join(dir, 'long.txt'),
    // Every number once: no pairs of equal numbers for the guard to refuse, so the file is read and rated.
    `${Array.from({ length: 100_000 }, (_, r) => Array.from({ length: 5 }, (_, c) => 1 + r * 5 + c).join(' ')).join('\n')}\n`,
  );
  spawnSync(process.execPath, [...cliNodeFlags(cli), cli, 'convert', 'long.txt', '--to', 'pzprv3', '-o', 'long.pzprv3'], { cwd: dir });
  writeFileSync(join(dir, 'set20.jsonl'), `${readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapO', 'hitori_20x20.jsonl'), 'utf8')}`);

  // Work that outlasts any of the limits, for each command and phase.
  // `limitMs`: a case's own limit, shorter than the time its work takes when that is under the
  // others' (reading /dev/zero to its 64 MiB cap, a 1000x1000 grid's set-up): run at it once.
  const timed: { name: string; args: string[]; writer?: Writer; limitMs?: number }[] = [
    { name: 'solve, hybrid, CaDiCaL, lazy (listing solutions)', args: ['solve', 'latin20.txt', '--count', '1000000', '--format', 'json'] },
    {
      name: 'solve, sat, CaDiCaL, layers (listing solutions)',
      args: ['solve', 'latin20.txt', '--engine', 'sat', '--connectivity', 'layers', '--count', '1000000', '--format', 'json'],
    },
    {
      name: 'solve, sat, MiniSat (worker), lazy',
      args: ['solve', 'latin20.txt', '--engine', 'sat', '--backend', 'minisat', '--count', '1000000', '--format', 'json'],
    },
    {
      name: 'solve, sat, external cadical',
      args: ['solve', 'latin20.txt', '--engine', 'sat', '--solver-cmd', 'cadical', '--count', '1000000', '--format', 'json'],
    },
    {
      name: 'solve, sat, CaDiCaL, layers, 40x40 (encoding)',
      args: ['solve', 'latin40.txt', '--engine', 'sat', '--connectivity', 'layers'],
    },
    { name: 'solve, rules, 50x50', args: ['solve', 'big50.json', '--engine', 'rules'] },
    // Every technique (explain's default set) gets stuck on mapO's first 48x48 after about 2 s of
    // two-deep probing (BENCH.md, rules-big; it ran for minutes before the probes' known-solution
    // shortcut); rate's default rule set settles it in about 0.1 s. Past the 2 s, "not tested".
    { name: 'explain, 48x48', args: ['explain', 'big48.json'] },
    { name: 'rate --techniques all, 48x48', args: ['rate', 'big48.json', '--techniques', 'all'] },
    { name: 'dimacs -o, 40x40 (encoding, writing)', args: ['dimacs', 'latin40.txt', '-o', 'out.cnf'] },
    { name: 'bench, 50x50, rules (per puzzle)', args: ['bench', 'big50.jsonl', '--engine', 'rules', '--warmup', '0'] },
    { name: 'generate 30x30 x 1000', args: ['generate', '30x30', '--count', '1000', '--seed', '1'] },
    { name: 'enumerate 4x4(4)', args: ['enumerate', '4x4', '--symbols', '4'] },
    { name: 'maxblack 40x40', args: ['maxblack', '40x40'] },
    // The phases around the work: reading, set-up, output and pictures.
    { name: 'solve, a FIFO no process writes', args: ['solve', 'fifo'] },
    { name: 'solve -o a FIFO no process reads', args: ['solve', 'latin20.txt', '-o', 'fifo'] },
    {
      name: 'solve FIFO.jsonl, its writer open and silent after 3 lines',
      args: ['solve', 'open.jsonl'],
      writer: { fifo: 'open.jsonl', text: `${fewLines.join('\n')}\n` },
    },
    {
      name: 'solve FIFO.txt --batch, its writer open and silent after 3 lines',
      args: ['solve', 'open.txt', '--batch'],
      writer: { fifo: 'open.txt', text: `${fewLines.join('\n')}\n` },
    },
    { name: 'enumerate 5x5 (start-up, set-up)', args: ['enumerate', '5x5'] },
    { name: 'convert a 1000000x1 janko file --to json', args: ['convert', 'tall-distinct.janko', '--to', 'json'] },
    { name: 'dimacs a 1000000x1 json file to stdout', args: ['dimacs', 'tall-distinct.json'] },
    // An endless device: the limit, or the 64 MiB cap if it comes first (exit 2, "not tested").
    { name: 'solve /dev/zero (an input that never ends)', args: ['solve', '/dev/zero'], limitMs: 300 },
    { name: 'solve 1000x1000 (reading, set-up)', args: ['solve', 'pairs1000.txt'] },
    { name: 'explain 1000x1000 (reading, set-up)', args: ['explain', 'pairs1000.txt'], limitMs: 500 },
    { name: 'rate 1000x1000 (reading, set-up)', args: ['rate', 'pairs1000.txt'] },
    { name: 'dimacs 40x40 to stdout (held back whole)', args: ['dimacs', 'latin40.txt'] },
    {
      name: 'solve 50x50, layers, external cadical (CNF hand-over)',
      args: ['solve', 'big50.json', '--engine', 'sat', '--connectivity', 'layers', '--solver-cmd', 'cadical'],
    },
    { name: 'explain 50x50 --to svg (drawing the steps)', args: ['explain', 'big50.json', '--to', 'svg', '-o', 'steps.svg'] },
    { name: 'rate a 100000x5 pzprv3 file (reading, rating)', args: ['rate', 'long.pzprv3'] },
    { name: 'convert --to svg, 1000x1000', args: ['convert', 'latin1000.txt', '--to', 'svg', '-o', 'out.svg'] },
    { name: 'convert --to png, 250x250', args: ['convert', 'latin250.txt', '--to', 'png', '-o', 'out.png'] },
  ];
  const external = spawnSync('cadical', ['--version'], { stdio: 'ignore' }).error === undefined;
  const rows: string[][] = [];
  for (const each of limits) {
    for (const t of timed) {
      if (t.limitMs !== undefined && each !== limits[0]) continue;
      const limit = t.limitMs ?? each;
      if (t.args.includes('cadical') && !external) continue;
      if (only !== undefined && !only.some((part) => t.name.includes(part))) continue;
      const outcomes: Outcome[] = [];
      for (let k = 0; k < runs; k++) {
        progress(`limits: ${t.name}, --timeout ${limit}, run ${k + 1}/${runs}`);
        outcomes.push(await runOnce([...t.args, '--timeout', String(limit)], dir, hook, limit + 30_000, t.writer));
      }
      const over = outcomes.map((o) => o.wallMs - limit);
      const allowed = Math.max(100, limit / 10);
      const codes = [...new Set(outcomes.map((o) => o.code ?? 'killed'))].join(', ');
      // A run that ends with its answer before the limit tests nothing about the limit: say so,
      // rather than count it as a command that ignored its --timeout.
      const early = outcomes.filter((o) => o.code !== null && o.code !== 3 && o.wallMs < limit);
      rows.push([
        t.name,
        String(limit),
        codes,
        median(over).toFixed(0),
        Math.max(...over).toFixed(0),
        Math.max(...outcomes.map((o) => o.maxRssMiB)).toFixed(0),
        early.length > 0
          ? `not tested (${early.length} of ${runs} runs finished the work first, in ${Math.max(...early.map((o) => o.wallMs)).toFixed(0)} ms at most)`
          : !outcomes.every((o) => o.code === 3)
            ? 'no (exit code)'
            : Math.max(...over) > allowed
              ? `no (> ${allowed.toFixed(0)})`
              : Math.max(...outcomes.map((o) => o.maxRssMiB)) >= 1024
                ? 'no (memory)'
                : 'yes',
      ]);
    }
  }

  // Memory on large grids: without a limit, each run to its end (the rule engine to 2 minutes).
  const memory: { name: string; args: string[] }[] = [];
  for (const [size, file] of [
    ['50x50', 'big50.json'],
    ['120x120', 'big120.json'],
  ] as const) {
    memory.push(
      { name: `solve ${size} (hybrid)`, args: ['solve', file] },
      { name: `solve ${size} --engine sat (CaDiCaL, lazy)`, args: ['solve', file, '--engine', 'sat'] },
      { name: `solve ${size} --engine sat --backend minisat`, args: ['solve', file, '--engine', 'sat', '--backend', 'minisat'] },
      { name: `solve ${size} --engine sat --connectivity layers`, args: ['solve', file, '--engine', 'sat', '--connectivity', 'layers'] },
      { name: `explain ${size}`, args: ['explain', file, '--timeout', '120000'] },
      { name: `rate ${size}`, args: ['rate', file, '--timeout', '120000'] },
      { name: `dimacs ${size} -o`, args: ['dimacs', file, '-o', 'out.cnf'] },
    );
  }
  // The largest inputs (issue 32): every command in at most 1 GB, with or without --timeout, and
  // solve of a grid up to 1000x1000 in at most 512 MB.
  const large: { name: string; args: string[]; targetMiB: number }[] = [
    { name: 'solve 1000x1000, each number twice per line (0 cells deduced)', args: ['solve', 'pairs1000.txt'], targetMiB: 512 },
    { name: 'solve 1000x1000 latin square (0 cells deduced, multiple)', args: ['solve', 'latin1000.txt'], targetMiB: 512 },
    { name: 'solve 1000x1000 random, numbers 1..1000', args: ['solve', 'random1000.txt'], targetMiB: 512 },
    {
      // This grid has no solution: its few steps are drawn (a picture of up to 2,000,000 cells);
      // a longer explanation is refused by its size before it is drawn.
      name: 'explain 200x200 random --to svg (the steps to its contradiction)',
      args: ['explain', 'random200.txt', '--to', 'svg', '-o', 'e.svg'],
      targetMiB: 1024,
    },
    {
      name: 'explain 200x200 random --to png (refused by its size)',
      args: ['explain', 'random200.txt', '--to', 'png', '-o', 'e.png'],
      targetMiB: 1024,
    },
    {
      name: 'dimacs G50 --timeout 100000 to stdout (refused by its size)',
      args: ['dimacs', 'g50.txt', '--timeout', '100000'],
      targetMiB: 1024,
    },
    { name: 'dimacs G50 -o', args: ['dimacs', 'g50.txt', '-o', 'out.cnf'], targetMiB: 1024 },
    // A step per cell, each kept for the text: the 2-SAT memo's keys once held 2 GB here.
    { name: 'explain 1x8000, distinct numbers (a step per cell)', args: ['explain', 'wide8000.txt'], targetMiB: 1024 },
    // Every command on the largest grid: once 2.7 GB of witnesses, a stack overflow, an unbounded
    // certificate, and a totalizer that filled the solver's 2 GiB heap.
    {
      name: 'ambiguity 1000x1000 latin square --timeout 60000 (a solution per cell)',
      args: ['ambiguity', 'latin1000.txt', '--timeout', '60000'],
      targetMiB: 1024,
    },
    { name: 'repair 1000x1000 latin square (refused by its size)', args: ['repair', 'latin1000.txt'], targetMiB: 1024 },
    {
      name: 'solve 1000x1000 latin square --certificate (refused by its size)',
      args: ['solve', 'latin1000.txt', '--certificate', 'c.json'],
      targetMiB: 1024,
    },
    { name: 'maxblack 100x100 (refused by its size)', args: ['maxblack', '100x100'], targetMiB: 1024 },
    { name: 'maxblack 50x50 --timeout 60000 (the search)', args: ['maxblack', '50x50', '--timeout', '60000'], targetMiB: 1024 },
    {
      name: 'solve 40x40 --engine sat --connectivity layers (the largest layered CNF)',
      args: ['solve', 'g40.txt', '--engine', 'sat', '--connectivity', 'layers'],
      targetMiB: 1024,
    },
  ];
  for (const name of Object.keys(lines)) {
    const shape = name.startsWith('tall') ? '1000000x1' : '1x1000000';
    const numbers = name.endsWith('distinct') ? 'distinct numbers' : 'numbers 1..10';
    for (const format of ['txt', ...lineFormats])
      large.push({ name: `solve ${shape}, ${numbers} (${format})`, args: ['solve', `${name}.${format}`], targetMiB: 1024 });
    large.push(
      { name: `rate ${shape}, ${numbers}`, args: ['rate', `${name}.txt`], targetMiB: 1024 },
      // Distinct numbers take a probe per cell, one step each, and every step runs the techniques
      // over the whole line again (issue 32): 10,000x1 takes 193 s of CPU, growing at least with
      // the square of the length, so a million cells are measured under a limit.
      name.endsWith('distinct')
        ? { name: `explain ${shape}, ${numbers} --timeout 30000`, args: ['explain', `${name}.txt`, '--timeout', '30000'], targetMiB: 1024 }
        : { name: `explain ${shape}, ${numbers}`, args: ['explain', `${name}.txt`], targetMiB: 1024 },
      {
        name: `convert ${shape}, ${numbers} (janko to json)`,
        args: ['convert', `${name}.janko`, '--to', 'json', '-o', 'out.json'],
        targetMiB: 1024,
      },
      { name: `dimacs ${shape}, ${numbers} (json) -o`, args: ['dimacs', `${name}.json`, '-o', 'out.cnf'], targetMiB: 1024 },
    );
  }
  const memoryRows: string[][] = [];
  for (const m of only === undefined ? memory : []) {
    progress(`limits: memory, ${m.name}`);
    const o = await runOnce(m.args, dir, hook, 300_000);
    memoryRows.push([m.name, String(o.code ?? 'killed'), (o.wallMs / 1000).toFixed(1), o.maxRssMiB.toFixed(0)]);
  }
  const largeRows: string[][] = [];
  for (const m of only === undefined ? large : []) {
    progress(`limits: memory, ${m.name}`);
    const o = await runOnce(m.args, dir, hook, 900_000);
    largeRows.push([
      m.name,
      String(o.code ?? 'killed'),
      (o.wallMs / 1000).toFixed(1),
      o.maxRssMiB.toFixed(0),
      String(m.targetMiB),
      o.code === null ? 'no (killed)' : o.maxRssMiB <= m.targetMiB ? 'yes' : 'no',
    ]);
  }

  const load = os.loadavg();
  const body = [
    '## limits: `--timeout` per command, and memory on large grids',
    '',
    `- Command: \`${commandLine('limits.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${load.map((x) => x.toFixed(1)).join(' ')} at the end (a shared machine).`,
    '',
    table(['command', 'limit ms', 'exit code', 'median over ms', 'max over ms', 'peak RSS MiB', 'within target'], rows, [
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]),
    '',
    'Peak memory of one run without a time limit (exit code 2: a refusal, before any memory is used):',
    '',
    table(['command', 'exit code', 'wall s', 'peak RSS MiB'], memoryRows, [false, true, true, true]),
    '',
    'Peak memory on the largest inputs, one run each without a time limit unless named (exit code 2 here: refused by its size before it is made):',
    '',
    table(['command', 'exit code', 'wall s', 'peak RSS MiB', 'target MiB', 'within target'], largeRows, [
      false,
      true,
      true,
      true,
      true,
      false,
    ]),
  ].join('\n');
  if (only === undefined) writeSection('limits', body);
  process.stdout.write(`${body}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
