/**
 * `solve` on a puzzle with several solutions shows why it is not unique: the two solutions that
 * prove it and the cells where they differ, in text, JSON and SVG; and solve's JSON is a document
 * `solve` reads back. Solutions are checked against a brute force that shares no code with
 * hitori-sat.
 */
import { describe, expect, it } from 'vitest';
import { bruteForceSolutions, gridOf } from '../support/brute-force.js';
import { linesOf } from './run.js';
import { runInProcess } from './in-process.js';

const latin4 = [
  [1, 2, 3, 4],
  [2, 3, 4, 1],
  [3, 4, 1, 2],
  [4, 1, 2, 3],
];
const latin4Text = `${latin4.map((row) => row.join(' ')).join('\n')}\n`;
/** Every solution of the Latin square, as rows of 1 shaded / 0 unshaded, by brute force. */
const truth = new Set(
  bruteForceSolutions(gridOf(latin4)).map((mask) => JSON.stringify(latin4.map((row, r) => row.map((_, c) => (mask >>> (r * 4 + c)) & 1)))),
);

interface Report {
  rows: number;
  cols: number;
  grid: number[][];
  status: string;
  solution: number[][] | null;
  solutions: number[][][];
  solutionsFound: number;
  differ?: { row: number; col: number }[];
  engine: string;
  backend: string | null;
}

function report(stdout: string): Report {
  const lines = linesOf(stdout);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Report;
}

/** The cells where two grids of 0/1 differ, as {row, col} 1-based, in reading order. */
function whereDiffer(a: number[][], b: number[][]): { row: number; col: number }[] {
  return a.flatMap((line, r) => line.flatMap((v, c) => (v === b[r]![c] ? [] : [{ row: r + 1, col: c + 1 }])));
}

/** A text grid's drawing as rows of 1 ('#') / 0 (a number). */
function drawn(lines: string[]): number[][] {
  return lines.map((line) =>
    line
      .trim()
      .split(/\s+/)
      .map((cell) => (/^#+$/.test(cell) ? 1 : 0)),
  );
}

describe('solve: a multiple verdict shows the second solution and where the two differ', () => {
  it.each([
    ['hybrid', 'cadical', []],
    ['hybrid', 'minisat', []],
    ['sat', 'cadical', []],
    ['sat', 'minisat', []],
    // MiniSat with a time limit runs in a worker thread: the result crosses it.
    ['sat', 'minisat', ['--timeout', '60000']],
  ])(
    '--engine %s --backend %s %j: the 4x4 Latin square gives solutionsFound 2, two true solutions and differ',
    async (engine, backend, extra) => {
      const result = await runInProcess(['solve', '-', '--engine', engine, '--backend', backend, '--format', 'json', ...extra], {
        stdin: latin4Text,
      });
      expect(result.code).toBe(0);
      const r = report(result.stdout);
      expect(r.status).toBe('multiple');
      expect(r.solutionsFound).toBe(2);
      const [first, second] = r.solutions as [number[][], number[][]];
      expect(truth.has(JSON.stringify(first))).toBe(true);
      expect(truth.has(JSON.stringify(second))).toBe(true);
      expect(first).not.toEqual(second);
      expect(r.solution).toEqual(first);
      expect(r.differ).toEqual(whereDiffer(first, second));
    },
  );

  it('--engine rules gives the same for the Latin square (its second solution shades one more cell)', async () => {
    const result = await runInProcess(['solve', '-', '--engine', 'rules', '--format', 'json'], { stdin: latin4Text });
    expect(result.code).toBe(0);
    const r = report(result.stdout);
    expect(r.status).toBe('multiple');
    expect(r.solutionsFound).toBe(2);
    for (const s of r.solutions) expect(truth.has(JSON.stringify(s))).toBe(true);
    expect(r.differ).toEqual(whereDiffer(r.solutions[0]!, r.solutions[1]!));
    expect(r.differ!.length).toBeGreaterThan(0);
  });

  it('the text shows both grids, then a line naming the cells where they differ (r<row>c<col>), in plain ASCII', async () => {
    const result = await runInProcess(['solve', '-', '--no-color'], { stdin: latin4Text });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[\x20-\x7e\n]*$/);
    const lines = linesOf(result.stdout);
    const at = (title: string) => lines.indexOf(title);
    expect(at('solution 1:')).toBe(0);
    const first = drawn(lines.slice(1, 5));
    const second = drawn(lines.slice(at('solution 2:') + 1, at('solution 2:') + 5));
    expect(truth.has(JSON.stringify(first))).toBe(true);
    expect(truth.has(JSON.stringify(second))).toBe(true);
    const differ = lines.find((l) => l.startsWith('differ: '));
    const cells = whereDiffer(first, second);
    expect(differ).toBe(
      `differ: ${cells.map(({ row, col }) => `r${row}c${col}`).join(' ')} (${cells.length} cell${cells.length === 1 ? '' : 's'} where solutions 1 and 2 differ)`,
    );
    expect(lines.at(-1)).toMatch(/^multiple solutions \(2 shown; there may be more\)/);
  });

  it('--count 4 lists four solutions as before, and differ names where the first two differ', async () => {
    const [json, text] = await Promise.all([
      runInProcess(['solve', '-', '--count', '4', '--format', 'json'], { stdin: latin4Text }),
      runInProcess(['solve', '-', '--count', '4'], { stdin: latin4Text }),
    ]);
    const r = report(json.stdout);
    expect(r.solutionsFound).toBe(4);
    expect(new Set(r.solutions.map((s) => JSON.stringify(s))).size).toBe(4);
    for (const s of r.solutions) expect(truth.has(JSON.stringify(s))).toBe(true);
    expect(r.differ).toEqual(whereDiffer(r.solutions[0]!, r.solutions[1]!));
    const lines = linesOf(text.stdout);
    expect(lines.filter((l) => /^solution \d+:$/.test(l))).toHaveLength(4);
    expect(lines.filter((l) => l.startsWith('differ: '))).toHaveLength(1);
  });

  it('a unique puzzle has no differ: no line in the text, no key in the JSON', async () => {
    const [json, text] = await Promise.all([
      runInProcess(['solve', 'janko-002.txt', '--format', 'json']),
      runInProcess(['solve', 'janko-002.txt']),
    ]);
    const r = report(json.stdout);
    expect(r.status).toBe('unique');
    expect(r.solutionsFound).toBe(1);
    expect('differ' in r).toBe(false);
    expect(text.stdout).not.toMatch(/^differ:/m);
  });

  it("the SVG outlines exactly the cells where the second solution differs, on the first solution's picture", async () => {
    const [svg, json] = await Promise.all([
      runInProcess(['solve', '-', '--to', 'svg'], { stdin: latin4Text }),
      runInProcess(['solve', '-', '--format', 'json'], { stdin: latin4Text }),
    ]);
    expect(svg.code).toBe(0);
    const r = report(json.stdout);
    // Cells are 36 units from a 6-unit margin; the caption above the grid shifts it down.
    const top = Number(/<rect x="6" y="(\d+)" width="144" height="144" fill="#fff"\/>/.exec(svg.stdout)?.[1]);
    const outlined = [...svg.stdout.matchAll(/<rect x="(\d+)" y="(\d+)"[^>]*stroke-dasharray/g)].map(([, x, y]) => ({
      row: (Number(y) - 3 - top) / 36 + 1,
      col: (Number(x) - 3 - 6) / 36 + 1,
    }));
    expect(outlined).toEqual(r.differ);
    expect(svg.stdout).toContain(`not unique: solution 2 differs in the ${r.differ!.length} outlined cell`);
    // The shaded cells drawn are the first solution's.
    const shaded = [...svg.stdout.matchAll(/<rect x="(\d+)" y="(\d+)" width="36" height="36" fill="#222"\/>/g)].map(([, x, y]) => ({
      row: (Number(y) - top) / 36 + 1,
      col: (Number(x) - 6) / 36 + 1,
    }));
    expect(shaded).toEqual(r.solution!.flatMap((line, i) => line.flatMap((v, j) => (v === 1 ? [{ row: i + 1, col: j + 1 }] : []))));
  });

  it('--to png draws the picture too (exit 0, a PNG on stdout)', async () => {
    const result = await runInProcess(['solve', '-', '--to', 'png'], { stdin: latin4Text });
    expect(result.code).toBe(0);
    expect(result.stdout.slice(1, 4)).toBe('PNG');
  });
});

describe('solve: its JSON is a document solve reads back', () => {
  it.each([
    ['unique', 'janko-002.txt', '', 0],
    ['multiple', '-', latin4Text, 0],
    ['none', '-', '1 1\n1 1\n', 1],
  ])('%s: solve X --to json | solve - gives the same puzzle and verdict', async (status, file, stdin, code) => {
    const first = await runInProcess(['solve', file, '--to', 'json'], { stdin });
    expect(first.code).toBe(code);
    const r = report(first.stdout);
    expect(r.status).toBe(status);
    const [again, text] = await Promise.all([
      runInProcess(['solve', '-', '--to', 'json'], { stdin: first.stdout }),
      runInProcess(['solve', '-'], { stdin: first.stdout }),
    ]);
    expect(again.code).toBe(code);
    expect(again.stderr).toBe('');
    const r2 = report(again.stdout);
    expect({ ...r2, timeMs: 0, id: null }).toEqual({ ...r, timeMs: 0, id: null });
    expect(text.code).toBe(code);
    expect(text.stderr).toBe('');
  });
});
