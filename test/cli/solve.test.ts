/** `hitori-sat solve`: output forms, backends, counting, no solution, time limits. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cadicalBinary, fixture, hasExecutable, linesOf, run } from './run.js';
import { runInProcess } from './in-process.js';

interface Published {
  id: string;
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

/** A fixture's puzzle and the solution janko.at publishes for it. */
function published(id: string): Published {
  return JSON.parse(readFileSync(fixture(`${id}.json`), 'utf8')) as Published;
}

/** The JSON report of `solve --format json` (only the fields these tests read). */
interface SolveJson {
  id: string | null;
  rows: number;
  cols: number;
  status: string;
  solution: number[][] | null;
  solutions: number[][][];
  solutionsFound: number;
  complete: boolean;
  convention: string;
  backend: string;
  encoding: string;
  variables: number;
  clauses: number;
  timeMs: number;
}

function report(stdout: string): SolveJson {
  const lines = linesOf(stdout);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as SolveJson;
}

/**
 * Every shading of a small grid that satisfies the three rules as written, by brute force over
 * all 2^(rows*cols) shadings; written here from the rules, sharing nothing with hitori-sat.
 */
function allSolutions(grid: number[][]): number[][][] {
  const rows = grid.length;
  const cols = grid[0]!.length;
  const n = rows * cols;
  const out: number[][][] = [];
  for (let bits = 0; bits < 1 << n; bits++) {
    const black = (r: number, c: number) => ((bits >> (r * cols + c)) & 1) === 1;
    let ok = true;
    for (let r = 0; r < rows && ok; r++) {
      for (let c = 0; c < cols && ok; c++) {
        if (black(r, c) && ((c + 1 < cols && black(r, c + 1)) || (r + 1 < rows && black(r + 1, c)))) ok = false;
      }
    }
    for (let r = 0; r < rows && ok; r++) {
      const seen = new Set<number>();
      for (let c = 0; c < cols && ok; c++) {
        if (black(r, c)) continue;
        if (seen.has(grid[r]![c]!)) ok = false;
        seen.add(grid[r]![c]!);
      }
    }
    for (let c = 0; c < cols && ok; c++) {
      const seen = new Set<number>();
      for (let r = 0; r < rows && ok; r++) {
        if (black(r, c)) continue;
        if (seen.has(grid[r]![c]!)) ok = false;
        seen.add(grid[r]![c]!);
      }
    }
    if (!ok) continue;
    const white: Array<[number, number]> = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (!black(r, c)) white.push([r, c]);
    if (white.length === 0) continue;
    const reached = new Set<string>([white[0]!.join(',')]);
    const stack = [white[0]!];
    while (stack.length > 0) {
      const [r, c] = stack.pop()!;
      for (const [dr, dc] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || rr >= rows || cc < 0 || cc >= cols || black(rr, cc) || reached.has(`${rr},${cc}`)) continue;
        reached.add(`${rr},${cc}`);
        stack.push([rr, cc]);
      }
    }
    if (reached.size !== white.length) continue;
    out.push(Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (black(r, c) ? 1 : 0))));
  }
  return out;
}

const key = (shading: number[][]) => JSON.stringify(shading);

/** Checks that `lines` draw `grid` with '#' exactly on the shaded cells of `solution`. */
function expectDrawing(lines: string[], grid: number[][], solution: number[][]): void {
  expect(lines).toHaveLength(grid.length);
  lines.forEach((line, r) => {
    const cells = line.trim().split(/\s+/);
    expect(cells).toHaveLength(grid[r]!.length);
    cells.forEach((cell, c) => {
      if (solution[r]![c] === 1) expect(cell, `row ${r + 1}, column ${c + 1}`).toMatch(/^#+$/);
      else expect(cell, `row ${r + 1}, column ${c + 1}`).toBe(String(grid[r]![c]));
    });
  });
}

describe('solve: output', () => {
  it('prints the grid with # on the shaded cells of the published solution, then a verdict naming convention, backend and encoding (--engine sat)', async () => {
    const p = published('janko-002');
    const result = await runInProcess(['solve', 'janko-002.txt', '--engine', 'sat']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expectDrawing(lines.slice(0, p.rows), p.grid, p.solution);
    expect(lines).toHaveLength(p.rows + 1);
    expect(lines[p.rows]).toMatch(/^unique solution, proven/);
    expect(lines[p.rows]).toMatch(/\(convention literal, backend cadical, encoding \S+\/literal, /);
  });

  it('draws two-digit grids with shaded cells as ## and the numbers right-aligned', async () => {
    const p = published('janko-037');
    const result = await runInProcess(['solve', 'janko-037.txt']);
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expectDrawing(lines.slice(0, p.rows), p.grid, p.solution);
    for (const line of lines.slice(0, p.rows)) expect(line).toMatch(/^(##|[ \d]\d)( (##|[ \d]\d))*$/);
  });

  it('by default deduces first: janko-037 is unique with the published solution, proven by deduction with no SAT backend', async () => {
    const p = published('janko-037');
    const [json, text] = await Promise.all([
      runInProcess(['solve', 'janko-037.json', '--format', 'json']),
      runInProcess(['solve', 'janko-037.txt']),
    ]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const r = report(json.stdout) as SolveJson & { engine: string; proof: string };
    expect(r.status).toBe('unique');
    expect(r.solution).toEqual(p.solution);
    expect(r.complete).toBe(true);
    expect(r.engine).toBe('hybrid');
    expect(r.proof).toBe('deduction');
    expect(r.backend).toBeNull();
    expect(text.code).toBe(0);
    expect(linesOf(text.stdout).at(-1)).toMatch(/^unique solution, proven.*engine hybrid.*proven by deduction, no SAT call/);
  });

  it('--engine sat --format json reports status, the published solution, size, solutions found, time, backend (cadical by default), encoding and proof sat', async () => {
    const p = published('janko-037');
    const result = await runInProcess(['solve', 'janko-037.json', '--engine', 'sat', '--format', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = report(result.stdout);
    expect(json.status).toBe('unique');
    expect(json.solution).toEqual(p.solution);
    expect(json.solutions).toEqual([p.solution]);
    expect(json.id).toBe('janko-037');
    expect(json.rows).toBe(17);
    expect(json.cols).toBe(17);
    expect(json.solutionsFound).toBe(1);
    expect(json.complete).toBe(true);
    expect(typeof json.timeMs).toBe('number');
    expect(json.timeMs).toBeGreaterThanOrEqual(0);
    expect(json.backend).toBe('cadical');
    expect((json as SolveJson & { proof: string }).proof).toBe('sat');
    expect(json.encoding).toMatch(/^[a-z-]+\/literal$/);
    expect(json.convention).toBe('literal');
    expect(json.variables).toBeGreaterThanOrEqual(17 * 17);
    expect(json.clauses).toBeGreaterThan(0);
  });

  it('finds the same published solution whether the puzzle is read from the text or the JSON file', async () => {
    const p = published('janko-211');
    const [fromText, fromJson] = await Promise.all([
      runInProcess(['solve', 'janko-211.txt', '--format', 'json']),
      runInProcess(['solve', 'janko-211.json', '--format', 'json']),
    ]);
    expect(fromText.code).toBe(0);
    expect(fromJson.code).toBe(0);
    expect(report(fromText.stdout).solution).toEqual(p.solution);
    expect(report(fromJson.stdout).solution).toEqual(p.solution);
  });

  it('reads the puzzle from stdin when the file is -', async () => {
    const p = published('janko-211');
    const result = await runInProcess(['solve', '-', '--format', 'json'], { stdin: readFileSync(fixture('janko-211.txt'), 'utf8') });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = report(result.stdout);
    expect(json.status).toBe('unique');
    expect(json.id).toBeNull();
    expect(json.solution).toEqual(p.solution);
  });

  it('reads a JSON puzzle from stdin too', async () => {
    const p = published('janko-002');
    const result = await runInProcess(['solve', '-', '--format', 'json'], { stdin: readFileSync(fixture('janko-002.json'), 'utf8') });
    expect(result.code).toBe(0);
    expect(report(result.stdout).solution).toEqual(p.solution);
  });
});

describe('solve: backends', () => {
  it('--backend minisat finds the published solution and the verdict names minisat', async () => {
    const p = published('janko-211');
    const [json, text] = await Promise.all([
      runInProcess(['solve', 'janko-211.txt', '--engine', 'sat', '--backend', 'minisat', '--format', 'json']),
      runInProcess(['solve', 'janko-211.txt', '--engine', 'sat', '--backend', 'minisat']),
    ]);
    expect(json.code).toBe(0);
    const r = report(json.stdout);
    expect(r.backend).toBe('minisat');
    expect(r.status).toBe('unique');
    expect(r.solution).toEqual(p.solution);
    expect(text.code).toBe(0);
    expect(linesOf(text.stdout).at(-1)).toMatch(/^unique solution, proven.*backend minisat/);
  });

  it('--solver-cmd cadical (the Debian binary) finds the same published solution through the external backend', async (ctx) => {
    if (!hasExecutable(cadicalBinary)) ctx.skip(`${cadicalBinary} not found (apt-get install cadical to run this test)`);
    const p = published('janko-037');
    const result = await runInProcess(['solve', 'janko-037.txt', '--engine', 'sat', '--solver-cmd', 'cadical', '--format', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = report(result.stdout);
    expect(json.backend).toBe('external');
    expect(json.status).toBe('unique');
    expect(json.solution).toEqual(p.solution);
  });
});

describe('solve: several solutions, none', () => {
  // "1 2 / 2 1" repeats no number, so every shading that keeps the rules 2 and 3 is a solution:
  // none shaded, or any one cell shaded (the other three form an L); two shaded cells must be
  // diagonal and then cut the two white cells apart. That is 5 solutions under `literal`.
  const latin = [
    [1, 2],
    [2, 1],
  ];

  it('the independent enumeration agrees with the hand count: "1 2 / 2 1" has 5 solutions, "1 1 / 2 3" has 2', () => {
    expect(allSolutions(latin)).toHaveLength(5);
    expect(
      allSolutions([
        [1, 1],
        [2, 3],
      ]),
    ).toEqual([
      [
        [1, 0],
        [0, 0],
      ],
      [
        [0, 1],
        [0, 0],
      ],
    ]);
    expect(
      allSolutions([
        [1, 1],
        [1, 1],
      ]),
    ).toEqual([]);
  });

  it('--count 3 lists three different valid shadings and says there may be more', async () => {
    const valid = new Set(allSolutions(latin).map(key));
    const [json, text] = await Promise.all([
      runInProcess(['solve', '-', '--count', '3', '--format', 'json'], { stdin: '1 2\n2 1\n' }),
      runInProcess(['solve', '-', '--count', '3'], { stdin: '1 2\n2 1\n' }),
    ]);
    expect(json.code).toBe(0);
    const r = report(json.stdout);
    expect(r.status).toBe('multiple');
    expect(r.solutionsFound).toBe(3);
    expect(r.complete).toBe(false);
    expect(new Set(r.solutions.map(key)).size).toBe(3);
    for (const s of r.solutions) expect(valid.has(key(s)), key(s)).toBe(true);
    expect(r.solution).toEqual(r.solutions[0]);

    expect(text.code).toBe(0);
    const lines = linesOf(text.stdout);
    expect(lines.filter((l) => /^solution \d+:$/.test(l))).toEqual(['solution 1:', 'solution 2:', 'solution 3:']);
    expect(lines.at(-1)).toMatch(/^multiple solutions \(3 shown; there may be more\)/);
  });

  it('--count above the number of solutions lists exactly the enumerated ones and says how many there are', async () => {
    const result = await runInProcess(['solve', '-', '--count', '10', '--format', 'json'], { stdin: '1 2\n2 1\n' });
    expect(result.code).toBe(0);
    const r = report(result.stdout);
    expect(r.status).toBe('multiple');
    expect(r.complete).toBe(true);
    expect(r.solutionsFound).toBe(5);
    expect(r.solutions.map(key).sort()).toEqual(allSolutions(latin).map(key).sort());
    const text = await runInProcess(['solve', '-', '--count', '10'], { stdin: '1 2\n2 1\n' });
    expect(linesOf(text.stdout).at(-1)).toMatch(/^exactly 5 solutions \(/);
  });

  it('a puzzle with exactly two solutions ("1 1 / 2 3") lists both with --count 3', async () => {
    const result = await runInProcess(['solve', '-', '--count', '3', '--format', 'json'], { stdin: '1 1\n2 3\n' });
    expect(result.code).toBe(0);
    const r = report(result.stdout);
    expect(r.status).toBe('multiple');
    expect(r.complete).toBe(true);
    expect(r.solutions.map(key).sort()).toEqual(
      allSolutions([
        [1, 1],
        [2, 3],
      ])
        .map(key)
        .sort(),
    );
    const text = await runInProcess(['solve', '-', '--count', '3'], { stdin: '1 1\n2 3\n' });
    expect(text.code).toBe(0);
    expect(linesOf(text.stdout).at(-1)).toMatch(/^exactly 2 solutions \(/);
  });

  it('without --count a puzzle with several solutions shows the two that prove it and reports "multiple", exit 0', async () => {
    const result = await runInProcess(['solve', '-'], { stdin: '1 1\n2 3\n' });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines.filter((l) => /^solution \d+:$/.test(l))).toEqual(['solution 1:', 'solution 2:']);
    expect(lines.at(-1)).toMatch(/^multiple solutions \(2 shown/);
  });

  it('the convention changes the answer: under unique-white "1 2 / 2 1" has only the all-white solution, and the verdict names it', async () => {
    const [json, text] = await Promise.all([
      runInProcess(['solve', '-', '--convention', 'unique-white', '--count', '10', '--format', 'json'], { stdin: '1 2\n2 1\n' }),
      runInProcess(['solve', '-', '--convention', 'unique-white'], { stdin: '1 2\n2 1\n' }),
    ]);
    const r = report(json.stdout);
    expect(r.status).toBe('unique');
    expect(r.convention).toBe('unique-white');
    expect(r.encoding).toMatch(/^[a-z-]+\/unique-white$/);
    expect(r.solutions).toEqual([
      [
        [0, 0],
        [0, 0],
      ],
    ]);
    expect(linesOf(text.stdout).at(-1)).toMatch(/^unique solution, proven.*convention unique-white/);
  });

  it('a puzzle without solution ("1 1 / 1 1") reports status none and exits 1', async () => {
    const [json, text] = await Promise.all([
      runInProcess(['solve', '-', '--format', 'json'], { stdin: '1 1\n1 1\n' }),
      runInProcess(['solve', '-'], { stdin: '1 1\n1 1\n' }),
    ]);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe('');
    const r = report(json.stdout);
    expect(r.status).toBe('none');
    expect(r.solution).toBeNull();
    expect(r.solutionsFound).toBe(0);
    expect(r.complete).toBe(true);
    expect(text.code).toBe(1);
    expect(linesOf(text.stdout)).toHaveLength(1);
    // The deductions find the contradiction: no SAT call.
    expect(text.stdout).toMatch(/^no solution \(convention literal, engine hybrid, .*proven by deduction/);
  });

  it('a puzzle without solution also exits 1 with SAT alone, on minisat', async () => {
    const result = await runInProcess(['solve', '-', '--engine', 'sat', '--backend', 'minisat', '--format', 'json'], {
      stdin: '1 1\n1 1\n',
    });
    expect(result.code).toBe(1);
    expect(report(result.stdout).status).toBe('none');
  });
});

describe('solve: time limit', () => {
  it('--timeout 1 with --backend minisat stops the worker at the deadline: status timeout, exit 3', async () => {
    const [json, text] = await Promise.all([
      run(['solve', 'janko-037.txt', '--engine', 'sat', '--backend', 'minisat', '--timeout', '1', '--format', 'json']),
      run(['solve', 'janko-037.txt', '--engine', 'sat', '--backend', 'minisat', '--timeout', '1']),
    ]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(3);
    const r = report(json.stdout);
    expect(r.status).toBe('timeout');
    expect(r.solution).toBeNull();
    expect(r.complete).toBe(false);
    expect(r.backend).toBe('minisat');
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^time limit reached before a solution was found \(convention literal, backend minisat/);
  });

  it('--timeout 1 with cadical gives status timeout and exit 3 as well', async () => {
    // The layered CNF: lazy connectivity may finish a 17x17 within 1 ms.
    const slow = ['solve', 'janko-037.txt', '--engine', 'sat', '--connectivity', 'layers', '--timeout', '1'];
    const [json, text] = await Promise.all([runInProcess([...slow, '--format', 'json']), runInProcess(slow)]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(3);
    const r = report(json.stdout);
    expect(r.status).toBe('timeout');
    expect(r.backend).toBe('cadical');
    expect(r.complete).toBe(false);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^time limit reached/);
  });

  // janko-077 needs two-deep probing: the rule engine alone takes seconds on it.
  for (const engine of ['rules', 'hybrid']) {
    it(`--timeout 1 stops --engine ${engine} as well: status timeout, exit 3, no solution printed`, async () => {
      const args = ['solve', 'janko-077.txt', '--engine', engine, '--connectivity', 'layers', '--timeout', '1'];
      const [json, text] = await Promise.all([
        run([...args, '--format', 'json'], { killAfterMs: 60_000 }),
        run(args, { killAfterMs: 60_000 }),
      ]);
      expect(json.stderr).toBe('');
      expect(json.code).toBe(3);
      const r = report(json.stdout);
      expect(r.status).toBe('timeout');
      expect(r.solution).toBeNull();
      expect(r.complete).toBe(false);
      expect(text.code).toBe(3);
      expect(text.stdout).toMatch(/^time limit reached/);
    });
  }

  it('--timeout 1 with the external cadical binary gives status timeout and exit 3', async (ctx) => {
    if (!hasExecutable(cadicalBinary)) ctx.skip(`${cadicalBinary} not found (apt-get install cadical to run this test)`);
    const result = await run([
      'solve',
      'janko-037.txt',
      '--engine',
      'sat',
      '--solver-cmd',
      'cadical',
      '--timeout',
      '1',
      '--format',
      'json',
    ]);
    expect(result.code).toBe(3);
    expect(report(result.stdout).status).toBe('timeout');
  });

  // Node's setTimeout holds at most 2^31-1 ms; a longer delay is silently cut to 1 ms. The CLI
  // accepts any positive whole number for --timeout, so it must either honour such a limit or
  // refuse it as a usage error, never give up at once.
  for (const [backend, args] of [
    ['minisat', ['--backend', 'minisat']],
    ['the external cadical binary', ['--solver-cmd', 'cadical']],
  ] as const) {
    it(`--timeout 3000000000 (about 35 days) with ${backend} lets a 5x5 solve finish, or is refused as a usage error`, async (ctx) => {
      if (args[0] === '--solver-cmd' && !hasExecutable(cadicalBinary))
        ctx.skip(`${cadicalBinary} not found (apt-get install cadical to run this test)`);
      // A limit that does not end the process is not about the process: in the command host.
      const result = await runInProcess([
        'solve',
        'janko-002.txt',
        '--engine',
        'sat',
        ...args,
        '--timeout',
        '3000000000',
        '--format',
        'json',
      ]);
      if (result.code === 2) {
        expect(linesOf(result.stderr)).toEqual([expect.stringMatching(/^(hitori-sat|error)\b.*--timeout/)]);
        return;
      }
      expect(result.stderr).toBe('');
      expect(report(result.stdout).status).toBe('unique');
      expect(result.code).toBe(0);
    });
  }

  it('a generous --timeout does not get in the way of a solve', async () => {
    const result = await runInProcess([
      'solve',
      'janko-002.txt',
      '--engine',
      'sat',
      '--backend',
      'minisat',
      '--timeout',
      '60000',
      '--format',
      'json',
    ]);
    expect(result.code).toBe(0);
    expect(report(result.stdout).solution).toEqual(published('janko-002').solution);
  });
});
