/**
 * Exhaustive enumeration beside the thesis's tables. Sends the request of
 * `hitori-sat enumerate ...` through `run` (its worker threads are the pool's, as the command's
 * are) and writes one BENCH.md section per board, as soon as that board is done:
 * - enumerate-RxC-c: every class counted under the three conventions, with the rule engine's
 *   histogram, beside Tables 14, 19 and 20; wall time, time per class, load average.
 * - enumerate-prune: `--prune` on the boards of Table 15 that fit in minutes, beside the thesis's
 *   pruned counts, with the number no sound pruning can exceed (the sequences without a
 *   solution).
 * - enumerate-4x5-sample: 16 shards of 4x5 over 4 symbols, to size a sharded run of the whole.
 * - enumerate-RxC-c-routes (`--only 4x4(5)-routes`): a count no one has published, made twice by
 *   independent routes: whole and unpruned, then in 64 shards pruned and merged; the two must
 *   agree (unique and multiple per convention, the histogram; `none` plus the pruned sequences).
 *   Time in wall and CPU seconds. When no class has a solution (3x6 over 4), a third route says
 *   why: no valid shading shades enough cells of every line for so few symbols.
 * - enumerate-jobs (`--only jobs`): the built command as a process, `--jobs 1`, `--jobs 2` and no
 *   `--jobs` (the default: one thread for a shard under 2^24 classes), on shards on both sides of
 *   that bound; wall and CPU time (the process's threads included), median of 3 rounds, the
 *   variants' order turned each round.
 *
 *   npm run build && nice npm run bench:enumerate -- [--only 4x4(4),3x5(4),5x3(5),prune,4x5-sample,jobs] [--jobs 2] [--no-write]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { run } from '../src/api/node-run.js';
import type { EnumerationResult, EnumerationSpec } from '../src/api/requests.js';
import { thesisNumbers } from '../src/enumerate/enumerate-thesis.js';
import { checkShading } from '../src/puzzle/check.js';
import { conventions } from '../src/puzzle/convention.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { levelInfo, levels } from '../src/rules/index.js';
import {
  childrenCpuMs,
  cliNodeFlags,
  cliPath,
  commandLine,
  describeMachine,
  median,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
  loadAverages,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
  },
});
const jobs = Number(args.jobs);
/** The version an enumeration's result records: the package's, as the command records it. */
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const n = (x: number) => x.toLocaleString('en-US');
const load = () => loadAverages(', ');

interface Run {
  readonly result: EnumerationResult;
  readonly wallMs: number;
  readonly command: string;
  readonly loadBefore: string;
  readonly loadAfter: string;
  readonly started: Date;
  /** CPU seconds of this process (its worker threads included) during the run. */
  readonly cpuSeconds: number;
}

interface Options {
  readonly prune?: boolean;
  /** The rule engine's histogram (the command's default; `--no-histogram` leaves it out). */
  readonly histogram?: boolean;
  readonly shard?: { readonly index: number; readonly count: number };
}

/** The `enumerate` request of a board `RxC(c)`, timed; its command line names it in BENCH.md. */
async function enumerate(size: string, { prune = false, histogram = true, shard }: Options = {}): Promise<Run> {
  const [rows, cols, symbols] = size.match(/\d+/g)!.map(Number) as [number, number, number];
  const spec: EnumerationSpec = { rows, cols, symbols, prune, rating: histogram ? { ruleSet: 'thesis', symmetry: true } : null };
  const flags = [
    ...(prune ? ['--prune'] : []),
    ...(histogram ? [] : ['--no-histogram']),
    ...(shard === undefined ? [] : ['--shard', `${shard.index}/${shard.count}`]),
  ];
  const command = `hitori-sat enumerate ${rows}x${cols} --symbols ${symbols} --jobs ${jobs}${flags.map((f) => ` ${f}`).join('')}`;
  progress(`${timestamp()}: ${command}`);
  const loadBefore = load();
  const started = new Date();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await run({ command: 'enumerate', spec, version, jobs, ...(shard === undefined ? {} : { shard }) });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, wallMs, command, loadBefore, loadAfter: load(), started, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function header(title: string, runs: readonly Run[]): string[] {
  const first = runs[0]!;
  return [
    `## ${title}`,
    '',
    `- Command: \`${commandLine('enumerate.js')}\` (after \`npm run build\`), which sent the requests of ${runs.map((r) => `\`${r.command}\``).join(', ')}`,
    `- Date: ${timestamp(first.started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${revision()}`,
    `- Load average (1, 5, 15 min) before: ${first.loadBefore}; after: ${runs[runs.length - 1]!.loadAfter} (the machine is shared)`,
  ];
}

async function boardSection(size: string): Promise<void> {
  const measured = await enumerate(size);
  const r = measured.result;
  const thesis = thesisNumbers(r);
  const perClass = (measured.wallMs * 1000 * jobs) / r.classes;
  const lines = header(`enumerate-${r.rows}x${r.cols}-${r.symbols}: every ${r.rows}x${r.cols} grid over ${r.symbols} symbols`, [measured]);
  lines.push(
    `- Wall time: ${(measured.wallMs / 1000).toFixed(1)} s with --jobs ${jobs} (${perClass.toFixed(2)} µs per class per thread); classes ${n(r.classes)}` +
      (thesis.classes === null ? '' : ` (thesis: ${n(thesis.classes)})`),
    '',
    '### Solutions per convention',
    '',
    table(
      ['convention', 'none', 'unique', 'multiple', 'unique / classes'],
      conventions.map((c) => {
        const v = r.conventions[c];
        return [`\`${c}\``, n(v.none), n(v.unique), n(v.multiple), `${((100 * v.unique) / r.classes).toFixed(2)}%`];
      }),
      [false, true, true, true, true],
    ),
  );
  if (r.histogram !== null) {
    const h = r.histogram;
    const t = thesis.rated;
    const total = Object.values(h).reduce((a, b) => a + b, 0);
    lines.push(
      '',
      `### Rule engine classes of the ${n(total)} grids unique under \`shaded-duplicates\`${t === null ? '' : ` beside the thesis's ${t.table} (its rule-based solver)`}`,
      '',
      `\`rate\` with rule set \`${r.rating!.ruleSet}\`${r.rating!.symmetry ? ', one rating per mirror/rotation orbit' : ''}.`,
      '',
      table(
        ['class', 'hitori-sat', ...(t === null ? [] : ['thesis', 'difference'])],
        [
          ...levels.map((level, k) => [
            `${level} (${levelInfo[level].name})`,
            n(h[level]),
            ...(t === null ? [] : [n(t.classes[k]!), n(h[level] - t.classes[k]!)]),
          ]),
          ['not solved by rules', n(h.unsolved), ...(t === null ? [] : ['-', ''])],
          [
            '**solved by rules** (thesis: "Solvable")',
            n(total - h.unsolved),
            ...(t === null ? [] : [n(t.solvable), n(total - h.unsolved - t.solvable)]),
          ],
        ],
        [false, true, true, true],
      ),
    );
  }
  emit(`enumerate-${r.rows}x${r.cols}-${r.symbols}`, lines);
}

/** The boards of Table 15 that run in minutes. */
const pruneBoards = ['3x2(3)', '3x3(3)', '3x4(3)', '3x5(3)', '3x6(3)', '4x2(4)', '4x3(4)', '4x4(4)', '5x2(5)', '5x3(5)'];

async function pruneSection(): Promise<void> {
  const runs: Run[] = [];
  for (const size of pruneBoards) runs.push(await enumerate(size, { prune: true, histogram: false }));
  const lines = header("enumerate-prune: --prune beside the thesis's Table 15", runs);
  lines.push(
    '',
    table(
      [
        'board',
        'a(c, l)',
        'left (hitori-sat)',
        'left (thesis)',
        'dropped (hitori-sat)',
        'dropped (thesis)',
        'no solution (at most any sound pruning)',
        'seconds',
      ],
      runs.map(({ result: r, wallMs }) => {
        const t = thesisNumbers(r).leftAfterPruning;
        const none = r.conventions.literal.none + r.pruned;
        return [
          `${r.rows}x${r.cols}(${r.symbols})`,
          n(r.classes),
          n(r.classes - r.pruned),
          t === null ? '-' : n(t),
          n(r.pruned),
          t === null ? '-' : n(r.classes - t),
          n(none),
          (wallMs / 1000).toFixed(1),
        ];
      }),
      [false, true, true, true, true, true, true, true],
    ),
  );
  emit('enumerate-prune', lines);
}

/**
 * 4x5 over 4 symbols is too big for one sitting here; 16 of its 4096 shards, spread evenly, give
 * the time per shard and so the cost of the whole (the scale-out recipes' sizing).
 */
async function sampleSection(): Promise<void> {
  const count = 4096;
  const picked = Array.from({ length: 16 }, (_, k) => k * 256 + 17);
  const plain: Run[] = [];
  for (const index of picked) plain.push(await enumerate('4x5(4)', { histogram: false, shard: { index, count } }));
  const rated: Run[] = [];
  for (const index of picked) rated.push(await enumerate('4x5(4)', { shard: { index, count } }));
  const lines = header(`enumerate-4x5-sample: 16 of the 4096 shards of 4x5 over 4 symbols`, [...plain, ...rated]);
  const sum = (runs: readonly Run[], f: (r: Run) => number) => runs.reduce((s, r) => s + f(r), 0);
  const classes = sum(plain, (r) => r.result.classes);
  const row = (what: string, runs: readonly Run[]) => {
    const seconds = sum(runs, (r) => r.result.timeMs) / 1000;
    const sd = sum(runs, (r) => r.result.conventions['shaded-duplicates'].unique);
    return [what, n(classes), seconds.toFixed(1), ((seconds * count) / runs.length / 3600).toFixed(1), n(sd)];
  };
  lines.push(
    '',
    `Shards ${picked.join(', ')} of ${count}, each run alone (--jobs ${jobs}); the estimate scales the sample's time by 4096/16.`,
    '',
    table(
      ['run', 'classes in the sample', 'seconds (sum of shards)', 'estimated hours for all 4096 shards', 'unique under shaded-duplicates'],
      [row('counts only (--no-histogram)', plain), row('with the histogram', rated)],
      [false, true, true, true, true],
    ),
  );
  emit('enumerate-4x5-sample', lines);
}

/** A board counted whole (unpruned), and in shards (pruned) merged: two routes that must agree. */
async function routesSection(size: string): Promise<void> {
  const count = 64;
  const whole = await enumerate(size);
  const shards: Run[] = [];
  for (let index = 0; index < count; index++) shards.push(await enumerate(size, { prune: true, shard: { index, count } }));
  const merged = await run({
    command: 'enumerate',
    merge: shards.map((r, k) => ({ name: `shard ${k}`, data: JSON.parse(JSON.stringify(r.result)) as unknown })),
  });
  const w = whole.result;
  if (!('conventions' in merged)) throw new Error('the merge gave no counts');
  const m = merged as EnumerationResult;
  const disagreements: string[] = [];
  const same = (what: string, a: number, b: number) => {
    if (a !== b) disagreements.push(`${what}: whole ${a}, shards ${b}`);
  };
  same('classes', w.classes, m.classes);
  for (const c of conventions) {
    same(`${c} unique`, w.conventions[c].unique, m.conventions[c].unique);
    same(`${c} multiple`, w.conventions[c].multiple, m.conventions[c].multiple);
    same(`${c} none (+ pruned)`, w.conventions[c].none, m.conventions[c].none + m.pruned);
  }
  for (const key of Object.keys(w.histogram ?? {}))
    same(`class ${key}`, (w.histogram as Record<string, number>)[key]!, (m.histogram as Record<string, number> | null)?.[key] ?? -1);
  if (disagreements.length > 0) throw new Error(`${size}: the routes disagree: ${disagreements.join('; ')}`);
  // A count with no solution at all begs a reason, and one independent of the enumerator exists
  // when a line has more cells than there are symbols: the shadings that leave too few cells
  // shaded somewhere cannot be solutions of any grid, whatever its numbers.
  const solved = w.conventions.literal.unique + w.conventions.literal.multiple;
  let noSolutionReason: string | null = null;
  if (solved === 0) {
    const room = shadingsWithRoom(w.rows, w.cols, w.symbols);
    if (room !== 0)
      throw new Error(`${size}: the routes find no solution, but ${room} shadings leave every line room for ${w.symbols} symbols`);
    noSolutionReason =
      `- No class has a solution, under any convention, and a third route says why without the enumerator: ` +
      `the unshaded cells of a line hold distinct numbers, so a line of L cells over ${w.symbols} symbols has at least L - ${w.symbols} shaded; ` +
      `of the ${n(2 ** (w.rows * w.cols))} shadings of the ${w.rows}x${w.cols} board, judged by the checker (src/puzzle/check.ts) for rules 2 and 3, none has that many in every line.`;
  }
  const shardSeconds = shards.reduce((t, r) => t + r.wallMs, 0) / 1000;
  const shardCpu = shards.reduce((t, r) => t + r.cpuSeconds, 0);
  const lines = header(`enumerate-${w.rows}x${w.cols}-${w.symbols}-routes: ${w.rows}x${w.cols} over ${w.symbols} symbols, counted twice`, [
    whole,
    shards[0]!,
  ]);
  lines.push(
    `- Route 1, whole and unpruned: ${(whole.wallMs / 1000).toFixed(1)} s with --jobs ${jobs} (${((whole.wallMs * 1000 * jobs) / w.classes).toFixed(3)} µs per class per thread), ${whole.cpuSeconds.toFixed(1)} s of CPU (${((whole.cpuSeconds * 1e6) / w.classes).toFixed(3)} µs per class).`,
    `- Route 2, ${count} shards with --prune, merged (\`--merge\`): ${shardSeconds.toFixed(1)} s in all, ${shardCpu.toFixed(1)} s of CPU (${((shardCpu * 1e6) / w.classes).toFixed(3)} µs per class); ${n(m.pruned)} sequences pruned.`,
    `- The routes agree on the ${n(w.classes)} classes: unique and multiple under every convention, the histogram, and none (route 2's none plus its pruned sequences).`,
    ...(noSolutionReason === null ? [] : [noSolutionReason]),
    '',
    table(
      ['convention', 'none', 'unique', 'multiple', 'unique / classes'],
      conventions.map((c) => {
        const v = w.conventions[c];
        return [`\`${c}\``, n(v.none), n(v.unique), n(v.multiple), `${((100 * v.unique) / w.classes).toFixed(3)}%`];
      }),
      [false, true, true, true, true],
    ),
  );
  if (w.histogram !== null) {
    const h = w.histogram;
    lines.push(
      '',
      `Rule engine classes (\`rate\`, rule set \`${w.rating!.ruleSet}\`) of the grids unique under \`shaded-duplicates\`:`,
      '',
      table(
        ['class', 'grids'],
        [...levels.map((level) => [`${level} (${levelInfo[level].name})`, n(h[level])]), ['not solved by rules', n(h.unsolved)]],
        [false, true],
      ),
    );
  }
  emit(`enumerate-${w.rows}x${w.cols}-${w.symbols}-routes`, lines);
}

/**
 * The valid shadings (rules 2 and 3, judged by the checker on a board of distinct numbers, where
 * rule 1 cannot fail) that shade at least L - symbols cells of every line of L cells: the only
 * shadings that can solve a grid over that many symbols. Every shading is tried, so boards up to
 * 20 cells.
 */
function shadingsWithRoom(rows: number, cols: number, symbols: number): number {
  const cells = rows * cols;
  if (cells > 20) throw new RangeError(`${rows}x${cols}: too many shadings to try`);
  const distinct: Puzzle = { rows, cols, values: Array.from({ length: cells }, (_, i) => i + 1) };
  const lines = [
    ...Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, k) => r * cols + k)),
    ...Array.from({ length: cols }, (_, c) => Array.from({ length: rows }, (_, k) => k * cols + c)),
  ];
  let found = 0;
  for (let mask = 0; mask < 2 ** cells; mask++) {
    const shaded = (i: number) => ((mask >>> i) & 1) === 1;
    if (!lines.every((line) => line.filter(shaded).length >= line.length - symbols)) continue;
    const shading = Array.from({ length: cells }, (_, i) => shaded(i));
    if (checkShading(distinct, shading).length === 0) found++;
  }
  return found;
}

/**
 * enumerate-jobs: how many threads pay. Each case is the command as a user runs it (a cold
 * process, its output to /dev/null) with `--jobs 1`, `--jobs 2` and without `--jobs`.
 */
async function jobsSection(): Promise<void> {
  const cases = [
    ['3x3'],
    ['4x4', '--symbols', '3'],
    ['6x3', '--symbols', '6', '--shard', '0/65536'],
    ['4x4', '--symbols', '4', '--shard', '0/8'],
  ];
  const variants = [['--jobs', '1'], ['--jobs', '2'], []] as const;
  const rounds = 3;
  const loadBefore = load();
  const started = new Date();
  const rows: string[][] = [];
  for (const args of cases) {
    const times = variants.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < variants.length; k++) {
        const v = (k + round) % variants.length;
        const argv = [...cliNodeFlags(cliPath), cliPath, 'enumerate', ...args, ...variants[v]!, '--format', 'json'];
        progress(`${timestamp()}: hitori-sat ${argv.slice(argv.indexOf('enumerate')).join(' ')}`);
        const cpu0 = childrenCpuMs();
        const t0 = performance.now();
        const r = spawnSync(process.execPath, argv, { cwd: repoRoot, stdio: 'ignore' });
        if (r.status !== 0) throw new Error(`enumerate ${args.join(' ')} ${variants[v]!.join(' ')} exited ${r.status}`);
        times[v]!.wall.push((performance.now() - t0) / 1000);
        times[v]!.cpu.push((childrenCpuMs() - cpu0) / 1000);
      }
    }
    const cell = (v: number) => `${median(times[v]!.wall).toFixed(2)} / ${median(times[v]!.cpu).toFixed(2)}`;
    rows.push([`\`enumerate ${args.join(' ')}\``, cell(0), cell(1), cell(2)]);
  }
  emit('enumerate-jobs', [
    '## enumerate-jobs: one thread or workers, the command as a process',
    '',
    `- Command: \`${commandLine('enumerate.js')}\` (after \`npm run build\`); ${rounds} rounds, the three variants in turned order each round; each run \`hitori-sat enumerate ... --format json\` to /dev/null.`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${revision()}`,
    `- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}`,
    '- Each cell: median wall seconds / median CPU seconds (the process and its worker threads). Without `--jobs` a shard whose share of the classes is under 2^24 (16.8 million) runs on one thread, a larger one on every core (src/enumerate/enumerate-split.ts).',
    '',
    table(['command', '--jobs 1', '--jobs 2', 'no --jobs'], rows, [false, true, true, true]),
  ]);
}

function emit(name: string, lines: readonly string[]): void {
  const body = lines.join('\n');
  if (args['no-write']) process.stdout.write(`${body}\n\n`);
  else writeSection(name, body);
  progress(`${timestamp()}: ${name} done`);
}

const only = args.only?.split(',') ?? ['4x4(4)', '3x5(4)', '5x3(5)', 'prune', '4x5-sample'];
for (const what of only) {
  if (what === 'prune') await pruneSection();
  else if (what === 'jobs') await jobsSection();
  else if (what === '4x5-sample') await sampleSection();
  else if (what.endsWith('-routes')) await routesSection(what.slice(0, -'-routes'.length));
  else await boardSection(what);
}
