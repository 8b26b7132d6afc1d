/**
 * The "matrix-native" section: the complete layered CNF of every janko 17x17, solved by Debian's
 * `cadical` and `minisat` binaries when they are on the PATH, and the CNF's size per puzzle size.
 *
 * Below the door: it compares the encodings (the `dimacs` request exports only the layered CNF).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import type { BenchSet } from '../../src/benchmark/sets.js';
import { parseSolverOutput, toDimacs } from '../../src/sat/dimacs.js';
import { count, max, median, ms, p95, progress, table } from '../lib.js';
import { type Connectivity, type Context, head, loadSet, type SetSpec, setLabel } from './run.js';

interface NativeRow {
  readonly id: string;
  readonly satMs: number;
  readonly unsatMs: number;
  readonly satOk: boolean;
  readonly unsatOk: boolean;
  readonly problem?: string;
}

export interface NativeSolver {
  readonly name: 'cadical' | 'minisat';
  readonly where: string;
  readonly version: string;
  readonly rows: NativeRow[];
}

function which(binary: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : undefined;
}

function packageVersion(name: string, fallback: string): string {
  const dpkg = spawnSync('dpkg-query', ['-W', '-f', `$${'{'}Version}`, name], { encoding: 'utf8' });
  return dpkg.status === 0 && dpkg.stdout.trim() !== '' ? `Debian package ${dpkg.stdout.trim()}` : fallback;
}

/** Solves one DIMACS file: the status and the model's values, the wall time. */
function runNative(solver: 'cadical' | 'minisat', where: string, file: string, dir: string) {
  const out = join(dir, 'minisat.out');
  const args = solver === 'cadical' ? ['-q', file] : [file, out];
  rmSync(out, { force: true });
  const start = performance.now();
  const child = spawnSync(where, args, { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 300_000 });
  const elapsed = performance.now() - start;
  if (child.error) return { ms: elapsed, code: child.status, error: child.error.message };
  try {
    const text = solver === 'cadical' ? child.stdout : readFileSync(out, 'utf8');
    return { ms: elapsed, code: child.status, answer: parseSolverOutput(text) };
  } catch (error) {
    return { ms: elapsed, code: child.status, error: (error as Error).message };
  }
}

export function nativeRuns(set: BenchSet, limit: number | undefined): NativeSolver[] {
  const solvers: NativeSolver[] = [];
  const records = set.records.slice(0, limit);
  const dir = mkdtempSync(join(os.tmpdir(), 'hitori-matrix-'));
  try {
    const files = records.map((record, k) => {
      const { cnf, vars } = encodeHitori(record.puzzle, { connectivity: 'layers' });
      const sat = join(dir, `${k}.cnf`);
      writeFileSync(sat, toDimacs(cnf));
      const expected = record.expected.kind === 'solution' ? record.expected.shading : undefined;
      let unsat: string | undefined;
      if (expected !== undefined) {
        cnf.add(blockingClause(vars, expected));
        unsat = join(dir, `${k}-blocked.cnf`);
        writeFileSync(unsat, toDimacs(cnf));
      }
      return { id: record.id, sat, unsat, expected, vars };
    });
    for (const name of ['cadical', 'minisat'] as const) {
      const where = which(name);
      if (where === undefined) {
        progress(`  ${name}: not on the PATH, skipped`);
        continue;
      }
      const version =
        name === 'cadical'
          ? `${spawnSync(where, ['--version'], { encoding: 'utf8' }).stdout.trim()} (${packageVersion('cadical', '?')})`
          : packageVersion('minisat', 'unknown version');
      if (files[0] !== undefined) runNative(name, where, files[0].sat, dir); // warm the file cache
      const rows: NativeRow[] = files.map((f) => {
        const sat = runNative(name, where, f.sat, dir);
        let problem: string | undefined;
        const model = sat.answer;
        const published = f.expected?.every((s, i) => (model?.values[f.vars.shaded(i)] === 1) === s) ?? false;
        const satOk = model !== undefined && sat.code === 10 && model.status === 'satisfiable' && published;
        if (!satOk) {
          const notPublished = model?.status === 'satisfiable' ? ', not the published solution' : '';
          problem = sat.error ?? `exit ${sat.code}, ${model?.status ?? 'no answer'}${notPublished}`;
        }
        const unsat = f.unsat === undefined ? undefined : runNative(name, where, f.unsat, dir);
        const unsatOk = unsat !== undefined && unsat.code === 20 && unsat.answer?.status === 'unsatisfiable';
        if (!unsatOk) problem = `${problem === undefined ? '' : `${problem}; `}blocked: ${unsat?.error ?? `exit ${unsat?.code}`}`;
        return { id: f.id, satMs: sat.ms, unsatMs: unsat?.ms ?? Number.NaN, satOk, unsatOk, ...(problem === undefined ? {} : { problem }) };
      });
      const both = rows.map((r) => r.satMs + r.unsatMs);
      const correct = rows.filter((r) => r.satOk && r.unsatOk).length;
      const times = `median ${ms(median(rows.map((r) => r.satMs)))} ms to solve, ${ms(median(both))} ms to solve and prove`;
      progress(`  ${name} binary: ${correct}/${rows.length} correct, ${times}`);
      solvers.push({ name, where, version, rows });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return solvers;
}

export interface CnfSize {
  readonly spec: SetSpec;
  readonly puzzles: number;
  readonly layered: { variables: number; clauses: number };
  readonly lazy: { variables: number; clauses: number };
}

/** Median size of the layered CNF (and, for comparison, the lazy start CNF) per set and size; janko in full, others their first `limit`. */
export function cnfSizes(sets: SetSpec[], limit: number): CnfSize[] {
  return sets.map((s) => {
    const records = loadSet(s, s.set === 'janko' ? undefined : limit).records;
    const measure = (connectivity: Connectivity) => {
      const counts = records.map((r) => encodeHitori(r.puzzle, { connectivity, comments: false }).cnf);
      return { variables: median(counts.map((c) => c.numVars)), clauses: median(counts.map((c) => c.numClauses)) };
    };
    return { spec: s, puzzles: records.length, layered: measure('layers'), lazy: measure('lazy') };
  });
}

export interface NativeData {
  readonly solvers: NativeSolver[];
  readonly sizes: CnfSize[];
  readonly set: SetSpec;
  readonly puzzles: number;
}

function solverTable(solvers: NativeSolver[]): string {
  const header = [
    'binary',
    'puzzles',
    'correct (model and UNSAT)',
    'solve: median ms',
    'solve: p95 ms',
    'solve: max ms',
    'solve + prove: median ms',
    'solve + prove: p95 ms',
  ];
  const rows = solvers.map((s) => {
    const sat = s.rows.map((r) => r.satMs);
    const both = s.rows.map((r) => r.satMs + r.unsatMs).filter((x) => !Number.isNaN(x));
    const correct = String(s.rows.filter((r) => r.satOk && r.unsatOk).length);
    const proved = both.length === 0 ? ['-', '-'] : [ms(median(both)), ms(p95(both))];
    return [s.name, String(s.rows.length), correct, ms(median(sat)), ms(p95(sat)), ms(max(sat)), ...proved];
  });
  return table(header, rows, [false, true, true, true, true, true, true, true]);
}

export function nativeSection({ solvers, sizes, set, puzzles }: NativeData, ctx: Context): string {
  const out = head(`## matrix-native: the layered CNF of every ${setLabel(set)}, solved by the Debian binaries`, ctx);
  if (solvers.length === 0) {
    out.push('', 'Neither `cadical` nor `minisat` was found on the PATH, so this part did not run.');
  } else {
    const run = (s: NativeSolver) => (s.name === 'cadical' ? 'cadical -q in.cnf' : 'minisat in.cnf out');
    out.push(
      `- Solvers: ${solvers.map((s) => `\`${s.where}\` (${s.version}), run as \`${run(s)}\``).join('; ')}; ${puzzles} puzzles of ${setLabel(set)}.`,
      '',
      solverTable(solvers),
      '',
    );
    const failures = solvers.flatMap((s) => s.rows.filter((r) => r.problem !== undefined).map((r) => `- ${s.name}: ${r.id}: ${r.problem}`));
    if (failures.length > 0) out.push(`Failures:\n\n${failures.join('\n')}`);
  }
  const sizeRows = sizes.map((z) => {
    const layered = [count(z.layered.variables), count(z.layered.clauses)];
    return [setLabel(z.spec), String(z.puzzles), ...layered, count(z.lazy.variables), count(z.lazy.clauses)];
  });
  out.push(
    '',
    '### CNF size per puzzle size',
    '',
    table(['set', 'puzzles', 'layered: variables', 'layered: clauses', 'lazy: variables', 'lazy: clauses'], sizeRows, [
      false,
      true,
      true,
      true,
      true,
      true,
    ]),
    '',
  );
  return out.join('\n');
}
