/**
 * `hitori-sat hint` on janko 037 (17x17) as a player saves it from puzz.link (pzprv3, "#" shaded,
 * "+" marked unshaded, "." not marked), judged by janko.at's published solution.
 */
import { describe, expect, it } from 'vitest';
import { fixture, linesOf, published } from './run.js';
import { runInProcess } from './in-process.js';
import { readFileSync } from 'node:fs';
import { parseText } from '../../src/formats/text.js';

const { solution } = published('janko-037');
const puzzle = parseText(readFileSync(fixture('janko-037.txt'), 'utf8'));

/** A pzprv3 file of janko 037 with the marks given (true "#", false "+", null "."). */
function saved(marks: readonly (boolean | null)[]): string {
  const rows = (cell: (i: number) => string) =>
    Array.from({ length: puzzle.rows }, (_, r) => Array.from({ length: puzzle.cols }, (_, c) => cell(r * puzzle.cols + c)).join(' ')).join(
      '\n',
    );
  const marksText = rows((i) => (marks[i] === null ? '.' : marks[i] ? '#' : '+'));
  return `pzprv3\nhitori\n${puzzle.rows}\n${puzzle.cols}\n${rows((i) => String(puzzle.values[i]))}\n${marksText}\n`;
}

interface StepJson {
  kind: string;
  technique: string;
  words: string;
  name: string;
  focus: { row: number; col: number }[];
  cells: { row: number; col: number; colour: string }[];
}

const shaded = (i: number) => solution[Math.floor(i / puzzle.cols)]![i % puzzle.cols] === 1;
const cells = puzzle.rows * puzzle.cols;

describe('hint', () => {
  it('names a wrong mark with its place and exits 1', async () => {
    // The top half marked as in the solution, one cell of it the other way round.
    const marks = Array.from({ length: cells }, (_, i) => (i < cells / 2 ? shaded(i) : null));
    const wrong = 3 * puzzle.cols + 5;
    marks[wrong] = !marks[wrong];
    const r = await runInProcess(['hint', '-'], { stdin: saved(marks) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `1 mark is wrong: r4c6 is ${marks[wrong] ? 'shaded' : 'marked unshaded'}; the only solution has it the other way round.\n`,
    );
    const json = JSON.parse((await runInProcess(['hint', '-', '--to', 'json'], { stdin: saved(marks) })).stdout) as {
      words: string;
      focus: unknown;
    };
    expect(json.words).toContain(`row 4, column 6 is ${marks[wrong] ? 'shaded' : 'marked white'}`);
    expect(json.focus).toEqual([{ row: 4, col: 6 }]);
  });

  it('gives the next deduction from the marks: its cells are unmarked and coloured as in the published solution', async () => {
    const marks = Array.from({ length: cells }, (_, i) => (i < cells / 2 ? shaded(i) : null));
    const r = await runInProcess(['hint', '-', '--format', 'json'], { stdin: saved(marks) });
    expect(r.code, r.stderr).toBe(0);
    const hint = JSON.parse(r.stdout) as StepJson;
    expect(hint.kind).toBe('step');
    expect(hint.cells.length).toBeGreaterThan(0);
    for (const c of hint.cells) expect(c.colour === 'black').toBe(solution[c.row - 1]![c.col - 1] === 1);
    expect(hint.cells.some((c) => marks[(c.row - 1) * puzzle.cols + c.col - 1] === null)).toBe(true);
    const text = await runInProcess(['hint', '-'], { stdin: saved(marks) });
    // The hint in plain words first (JSON's words), then the details: technique, class, reason.
    const [words, details] = linesOf(text.stdout);
    expect(words).toBe(hint.words);
    expect(words).not.toMatch(/\br\d+c\d+\b/);
    expect(details).toMatch(/^Hint \([A-Za-z0-9 ,-]+, class [A-G]\): /);
  });

  it('gives a step in plain words, with its full name and where to look, and with --circle-neighbours none for circled cells alone', async () => {
    // The top half's shaded cells marked, nothing else: the first hint would circle their neighbours.
    const marks = Array.from({ length: cells }, (_, i) => (i < cells / 2 && shaded(i) ? true : null));
    const plain = JSON.parse((await runInProcess(['hint', '-', '--to', 'json'], { stdin: saved(marks) })).stdout) as StepJson;
    expect(plain.kind).toBe('step');
    expect(plain.technique).toBe('NoB');
    const r = await runInProcess(['hint', '-', '--to', 'json', '--circle-neighbours'], { stdin: saved(marks) });
    expect(r.code, r.stderr).toBe(0);
    const step = JSON.parse(r.stdout) as StepJson;
    expect(step.kind).toBe('step');
    expect(step.technique).not.toBe('NoB');
    const index = (c: { row: number; col: number }) => (c.row - 1) * puzzle.cols + c.col - 1;
    const circled = (i: number) =>
      marks[i] === null &&
      [i - puzzle.cols, i + puzzle.cols, i % puzzle.cols > 0 ? i - 1 : -1, (i + 1) % puzzle.cols > 0 ? i + 1 : -1].some(
        (j) => marks[j] === true,
      );
    expect(step.cells.some((c) => marks[index(c)] === null && !circled(index(c)))).toBe(true);
    for (const c of step.cells) expect(c.colour === 'black').toBe(solution[c.row - 1]![c.col - 1] === 1);
    expect(step.words.length).toBeGreaterThan(20);
    expect(step.name.length).toBeGreaterThan(step.technique.length);
    const focus = new Set(step.focus.map(index));
    for (const c of step.cells) expect(focus.has(index(c))).toBe(true);
  });

  it('says solved when the shaded cells are the solution, whether the white cells are marked or not, in text and JSON', async () => {
    const all = await runInProcess(['hint', '-'], { stdin: saved(Array.from({ length: cells }, (_, i) => shaded(i))) });
    expect(all.code).toBe(0);
    expect(all.stdout).toBe('Solved: the shaded cells are exactly those of the only solution.\n');
    // As pzprjs's own test script leaves it: the shaded cells placed, the white ones unmarked.
    const shadedOnly = Array.from({ length: cells }, (_, i) => (shaded(i) ? true : null));
    const whites = shadedOnly.filter((m) => m === null).length;
    const text = await runInProcess(['hint', '-'], { stdin: saved(shadedOnly) });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(`Solved: the shaded cells are exactly those of the only solution (the ${whites} unmarked cells are white).\n`);
    const json = await runInProcess(['hint', '-', '--to', 'json'], { stdin: saved(shadedOnly) });
    expect(JSON.parse(json.stdout)).toEqual({ kind: 'solved', unique: true, unmarked: whites });
  });

  it('takes a bare puzzle from the start: one small deduction that assumes nothing', async () => {
    const bare = await runInProcess(['hint', fixture('janko-037.txt'), '--format', 'json']);
    expect(bare.code).toBe(0);
    const step = JSON.parse(bare.stdout) as { kind: string; assumesUnique: boolean; cells: { row: number; col: number; colour: string }[] };
    expect(step.kind).toBe('step');
    expect(step.assumesUnique).toBe(false);
    expect(step.cells.length).toBeLessThanOrEqual(3);
    for (const c of step.cells) expect(c.colour === 'black').toBe(solution[c.row - 1]![c.col - 1] === 1);
  });

  it('refuses a bad mark with its place (exit 2, one line)', async () => {
    const text = saved(new Array(cells).fill(null)).replace(/\n\. /, '\nx ');
    const r = await runInProcess(['hint', '-'], { stdin: text });
    expect(r.code).toBe(2);
    expect(linesOf(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^hitori-sat: stdin, line 22, row 1, column 1: "x" is not an answer mark/);
  });
});
