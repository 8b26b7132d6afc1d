/**
 * `--timeout` in the phases other than the SAT search: building a large CNF (`solve`, `dimacs`),
 * writing it, a MiniSat solve in its worker (whose solutions so far are kept), the rule engine
 * (`explain`, `rate`), `bench`, `repair`'s search, and every engine and backend of `solve`. Each run must end with
 * exit code 3 and say so; the tests assert what was stopped and what was kept, never how long it
 * took (the machine may be busy): BENCH.md, section `limits`, measures that.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { runInProcess } from './in-process.js';
import { linesOf, repoRoot, run } from './run.js';

let dir: string;
/** A Latin square of side n: its layered CNF grows with n^4 (40x40: about 20 million literals). */
const latin = (n: number) =>
  Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n)).join(' ')).join('\n');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-timeouts-'));
  writeFileSync(join(dir, 'latin40.txt'), `${latin(40)}\n`);
  writeFileSync(join(dir, 'latin6.txt'), `${latin(6)}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every solution listed obeys the three rules on the 6x6 Latin square, and none is listed twice. */
function expectValidDistinct(solutions: number[][][]): void {
  const puzzle = { rows: 6, cols: 6, values: latin(6).split(/\s+/).map(Number) };
  for (const grid of solutions)
    expect(
      checkShading(
        puzzle,
        grid.flat().map((v) => v === 1),
      ),
    ).toEqual([]);
  expect(new Set(solutions.map((s) => JSON.stringify(s))).size).toBe(solutions.length);
}

describe('--timeout outside the SAT search', () => {
  it('solve --connectivity layers stops while building a 40x40 CNF: status timeout, exit 3', async () => {
    const result = await run(['solve', 'latin40.txt', '--connectivity', 'layers', '--timeout', '50', '--format', 'json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as { status: string; solutions: unknown[] };
    expect(report.status).toBe('timeout');
    expect(report.solutions).toEqual([]);
  });

  it('dimacs -o stops while building or writing a 40x40 CNF: exit 3, one line, no output and no temporary file', async () => {
    const out = join(dir, 'out');
    rmSync(out, { recursive: true, force: true });
    const folder = mkdtempSync(join(dir, 'dimacs-'));
    const result = await run(['dimacs', 'latin40.txt', '-o', join(folder, 'big.cnf'), '--timeout', '50'], { cwd: dir });
    expect(result.code).toBe(3);
    expect(linesOf(result.stderr)).toEqual([expect.stringMatching(/^hitori-sat: time limit of 50 ms reached$/)]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('solve --backend minisat --timeout keeps the solutions found before the limit, each one valid, and the CNF size', async () => {
    // A 6x6 Latin square has hundreds of thousands of solutions (any scattered shaded cells that
    // keep the rest connected): listing them all takes minutes, far longer than the limit. The
    // limit counts from the process start and must leave time to start the worker and find a
    // first solution: 1 s does on a quiet machine; where a busy one found none in it, the run is
    // repeated with a longer limit (the solving until the limit is what costs, not the limit:
    // 2 s, in which MiniSat listed solutions in every run at load 5, then 8 s).
    type Report = { status: string; solutions: number[][][]; complete: boolean; variables: number; clauses: number };
    let result: Awaited<ReturnType<typeof run>> | undefined;
    let report: Report | undefined;
    for (const ms of ['1000', '2000', '8000']) {
      result = await run(
        ['solve', 'latin6.txt', '--engine', 'sat', '--backend', 'minisat', '--count', '100000', '--timeout', ms, '--format', 'json'],
        {
          cwd: dir,
        },
      );
      expect(result.code, result.stderr).toBe(3);
      report = JSON.parse(result.stdout) as Report;
      if (report.solutions.length > 0) break;
    }
    expect(report!.status).toBe('timeout');
    expect(report!.complete).toBe(false);
    expect(report!.solutions.length).toBeGreaterThan(0);
    expectValidDistinct(report!.solutions);
    // The worker ended at the limit had built the CNF: its size is the one a solve without a
    // limit reports (that solve's process is not the subject: it runs in the command host). The
    // SAT engine both times: the default one settles a Latin square's verdict without a solver.
    const unbounded = await runInProcess(['solve', 'latin6.txt', '--engine', 'sat', '--backend', 'minisat', '--format', 'json'], {
      cwd: dir,
    });
    const full = JSON.parse(unbounded.stdout) as Report;
    expect(full.variables).toBeGreaterThan(0);
    expect([report!.variables, report!.clauses]).toEqual([full.variables, full.clauses]);
  });

  it('explain and rate stop the rule engine on a 50x50: exit 3, and explain shows the grid as far as it got', async () => {
    const set = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8');
    writeFileSync(join(dir, 'big.json'), linesOf(set)[0]!);
    const [explain, rate] = await Promise.all([
      run(['explain', 'big.json', '--timeout', '200'], { cwd: dir }),
      // Every technique: the default set settles this grid in well under a second on a fast machine.
      run(['rate', 'big.json', '--techniques', 'all', '--timeout', '200'], { cwd: dir }),
    ]);
    expect(explain.code, explain.stderr).toBe(3);
    expect(explain.stdout).toMatch(/Time limit of 200 ms reached/);
    expect(rate.code, rate.stderr).toBe(3);
  });

  // Every engine and backend of solve, and each connectivity, on a Latin square whose solutions
  // outnumber what any of them lists in the limit: status timeout, exit 3, and each solution kept
  // is valid and distinct. One process per engine, backend and connectivity, not per combination:
  // the limit's path is the backend's (MiniSat on lazy connectivity is the test above, CaDiCaL on
  // layers the 40x40's).
  const hasCadical = spawnSync('cadical', ['--version'], { stdio: 'ignore' }).error === undefined;
  const solveVariants: [string, string[]][] = [
    ['hybrid, CaDiCaL', []],
    ['sat, CaDiCaL, lazy', ['--engine', 'sat']],
    ['sat, MiniSat, layers', ['--engine', 'sat', '--backend', 'minisat', '--connectivity', 'layers']],
    ...(hasCadical ? ([['sat, external cadical', ['--engine', 'sat', '--solver-cmd', 'cadical']]] as [string, string[]][]) : []),
  ];
  it.each(solveVariants)('solve (%s) stops listing solutions at the limit: exit 3, the solutions kept valid', async (_name, extra) => {
    const result = await run(['solve', 'latin6.txt', ...extra, '--count', '100000', '--timeout', '300', '--format', 'json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as { status: string; solutions: number[][][]; complete: boolean };
    expect(report.status).toBe('timeout');
    expect(report.complete).toBe(false);
    expectValidDistinct(report.solutions);
  });

  it('solve --engine rules stops the rule engine on a 50x50: exit 3, status timeout', async () => {
    const set = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8');
    writeFileSync(join(dir, 'big-rules.json'), linesOf(set)[0]!);
    const result = await run(['solve', 'big-rules.json', '--engine', 'rules', '--timeout', '300', '--format', 'json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(3);
    expect((JSON.parse(result.stdout) as { status: string }).status).toBe('timeout');
  });

  it('a limit already spent when the command starts (it counts from the process start) stops the work at its first check', async () => {
    // 20 ms is less than Node's own start-up: every command below finds its limit passed.
    const results = await Promise.all([
      run(['solve', 'latin40.txt', '--engine', 'sat', '--connectivity', 'layers', '--timeout', '20'], { cwd: dir }),
      run(['dimacs', 'latin40.txt', '--timeout', '20'], { cwd: dir }),
      run(['maxblack', '30x30', '--timeout', '20'], { cwd: dir }),
      run(['enumerate', '4x4', '--symbols', '4', '--timeout', '20'], { cwd: dir }),
      run(['generate', '30x30', '--count', '50', '--timeout', '20'], { cwd: dir }),
      run(['hint', 'latin40.txt', '--timeout', '20'], { cwd: dir }),
      run(['ambiguity', 'latin40.txt', '--timeout', '20'], { cwd: dir }),
      run(['repair', 'latin40.txt', '--timeout', '20'], { cwd: dir }),
    ]);
    for (const result of results) expect(result.code, result.stderr).toBe(3);
  });

  it('repair stopped in its search says how far the proof got: exit 3, the bound proven so far', async () => {
    // A 20x20 Latin square has thousands of solutions: no few changes make it unique. The search
    // runs until the limit (its CPU is the test's cost); 400 ms reach it, past the CNF's making.
    writeFileSync(join(dir, 'latin20.txt'), `${latin(20)}\n`);
    const result = await run(['repair', 'latin20.txt', '--max-changes', '20', '--timeout', '400', '--to', 'json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as { status: string; provenBelow: number; repairs: unknown[] };
    expect(report.status).toBe('timeout');
    expect(report.repairs).toEqual([]);
    expect(report.provenBelow).toBeGreaterThanOrEqual(0);
  });

  it('bench --timeout counts the puzzles that reach it as timeouts: exit 3', async () => {
    // --engine sat: deductions alone would prove these before any limit. A 20x20 layered CNF
    // (about a million literals) takes longer than 5 ms to build on any machine, and a 50x50 one
    // is refused as too large before it starts.
    const set = join(repoRoot, 'bench', 'sets', 'duydo-mapO', 'hitori_20x20.jsonl');
    const result = await run(
      ['bench', set, '--limit', '2', '--warmup', '0', '--engine', 'sat', '--connectivity', 'layers', '--timeout', '5', '--json'],
      {
        cwd: dir,
      },
    );
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as { sets: { n: number; correct: number }[] };
    expect(report.sets[0]!.n).toBe(2);
    expect(report.sets[0]!.correct).toBe(0);
  });

  it("bench --timeout counts the first puzzle's limit from the process start: a 4x4 under 20 ms is a timeout", async () => {
    // 20 ms is less than Node's own start-up, so the limit is spent before the worker gets to
    // the puzzle, which it would solve in a millisecond: the start-up counts, as for every command.
    const set = join(repoRoot, 'test', 'fixtures', 'janko-sample.jsonl');
    const result = await run(['bench', set, '--limit', '1', '--warmup', '0', '--timeout', '20', '--json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(3);
    expect(linesOf(result.stderr)).toEqual([expect.stringMatching(/line 1 \(janko-001\): time limit reached$/)]);
  });
});
