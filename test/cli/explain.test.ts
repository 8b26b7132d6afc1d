/**
 * `hitori-sat explain`: the rule engine's solution step by step. The truth the tests compare with
 * is janko.at's published solution (in the fixtures' .json files), never the program's own output.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { techniques } from '../../src/rules/catalogue.js';
import { fixture, linesOf, run } from './run.js';
import { runInProcess } from './in-process.js';
import { mulberry32 } from '../support/brute-force.js';

interface Published {
  grid: number[][];
  solution: number[][];
}

function published(id: string): Published {
  return JSON.parse(readFileSync(fixture(`${id}.json`), 'utf8')) as Published;
}

const codes = new Set(techniques.map((t) => t.code));

interface ExplainJson {
  status: string;
  unique: boolean | null;
  usedUniqueness: boolean;
  hardest: string | null;
  timedOut: boolean;
  undecided: number;
  contradiction: { reason: string; cells: { row: number; col: number }[] } | null;
  steps: {
    technique: string;
    cells: { row: number; col: number; colour: string }[];
    premises: { row: number; col: number }[];
    reason: string;
  }[];
  board: (0 | 1 | null)[][];
}

function report(stdout: string): ExplainJson {
  const lines = linesOf(stdout);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as ExplainJson;
}

/** The text output in its parts: the numbered step lines, the grid after the blank line, the verdict (last line). */
function parts(stdout: string): { steps: string[]; grid: string[]; verdict: string } {
  const lines = linesOf(stdout);
  const blank = lines.lastIndexOf('');
  expect(blank).toBeGreaterThan(0);
  const tail = lines.slice(blank + 1);
  return { steps: lines.slice(0, blank), grid: tail.slice(0, -1).filter((l) => !l.startsWith('Note:')), verdict: tail.at(-1)! };
}

/** A grid line's cells: '#' black (1), a number white (0), a bracketed number undecided (null). */
function cellsOf(line: string): (0 | 1 | null)[] {
  return line
    .trim()
    .split(/\s+/)
    .map((t) => (/^#+$/.test(t) ? 1 : /^\[\d+\]$/.test(t) ? null : /^\d+$/.test(t) ? 0 : (Number.NaN as never)));
}

/** Numbered steps, 1, 2, 3 ...; under a probe, its trial indented, each line a technique, the last the clash. */
function expectStepLines(steps: readonly string[]): void {
  expect(steps.length).toBeGreaterThan(0);
  let k = 0;
  steps.forEach((line, at) => {
    const inner = /^( +)(\S+?)[,:] /.exec(line);
    if (inner) {
      expect(inner[1]!.length % 4, line).toBe(0);
      const next = steps[at + 1];
      if (inner[2] === 'clash') expect(next === undefined || next.length - next.trimStart().length < inner[1]!.length, line).toBe(true);
      else expect(codes.has(inner[2] as never), `unknown technique in: ${line}`).toBe(true);
      return;
    }
    const m = /^(\d+)\. (\S+?)[,:] /.exec(line);
    expect(m, line).not.toBeNull();
    expect(Number(m![1]), line).toBe(++k);
    expect(codes.has(m![2] as never), `unknown technique in: ${line}`).toBe(true);
  });
}

describe('explain, text', () => {
  for (const id of ['janko-002', 'janko-211', 'janko-037']) {
    it(`${id}: numbered steps, each naming a catalogue technique, end in a solved verdict with the published solution`, async () => {
      const r = await runInProcess(['explain', `${id}.txt`]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const { steps, grid, verdict } = parts(r.stdout);
      expectStepLines(steps);
      expect(verdict).toMatch(/^Solved\b/);
      expect(verdict).toMatch(/only solution/);
      expect(grid.map(cellsOf)).toEqual(published(id).solution);
    });
  }

  it('stuck on a puzzle with two solutions: exit 4, every cell undecided and shown in brackets', async () => {
    const r = await runInProcess(['explain', '-'], { stdin: '1 2\n2 1\n' });
    expect(r.code).toBe(4);
    const { grid, verdict } = parts(r.stdout);
    expect(grid).toEqual(['[1] [2]', '[2] [1]']);
    expect(verdict).toMatch(/^Stuck\b/);
    expect(verdict).toMatch(/\b4 undecided\b/);
    expect(r.stdout).toMatch(/more than one solution/);
  });

  it('stuck with --max-level A on a harder puzzle: the partial grid agrees with the published solution, undecided cells counted', async () => {
    const r = await runInProcess(['explain', 'janko-037.txt', '--max-level', 'A']);
    expect(r.code).toBe(4);
    const { steps, grid, verdict } = parts(r.stdout);
    expectStepLines(steps);
    // Level A (UC) and the board's knock-on effects (NoB, DoW) only.
    for (const line of steps) expect(line).toMatch(/^\d+\. (UC|NoB|DoW)[,:] /);
    const cells = grid.map(cellsOf);
    const solution = published('janko-037').solution;
    const undecided = cells.flat().filter((c) => c === null).length;
    expect(undecided).toBeGreaterThan(0);
    for (const [r0, row] of cells.entries()) {
      for (const [c0, c] of row.entries()) if (c !== null) expect(c, `r${r0 + 1}c${c0 + 1}`).toBe(solution[r0]![c0]);
    }
    expect(verdict).toMatch(/^Stuck\b/);
    expect(verdict).toContain(`${undecided} undecided`);
  });

  it('contradiction: exit 1, says there is no solution, why and where', async () => {
    const r = await runInProcess(['explain', '-'], { stdin: '1 1\n1 1\n' });
    expect(r.code).toBe(1);
    const { verdict } = parts(r.stdout);
    expect(verdict).toMatch(/^No solution: .+ \(at r\dc\d(, r\dc\d)*\)\.$/);
  });

  it('--timeout stops the rules: exit 3 and a time-limit verdict', async () => {
    const r = await run(['explain', 'janko-037.txt', '--timeout', '1']);
    expect(r.code).toBe(3);
    expect(parts(r.stdout).verdict).toMatch(/^Time limit of 1 ms reached\b/);
  });
});

describe('explain --format json', () => {
  for (const id of ['janko-002', 'janko-211', 'janko-037']) {
    it(`${id}: every step's cells agree with the published solution, and the board is that solution`, async () => {
      const r = await runInProcess(['explain', `${id}.json`, '--format', 'json']);
      expect(r.code).toBe(0);
      const j = report(r.stdout);
      const { solution } = published(id);
      expect(j.status).toBe('solved');
      expect(j.unique).toBe(true);
      expect(j.timedOut).toBe(false);
      expect(j.undecided).toBe(0);
      expect(j.hardest).toMatch(/^[A-G]$/);
      expect(j.board).toEqual(solution);
      expect(j.steps.length).toBeGreaterThan(0);
      const explained = new Set<string>();
      for (const step of j.steps) {
        expect(codes.has(step.technique as never), step.technique).toBe(true);
        expect(step.reason).not.toBe('');
        for (const c of step.cells) {
          explained.add(`${c.row},${c.col}`);
          const want = solution[c.row - 1]?.[c.col - 1];
          expect(want, `${step.technique} r${c.row}c${c.col} lies outside the grid`).toBeDefined();
          expect(c.colour, `${step.technique}: ${step.reason}`).toBe(want === 1 ? 'black' : 'white');
        }
        for (const p of step.premises) {
          expect(p.row).toBeGreaterThanOrEqual(1);
          expect(p.row).toBeLessThanOrEqual(solution.length);
          expect(p.col).toBeGreaterThanOrEqual(1);
          expect(p.col).toBeLessThanOrEqual(solution[0]!.length);
        }
      }
      // Every cell is coloured by some step.
      expect(explained.size).toBe(solution.length * solution[0]!.length);
    });
  }

  it('--techniques and --max-level reach the engine: thesis uses no 2-SAT, max level F no probing', async () => {
    const thesis = report((await runInProcess(['explain', 'janko-037.json', '--format', 'json', '--techniques', 'thesis'])).stdout);
    expect(thesis.steps.some((s) => s.technique === '2-SAT')).toBe(false);
    const f = report((await runInProcess(['explain', 'janko-037.json', '--format', 'json', '--max-level', 'F'])).stdout);
    expect(f.steps.some((s) => s.technique.startsWith('Prob'))).toBe(false);
  });

  it('stuck: status stuck, exit 4, every cell null, not unique', async () => {
    const r = await runInProcess(['explain', '-', '--format', 'json'], { stdin: '1 2\n2 1\n' });
    expect(r.code).toBe(4);
    const j = report(r.stdout);
    expect(j.status).toBe('stuck');
    expect(j.unique).toBe(false);
    expect(j.undecided).toBe(4);
    expect(j.board).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('contradiction: status contradiction, exit 1, with a reason and its cells', async () => {
    const r = await runInProcess(['explain', '-', '--format', 'json'], { stdin: '1 1\n1 1\n' });
    expect(r.code).toBe(1);
    const j = report(r.stdout);
    expect(j.status).toBe('contradiction');
    expect(j.contradiction?.reason).not.toBe('');
    expect(j.contradiction?.cells.length).toBeGreaterThan(0);
  });
});

describe('explain, bad input', () => {
  const cases: { name: string; args: string[]; stdin?: string; message: RegExp }[] = [
    { name: 'a missing file', args: ['explain', 'no-such-file.txt'], message: /no-such-file\.txt: cannot read it: no such file/ },
    { name: 'a non-number', args: ['explain', '-'], stdin: '1 2\n2 x\n', message: /stdin, line 2.*"x" is not a positive integer/ },
    { name: 'a level out of range', args: ['explain', 'janko-002.txt', '--max-level', 'H'], message: /--max-level/ },
    { name: 'an unknown rule set', args: ['explain', 'janko-002.txt', '--techniques', 'some'], message: /--techniques/ },
  ];
  for (const c of cases) {
    it(`${c.name}: one line on stderr, nothing on stdout, exit 2`, async () => {
      const r = await runInProcess(c.args, c.stdin === undefined ? {} : { stdin: c.stdin });
      expect(linesOf(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(c.message);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(2);
    });
  }
});

describe('explain, a picture too large to draw', () => {
  it('--to svg and --to png are refused by the picture size, before it is drawn: one line, exit 2, no file written', async () => {
    // A random 200x200: each step is a whole board in the picture, 40,000 cells a step.
    const random = mulberry32(200);
    const grid = `${Array.from({ length: 200 }, () => Array.from({ length: 200 }, () => 1 + Math.floor(random() * 200)).join(' ')).join('\n')}\n`;
    const dir = mkdtempSync(join(tmpdir(), 'hitori-explain-large-'));
    try {
      writeFileSync(join(dir, 'r200.txt'), grid);
      const steps = report((await runInProcess(['explain', join(dir, 'r200.txt'), '--format', 'json'])).stdout).steps.length;
      const cells = Math.max(1, steps) * 200 * 200;
      // The truth: the steps of the JSON report, one 200x200 board each; more than either bound.
      expect(cells).toBeGreaterThan(2_000_000);
      const svg = await runInProcess(['explain', join(dir, 'r200.txt'), '--to', 'svg', '-o', join(dir, 'e.svg')]);
      expect(svg.code).toBe(2);
      expect(linesOf(svg.stderr)).toEqual([
        `hitori-sat: --to svg: the picture would draw ${cells.toLocaleString('en-US')} cells (${steps.toLocaleString('en-US')} steps of 200x200), more than the 2,000,000 an SVG draws: write --to text or --to json instead`,
      ]);
      const png = await runInProcess(['explain', join(dir, 'r200.txt'), '--to', 'png', '-o', join(dir, 'e.png')]);
      expect(png.code).toBe(2);
      expect(linesOf(png.stderr)).toHaveLength(1);
      expect(png.stderr).toContain(
        `--to png: the picture would have at least ${(2 * cells).toLocaleString('en-US')} SVG nodes, more than the 1,000,000 resvg reads`,
      );
      expect(existsSync(join(dir, 'e.svg')) || existsSync(join(dir, 'e.png'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
