/**
 * `node dist/bench/backends.js`: the measurement that picks the default backend, and a check of
 * the exported CNF against the native CaDiCaL binary. Writes the BENCH.md sections "backends" and
 * "native-cadical".
 *
 *   node dist/bench/backends.js [--per-size N] [--rounds N] [--no-native] [--no-write]
 *
 * backends: the first N (20) puzzles of each janko size 8x8, 10x10, 12x12, 15x15, 17x17 are
 * solved by the SAT engine (a `solve` request through `run`, `engine: 'sat'`, default options) on
 * cadical and on minisat, interleaved: per puzzle
 * both backends run back to back, the order alternating from one puzzle (and one round) to the
 * next, so that drift in the machine's load falls on both alike. Every puzzle is solved `rounds`
 * (3) times per backend; its time is the median of its rounds, and the table gives medians over
 * the puzzles of a size. One untimed solve per size and backend comes first (warm-up).
 *
 * native-cadical: when a `cadical` binary is on the PATH, the complete layered CNF of every janko
 * 17x17 (a `dimacs` request, what `hitori-sat dimacs` writes) is written to a temporary folder
 * and solved by `cadical -q`; its model, read back by a `decode` request, must be the published
 * shading. Then the CNF with the published solution blocked (`block`) must be UNSATISFIABLE
 * (exit code 20).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { run } from '../src/api/node-run.js';
import type { Puzzle, Shading, SolveRequest } from '../src/api/requests.js';
import {
  commandLine,
  describeMachine,
  loadSet,
  max,
  median,
  ms,
  p95,
  progress,
  publishedShading,
  table,
  revision,
  timestamp,
  writeSection,
  type SizeGroup,
} from './lib.js';
import { sameShading } from '../src/puzzle/puzzle.js';

const sizes = ['8x8', '10x10', '12x12', '15x15', '17x17'];
const pair = ['cadical', 'minisat'] as const satisfies readonly NonNullable<SolveRequest['backend']>[];
type Pair = (typeof pair)[number];

interface Timed {
  readonly ms: number;
  readonly ok: boolean;
  readonly problem?: string;
}

async function timedSolve(group: SizeGroup, index: number, backend: Pair): Promise<Timed> {
  const record = group.records[index]!;
  const expected = publishedShading(record);
  const start = performance.now();
  try {
    const result = await run({ command: 'solve', puzzle: record.puzzle, engine: 'sat', backend });
    const elapsed = performance.now() - start;
    if (result.status !== 'unique') return { ms: elapsed, ok: false, problem: `status ${result.status}` };
    if (expected === undefined || !sameShading(result.solutions[0]!, expected))
      return { ms: elapsed, ok: false, problem: 'not the published solution' };
    return { ms: elapsed, ok: true };
  } catch (error) {
    return { ms: performance.now() - start, ok: false, problem: `error: ${(error as Error).message}` };
  }
}

interface SizeResult {
  readonly label: string;
  readonly puzzles: number;
  /** Per puzzle: the median over rounds, per backend. */
  readonly perPuzzle: Record<Pair, number[]>;
  readonly failures: string[];
}

async function compare(groups: SizeGroup[], perSize: number, rounds: number): Promise<SizeResult[]> {
  progress(`backends: warm-up, one untimed solve per size and backend`);
  for (const group of groups) for (const backend of pair) await timedSolve(group, 0, backend);
  const results: SizeResult[] = [];
  for (const group of groups) {
    const n = Math.min(perSize, group.records.length);
    const times: Record<Pair, number[][]> = { cadical: [], minisat: [] };
    const failures: string[] = [];
    for (let k = 0; k < n; k++) {
      const rec: Record<Pair, number[]> = { cadical: [], minisat: [] };
      for (let round = 0; round < rounds; round++) {
        const order: readonly Pair[] = (k + round) % 2 === 0 ? pair : [pair[1], pair[0]];
        for (const backend of order) {
          const t = await timedSolve(group, k, backend);
          rec[backend].push(t.ms);
          if (!t.ok && round === 0) failures.push(`${group.records[k]!.puzzle.id ?? k} on ${backend}: ${t.problem}`);
        }
      }
      times.cadical.push(rec.cadical);
      times.minisat.push(rec.minisat);
    }
    const perPuzzle = { cadical: times.cadical.map(median), minisat: times.minisat.map(median) };
    progress(
      `backends: ${group.label} (${n} puzzles x ${rounds} round${rounds === 1 ? '' : 's'}): cadical ${ms(median(perPuzzle.cadical))} ms, minisat ${ms(median(perPuzzle.minisat))} ms` +
        (failures.length > 0 ? `; FAILURES: ${failures.join('; ')}` : ''),
    );
    results.push({ label: group.label, puzzles: n, perPuzzle, failures });
  }
  return results;
}

function ratio(x: number, y: number): string {
  return `${(x / y).toFixed(2)}`;
}

interface BackendsRun {
  readonly rounds: number;
  readonly perSize: number;
  readonly command: string;
  readonly started: Date;
  readonly code: string;
}

function backendsSection(results: SizeResult[], { rounds, perSize, command, started, code }: BackendsRun): string {
  const rows = results.map((r) => {
    const c = r.perPuzzle.cadical;
    const m = r.perPuzzle.minisat;
    const perPuzzleRatios = c.map((ci, k) => m[k]! / ci);
    const minisatFaster = perPuzzleRatios.filter((x) => x < 1).length;
    return [
      r.label,
      String(r.puzzles),
      ms(median(c)),
      ms(p95(c)),
      ms(median(m)),
      ms(p95(m)),
      ratio(median(m), median(c)),
      median(perPuzzleRatios).toFixed(2),
      `${minisatFaster} / ${r.puzzles}`,
    ];
  });
  const allC = results.flatMap((r) => r.perPuzzle.cadical);
  const failures = results.flatMap((r) => r.failures);
  return [
    '## backends: cadical (WebAssembly) against minisat (asm.js), in process',
    '',
    `- Command: \`${command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${code}`,
    `- Subset: the first ${perSize} puzzles of each janko size ${sizes.join(', ')}, ${allC.length} in all; ${rounds} interleaved rounds, a puzzle's median.`,
    '',
    failures.length === 0 ? '**Every answer correct** (unique, the published solution).' : `**Failures:** ${failures.join('; ')}.`,
    '',
    table(
      [
        'size',
        'puzzles',
        'cadical median ms',
        'cadical p95 ms',
        'minisat median ms',
        'minisat p95 ms',
        'minisat / cadical (medians)',
        'minisat / cadical (median per puzzle)',
        'puzzles where minisat is faster',
      ],
      rows,
      [false, true, true, true, true, true, true, true, true],
    ),
    '',
  ].join('\n');
}

interface NativeRow {
  readonly id: string;
  readonly variables: number;
  readonly clauses: number;
  readonly bytes: number;
  readonly satMs: number;
  readonly unsatMs: number;
  readonly modelOk: boolean;
  readonly unsatOk: boolean;
  readonly problem?: string;
}

function runCadical(file: string): { ms: number; code: number | null; stdout: string; error?: string } {
  const start = performance.now();
  const run = spawnSync('cadical', ['-q', file], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  const elapsed = performance.now() - start;
  const out = { ms: elapsed, code: run.status, stdout: run.stdout ?? '' };
  if (run.error) return { ...out, error: run.error.message };
  return out;
}

function cadicalVersion(): string | undefined {
  const run = spawnSync('cadical', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return undefined;
  return run.stdout.trim();
}

/** The exported CNF's text (`hitori-sat dimacs`), with a solution blocked when given, and its size. */
async function dimacs(puzzle: Puzzle, block?: Shading): Promise<{ text: string; variables: number; clauses: number }> {
  const result = await run({ command: 'dimacs', puzzle, ...(block === undefined ? {} : { block }) });
  return { text: [...result.chunks()].join(''), variables: result.variables, clauses: result.clauses };
}

async function native(
  group: SizeGroup | undefined,
): Promise<{ rows: NativeRow[]; version: string | undefined; where: string | undefined }> {
  const version = cadicalVersion();
  if (version === undefined || group === undefined) return { rows: [], version, where: undefined };
  const which = spawnSync('sh', ['-c', 'command -v cadical'], { encoding: 'utf8' }).stdout.trim() || 'cadical';
  const dir = mkdtempSync(join(os.tmpdir(), 'hitori-bench-'));
  const rows: NativeRow[] = [];
  try {
    for (const [k, record] of group.records.entries()) {
      const id = record.puzzle.id ?? `${group.label}#${k + 1}`;
      const expected = publishedShading(record);
      const { text, variables, clauses } = await dimacs(record.puzzle);
      const satFile = join(dir, `${id}.cnf`);
      writeFileSync(satFile, text);
      if (k === 0) runCadical(satFile); // warm-up: page cache, binary loaded
      const sat = runCadical(satFile);
      let modelOk = false;
      let problem: string | undefined;
      if (sat.error) problem = `spawn: ${sat.error}`;
      else if (sat.code !== 10) problem = `exit code ${sat.code} on the CNF, expected 10`;
      else if (expected === undefined) problem = 'the set gives no solution';
      else {
        const answer = await run({ command: 'decode', puzzle: record.puzzle, model: sat.stdout });
        modelOk = answer.status === 'valid' && sameShading(answer.shading, expected);
        if (!modelOk) problem = 'the model is not the published solution';
      }
      let unsatOk = false;
      let unsatMs = Number.NaN;
      if (expected !== undefined) {
        const unsatFile = join(dir, `${id}-blocked.cnf`);
        writeFileSync(unsatFile, (await dimacs(record.puzzle, expected)).text);
        const unsat = runCadical(unsatFile);
        unsatMs = unsat.ms;
        unsatOk =
          !unsat.error &&
          unsat.code === 20 &&
          (await run({ command: 'decode', puzzle: record.puzzle, model: unsat.stdout })).status === 'none';
        if (!unsatOk) problem = `${problem ? `${problem}; ` : ''}blocked CNF: ${unsat.error ?? `exit code ${unsat.code}, expected 20`}`;
      }
      rows.push({
        id,
        variables,
        clauses,
        bytes: Buffer.byteLength(text),
        satMs: sat.ms,
        unsatMs,
        modelOk,
        unsatOk,
        ...(problem === undefined ? {} : { problem }),
      });
      if (problem !== undefined) progress(`native-cadical: ${id}: FAILED, ${problem}`);
      if ((k + 1) % 25 === 0) progress(`native-cadical: ${k + 1}/${group.records.length}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, version, where: which };
}

function nativeSection(result: Awaited<ReturnType<typeof native>>, command: string, started: Date, code: string): string {
  const head = [
    '## native-cadical: the exported 17x17 CNF, solved by the CaDiCaL binary',
    '',
    `- Command: \`${command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}`,
    `- Code: ${code}`,
  ];
  if (result.version === undefined) {
    return [...head, '', 'No `cadical` binary was found on the PATH, so this check did not run.', ''].join('\n');
  }
  const { rows } = result;
  const sat = rows.map((r) => r.satMs);
  const unsat = rows.map((r) => r.unsatMs).filter((x) => !Number.isNaN(x));
  const both = rows.map((r) => r.satMs + r.unsatMs).filter((x) => !Number.isNaN(x));
  const failures = rows.filter((r) => !r.modelOk || !r.unsatOk);
  return [
    ...head,
    `- Solver: \`${result.where}\`, version ${result.version}`,
    '',
    `**Model equals the published solution: ${rows.filter((r) => r.modelOk).length} / ${rows.length}. UNSATISFIABLE (exit 20) with the solution blocked: ${rows.filter((r) => r.unsatOk).length} / ${rows.length}.** ${failures.length === 0 ? 'No failures.' : `Failures: ${failures.map((f) => `${f.id} (${f.problem ?? '?'})`).join('; ')}.`}`,
    '',
    table(
      ['run', 'median ms', 'p95 ms', 'max ms'],
      [
        ['CNF (satisfiable, model checked)', ms(median(sat)), ms(p95(sat)), ms(max(sat))],
        ['CNF + blocking clause (unsatisfiable)', ms(median(unsat)), ms(p95(unsat)), ms(max(unsat))],
        ['both, per puzzle', ms(median(both)), ms(p95(both)), ms(max(both))],
      ],
      [false, true, true, true],
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'per-size': { type: 'string', default: '20' },
      rounds: { type: 'string', default: '3' },
      'no-native': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const perSize = Number(values['per-size']);
  const rounds = Number(values.rounds);
  if (!(Number.isInteger(perSize) && perSize > 0)) throw new Error('--per-size must be a positive integer');
  if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error('--rounds must be a positive integer');
  const command = commandLine('backends.js');
  const started = new Date();
  const code = revision();
  const all = loadSet();
  const groups = sizes.map((label) => {
    const group = all.find((g) => g.label === label);
    if (!group) throw new Error(`bench/sets/janko has no ${label} puzzles`);
    return group;
  });
  const results = await compare(groups, perSize, rounds);
  const sections: [string, string][] = [['backends', backendsSection(results, { rounds, perSize, command, started, code })]];
  let nativeFailed = false;
  if (!values['no-native']) {
    const g17 = all.find((g) => g.label === '17x17');
    progress(`native-cadical: ${g17?.records.length ?? 0} puzzles`);
    const result = await native(g17);
    nativeFailed = result.rows.some((r) => !r.modelOk || !r.unsatOk);
    sections.push(['native-cadical', nativeSection(result, command, started, code)]);
  }
  for (const [name, body] of sections) {
    if (values['no-write']) process.stdout.write(`${body}\n`);
    else {
      writeSection(name, body);
      progress(`wrote the "${name}" section of BENCH.md`);
    }
  }
  const failed = nativeFailed || results.some((r) => r.failures.length > 0);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`backends: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
});
