/**
 * `hitori-sat rate`: one puzzle's class, a set's histogram and its cross-table with the set's own
 * difficulty labels. Counts are checked against the fixture files themselves, read here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { techniques } from '../../src/rules/catalogue.js';
import { fixture, linesOf } from './run.js';
import { runInProcess } from './in-process.js';

const codes = new Set<string>(techniques.map((t) => t.code));
const classes = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

/** The non-blank lines of a fixture, and their `difficulty` labels. */
function setLines(name: string): { n: number; labels: Map<string, number> } {
  const lines = readFileSync(fixture(name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const labels = new Map<string, number>();
  for (const l of lines) {
    const d = (JSON.parse(l) as { difficulty: string | null }).difficulty;
    if (d !== null) labels.set(d, (labels.get(d) ?? 0) + 1);
  }
  return { n: lines.length, labels };
}

interface RateSetJson {
  n: number;
  histogram: Record<string, number>;
  unsolved: number;
  stuck: number;
  contradiction: number;
  timedOut: number;
  notUnique: number;
  crossTable?: Record<string, Record<string, number>>;
  puzzles: { id: string; class: string | null; unique: boolean | null }[];
}

function json<T>(stdout: string): T {
  const lines = linesOf(stdout);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as T;
}

describe('rate, one puzzle', () => {
  for (const id of ['janko-002', 'janko-211', 'janko-037']) {
    it(`${id}: a class A-G, the step measure and the hardest technique`, async () => {
      const r = await runInProcess(['rate', `${id}.txt`]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const lines = linesOf(r.stdout);
      expect(lines[0]).toMatch(/^class: [A-G] \([a-z ]+\)$/);
      expect(lines[1]).toMatch(/^steps: \d+(\.\d+)? \(/);
      const hardest = /^hardest technique: (\S+) \(/.exec(lines[2]!);
      expect(hardest).not.toBeNull();
      expect(codes.has(hardest![1]!)).toBe(true);
    });
  }

  it('--format json: class, steps, hardest technique of that class', async () => {
    const r = await runInProcess(['rate', 'janko-037.json', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = json<{ class: string; steps: number; hardestTechnique: string; status: string }>(r.stdout);
    expect(classes).toContain(j.class);
    expect(j.steps).toBeGreaterThanOrEqual(0);
    expect(codes.has(j.hardestTechnique)).toBe(true);
    expect(techniques.find((t) => t.code === j.hardestTechnique)!.level).toBe(j.class);
    expect(j.status).toBe('solved');
  });

  it('no solution: exit 1, no class', async () => {
    const r = await runInProcess(['rate', '-'], { stdin: '1 1\n1 1\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^class: none \(not solved by rules\): the puzzle has no solution/);
  });
});

describe('rate, a set', () => {
  it('bench-small.jsonl: a histogram whose counts add up to the number of puzzles', async () => {
    const { n } = setLines('bench-small.jsonl');
    const r = await runInProcess(['rate', 'bench-small.jsonl']);
    expect(r.code).toBe(0);
    const rows = linesOf(r.stdout).filter((l) => /^([A-G]|-)\s{2}/.test(l));
    expect(rows.map((l) => l.split(/\s{2,}/)[0])).toEqual([...classes, '-']);
    const counts = rows.map((l) => Number(l.trim().split(/\s+/).at(-2)));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(n);
    const percents = rows.map((l) => Number(l.trim().split(/\s+/).at(-1)!.replace('%', '')));
    expect(percents.reduce((s, x) => s + x, 0)).toBeCloseTo(100, 0);
  });

  it('--format json, and a set given on stdin is recognised by its lines', async () => {
    const { n } = setLines('bench-wrong.jsonl');
    const r = await runInProcess(['rate', '-', '--format', 'json'], { stdin: readFileSync(fixture('bench-wrong.jsonl'), 'utf8') });
    expect(r.code).toBe(0);
    const j = json<RateSetJson>(r.stdout);
    expect(j.n).toBe(n);
    expect(Object.keys(j.histogram)).toEqual(classes);
    expect(Object.values(j.histogram).reduce((s, x) => s + x, 0) + j.unsolved).toBe(n);
    expect(j.stuck + j.contradiction + j.timedOut).toBe(j.unsolved);
    // `1 1 / 1 1` (two-by-two-none) has no solution: the rules find the contradiction.
    expect(j.puzzles.find((p) => p.id === 'two-by-two-none')?.class).toBeNull();
    expect(j.contradiction).toBeGreaterThanOrEqual(1);
    expect(j.crossTable).toBeUndefined();
  });

  it('a set flags the rated puzzles that have several solutions under the rules as written', async () => {
    // 1 2 / 3 4 repeats nothing: UC rates it A, yet any single corner may be shaded too (five solutions, by hand).
    // 1 1 / 2 1 has one: r1c2 black (r1c1 black leaves the 1s of column 2 white, or with r2c2 black splits the white cells).
    const stdin = '{"id": "several", "grid": [[1, 2], [3, 4]]}\n{"id": "one", "grid": [[1, 1], [2, 1]]}\n';
    const text = await runInProcess(['rate', '-'], { stdin });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^not unique: 1 rated puzzle\(s\) have more than one solution under the rules as written; the rating assumed a unique solution \(UC\): several \(line 1\)$/m,
    );
    const r = await runInProcess(['rate', '-', '--format', 'json'], { stdin });
    const j = json<RateSetJson>(r.stdout);
    expect(j.notUnique).toBe(1);
    expect(j.puzzles.map((p) => [p.id, p.unique])).toEqual([
      ['several', false],
      ['one', true],
    ]);
  });

  it('a set with difficulty labels: a cross-table whose rows hold every label with its count', async () => {
    const { n, labels } = setLines('rate-menneske.jsonl');
    const r = await runInProcess(['rate', 'rate-menneske.jsonl', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = json<RateSetJson>(r.stdout);
    expect(j.n).toBe(n);
    expect(Object.keys(j.crossTable!).sort()).toEqual([...labels.keys()].sort());
    for (const [label, count] of labels) {
      const row = j.crossTable![label]!;
      expect(row['total'], label).toBe(count);
      expect(
        [...classes, 'unsolved'].reduce((s, c) => s + row[c]!, 0),
        label,
      ).toBe(count);
    }
    const text = await runInProcess(['rate', 'rate-menneske.jsonl']);
    expect(text.stdout).toMatch(/^difficulty\s+A\s+B\s+C\s+D\s+E\s+F\s+G\s+unsolved\s+total$/m);
    for (const [label, count] of labels) expect(text.stdout).toMatch(new RegExp(`^${label}(\\s+\\d+){8}\\s+${count}$`, 'm'));
  });
});

describe('rate, bad input', () => {
  const cases: { name: string; args: string[]; stdin?: string; message: RegExp }[] = [
    { name: 'a set with a broken line', args: ['rate', 'bench-bad.jsonl'], message: /bench-bad\.jsonl, line 3\b.*not valid JSON/ },
    { name: 'an empty set', args: ['rate', '-'], stdin: '', message: /stdin: / },
    { name: 'a missing file', args: ['rate', 'no-such-set.jsonl'], message: /no-such-set\.jsonl: cannot read it: no such file/ },
    { name: 'an unknown rule set', args: ['rate', 'janko-002.txt', '--techniques', 'mine'], message: /--techniques/ },
  ];
  for (const c of cases) {
    it(`${c.name}: one line on stderr, nothing on stdout, exit 2`, async () => {
      const r = await runInProcess(c.args, c.stdin === undefined ? {} : { stdin: c.stdin });
      expect(linesOf(r.stderr), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(c.message);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(2);
    });
  }
});
