/**
 * Helpers shared by the benchmark programs: where the repository and its sets are, loading the
 * janko set, the machine description, order statistics, and BENCH.md sections.
 *
 * BENCH.md is shared by several programs: each one owns a named section between
 * `<!-- begin NAME -->` and `<!-- end NAME -->` and rewrites only that section.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJsonLines, type PuzzleRecord } from '../src/formats/json.js';
import { shadingFromGrid } from '../src/puzzle/puzzle.js';

/** The repository root: this file runs as `dist/bench/lib.js` (the benchmarks) or as `bench/lib.ts` (the tests). */
export const repoRoot = fileURLToPath(new URL(existsSync(new URL('../package.json', import.meta.url)) ? '..' : '../..', import.meta.url));
export const benchFile = join(repoRoot, 'BENCH.md');
export const jankoDir = join(repoRoot, 'bench', 'sets', 'janko');

/** The built command under a checkout (or a copy of one): the file its package.json's `bin` names. */
export function cliPathIn(root: string): string {
  const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(root, bin['hitori-sat']!);
}

/** The built command of this checkout (`npm run build` makes it). */
export const cliPath = cliPathIn(repoRoot);

/**
 * A copy of the built package in a temporary folder (dist/, package.json, a link to node_modules),
 * to measure or change without touching the checkout's; the caller removes it.
 */
export function copyOfBuild(): string {
  const root = mkdtempSync(join(os.tmpdir(), 'hitori-build-'));
  cpSync(join(repoRoot, 'dist'), join(root, 'dist'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * One puzzle of a bundled set (`set`: a path under bench/sets/, the puzzle by its id) as a file
 * of its own in the temporary folder, for a whole-process run; removed when the bench ends.
 */
export function puzzleFile(set: string, id: string): string {
  const line = readFileSync(join(repoRoot, 'bench', 'sets', set), 'utf8')
    .split('\n')
    .find((l) => l.includes(`"${id}"`));
  if (line === undefined) throw new Error(`bench/sets/${set} has no puzzle ${id}`);
  const file = join(os.tmpdir(), `hitori-bench-${id}-${process.pid}.json`);
  writeFileSync(file, line);
  process.on('exit', () => rmSync(file, { force: true }));
  return file;
}

/** One size of a set: its puzzles in file order. */
export interface SizeGroup {
  readonly rows: number;
  readonly cols: number;
  readonly label: string;
  readonly records: PuzzleRecord[];
}

/** Every `hitori_RxC.jsonl` of a folder, ordered by cell count, then rows. */
export function loadSet(dir: string = jankoDir): SizeGroup[] {
  const groups: SizeGroup[] = [];
  for (const name of readdirSync(dir)) {
    const m = /^hitori_(\d+)x(\d+)\.jsonl$/.exec(name);
    if (!m) continue;
    const rows = Number(m[1]);
    const cols = Number(m[2]);
    const records = parseJsonLines(readFileSync(join(dir, name), 'utf8'));
    for (const record of records) {
      if (record.puzzle.rows !== rows || record.puzzle.cols !== cols) {
        throw new Error(`${name}: puzzle ${record.puzzle.id ?? '?'} is ${record.puzzle.rows}x${record.puzzle.cols}`);
      }
    }
    groups.push({ rows, cols, label: `${rows}x${cols}`, records });
  }
  groups.sort((x, y) => x.rows * x.cols - y.rows * y.cols || x.rows - y.rows);
  return groups;
}

/** The published solution of a record as a shading, or undefined when the set gives none. */
export function publishedShading(record: PuzzleRecord): boolean[] | undefined {
  return record.solution && shadingFromGrid(record.solution);
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly os: string;
}

export function machine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
  };
}

/** The 1, 5 and 15 minute load averages now, as "0.52 / 0.61 / 0.70" (or with another separator). */
export function loadAverages(separator = ' / '): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(separator);
}

/** One line for BENCH.md. */
export function describeMachine(m: Machine = machine()): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB RAM; Node ${m.node}; ${m.os}`;
}

/**
 * The code measured: the commit of the checkout, and the tracked files under the measured code
 * that differ from it (the benchmark runs whatever `dist/` was built from the working tree).
 */
export function revision(): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.error || head.status !== 0) return 'unknown (not a git checkout)';
  const status = git(
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    'src',
    'encodings',
    'bench',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  );
  const changed =
    status.status === 0
      ? status.stdout
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => l.slice(3))
      : [];
  const hash = head.stdout.trim();
  return changed.length === 0
    ? `commit ${hash}, no uncommitted changes to the code`
    : `commit ${hash} with uncommitted changes to ${changed.join(', ')}`;
}

/**
 * Node's flags from the first line of the built command (`#!/usr/bin/env -S node <flags>`), so
 * that a run spawned as `node <flags> hitori-sat.cjs ...` is the one a shell makes of
 * `hitori-sat ...` (see src/cli/hitori-sat.cts for why the flags are there).
 */
export function cliNodeFlags(cli: string): string[] {
  const first = readFileSync(cli, 'utf8').split('\n', 1)[0]!;
  const shebang = /^#!\/usr\/bin\/env(?: -S)? node((?: --[a-z-]+)*)$/.exec(first);
  if (shebang === null) throw new Error(`${cli} starts with ${JSON.stringify(first)}, not a node shebang`);
  return shebang[1]!.split(' ').filter((flag) => flag !== '');
}

/**
 * Wall time in ms of one process `node <args>`, from spawn to exit, output ignored; a command
 * (args[0] a path to the built CLI) gets the Node flags of its first line, as a shell runs it.
 * Throws when the exit code is not in `ok`.
 */
export function processWall(args: readonly string[], ok: readonly number[] = [0]): number {
  const start = performance.now();
  const flags = args[0] === '-e' ? [] : cliNodeFlags(args[0]!);
  const r = spawnSync(process.execPath, [...flags, ...args], { cwd: repoRoot, stdio: 'ignore' });
  if (!ok.includes(r.status ?? -1)) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return performance.now() - start;
}

/** User + system CPU milliseconds of this process's children that have ended, their threads included (Linux; 0 elsewhere). */
export function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime: fields 16 and 17 of stat(5), 14 and 15 after the name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The command line that started this program, as a person would type it. */
export function commandLine(script: string): string {
  const args = process.argv.slice(2).map((a) => (/^[\w./=:,-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  const npmScript = process.env['npm_lifecycle_event'];
  if (npmScript?.startsWith('bench') && process.env['npm_lifecycle_script']?.includes(script)) {
    return ['npm run', npmScript, ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
  }
  return ['node', `dist/bench/${script}`, ...args].join(' ');
}

/** Today's date and time in UTC, to the minute. */
export function timestamp(date: Date = new Date()): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// The order statistics are the bench command's own, so BENCH.md and `hitori-sat bench` agree.
export { max, median, p95, percentile } from '../src/benchmark/stats.js';

/** Milliseconds for a table: one decimal below 100 ms, none above. */
export function ms(value: number): string {
  // Below 0.1 ms two significant digits, so that a short time never prints as 0.0.
  if (value > 0 && value < 0.1) return value.toPrecision(2);
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

/** A whole count (medians of counts can end in .5). */
export function count(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], rightAligned: readonly boolean[] = []): string {
  const rule = header.map((_, k) => (rightAligned[k] ? '---:' : '---'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export const benchHeader = `# Benchmarks

Numbers written by the programs in \`bench/\` (build with \`npm run build\`, then run the
command quoted in each section). Every timing is a median (or p95 / maximum) over the puzzles of a
single run on the machine named in that section, never one measurement; each section records its
own command, date and machine, and is rewritten in place by the program that owns it, so sections
may come from different runs.
`;

/**
 * Replaces the section NAME of `file` (between `<!-- begin NAME -->` and `<!-- end NAME -->`)
 * by `body`, leaving the rest of the file alone. A missing file starts with `header`; a missing
 * section is appended at the end.
 */
export function writeSection(name: string, body: string, file: string = benchFile, header: string = benchHeader): void {
  const begin = `<!-- begin ${name} -->`;
  const end = `<!-- end ${name} -->`;
  const block = `${begin}\n${body.trim()}\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const from = text.indexOf(begin);
  const to = from < 0 ? -1 : text.indexOf(end, from);
  let out: string;
  if (from >= 0 && to >= 0) {
    out = text.slice(0, from) + block + text.slice(to + end.length);
  } else {
    if (from >= 0) throw new Error(`${file}: "${begin}" has no "${end}"`);
    out = `${text.replace(/\s*$/, '')}\n\n${block}\n`;
  }
  // Atomically (a temporary file, then rename): two benchmarks finishing at once, or one
  // interrupted while writing, never leave BENCH.md half written.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, out);
  renameSync(temporary, file);
}

/** A bench program's `--name N` option: a positive whole number, or `fallback` when absent. */
export function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** A bench program's `--name TEXT` option, or undefined when absent. */
export function stringOption(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/** A progress line on stderr. */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
