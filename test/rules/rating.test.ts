/** Difficulty classes (the thesis's Table 5) and their step measures; the catalogue table. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../src/formats/json.js';
import { levelIndex, levelInfo, levelOf, ruleSets, techniques } from '../../src/rules/catalogue.js';
import { rate, solveByRules } from '../../src/rules/index.js';
import { levels, techniqueCodes } from '../../src/rules/types.js';
import { grid } from './support.js';

const sample = parseJsonLines(readFileSync(fileURLToPath(new URL('../fixtures/menneske-sample.jsonl', import.meta.url)), 'utf8'));

describe('rate', () => {
  it('rates a Latin square class A (trivial), with no steps', () => {
    const r = rate(grid('1 2 3 / 2 3 1 / 3 1 2'));
    expect([r.class, r.name, r.steps]).toEqual(['A', 'trivial', 0]);
  });

  it('counts class B in sweeps, the mean of starting with rows and starting with columns', () => {
    // Row 1 needs Sim-U3 (a row rule): an H-sweep solves it at once; starting with V takes two.
    const p = grid('7 7 7 / 1 2 3 / 4 5 6');
    const r = rate(p);
    expect([r.class, r.name, r.steps]).toEqual(['B', 'pretty easy', 1.5]);
  });

  it('gives the lowest class whose techniques solve the puzzle', () => {
    for (const record of sample.slice(0, 120)) {
      const r = rate(record.puzzle);
      const k = levelIndex(r.class!);
      expect(solveByRules(record.puzzle, { techniques: 'thesis', maxLevel: r.class! }).status).toBe('solved');
      if (k > 0)
        expect(solveByRules(record.puzzle, { techniques: 'thesis', maxLevel: levels[k - 1]! }).status, record.puzzle.id).not.toBe('solved');
    }
  });

  it('measures D by corner cells, F by cut-off white cells and G by the classes every probe tried needed', () => {
    const seen = new Set<string>();
    for (const record of sample) {
      const r = rate(record.puzzle);
      const own = r.result.steps.filter((d) => d.technique !== 'NoB' && d.technique !== 'DoW' && levelOf(d.technique) === r.class);
      if (r.class === 'D') expect(r.steps).toBe(own.reduce((s, d) => s + d.cells.length, 0));
      if (r.class === 'F') expect(r.steps).toBe(own.reduce((s, d) => s + (d.weight ?? 0), 0));
      if (r.class === 'G') {
        // Every probe tried counts, not only the ones that found a contradiction.
        const tried = r.result.probesTried ?? 0;
        expect(tried).toBeGreaterThanOrEqual(own.length);
        expect(r.steps).toBe((r.result.probeClassSum ?? 0) / tried);
        expect(r.steps).toBeGreaterThanOrEqual(1);
        expect(r.steps).toBeLessThanOrEqual(6);
      }
      seen.add(r.class!);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['B', 'D', 'F', 'G']));
  });

  it('rates every 3x3 grid over 3 symbols alike in all its mirror images and rotations (the rules never depend on the orientation)', () => {
    // The thesis's Table 19 has odd counts where whole orbits of mirror images are all even
    // (bench/thesis.ts, BENCH.md thesis-symmetry); this is the property that argument needs.
    const image = (values: readonly number[], map: (r: number, c: number) => [number, number]) =>
      Array.from({ length: 9 }, (_, i) => {
        const [r, c] = map(Math.floor(i / 3), i % 3);
        return values[r * 3 + c]!;
      });
    const maps: ((r: number, c: number) => [number, number])[] = [
      (r, c) => [2 - r, c],
      (r, c) => [r, 2 - c],
      (r, c) => [c, r],
      (r, c) => [2 - c, 2 - r],
      (r, c) => [c, 2 - r],
      (r, c) => [2 - c, r],
      (r, c) => [2 - r, 2 - c],
    ];
    let solved = 0;
    const values = [1, 1, 1, 1, 1, 1, 1, 1, 1];
    const visit = (i: number, max: number): void => {
      if (i === 9) {
        const cls = rate({ rows: 3, cols: 3, values: [...values] }).class;
        if (cls === null) return;
        solved++;
        for (const map of maps) expect(rate({ rows: 3, cols: 3, values: image(values, map) }).class).toBe(cls);
        return;
      }
      for (let v = 1; v <= Math.min(max + 1, 3); v++) {
        values[i] = v;
        visit(i + 1, Math.max(max, v));
      }
    };
    visit(1, 1);
    expect(solved).toBe(404);
  });

  it('rates with the 2-SAT line solver in place of the Sim-* rules on request', () => {
    const r = rate(grid('1 2 3 3 1 2 / 4 5 6 7 8 9 / 5 6 7 8 9 4'), { ruleSet: 'two-sat' });
    expect(r.techniques['2-SAT']).toBeGreaterThan(0);
    expect(r.techniques['Sim-M3']).toBeUndefined();
  });
});

describe('the catalogue', () => {
  it('has exactly one entry per technique code, cheapest level first', () => {
    expect(techniques.map((t) => t.code).sort()).toEqual([...techniqueCodes].sort());
    const order = techniques.map((t) => levelIndex(t.level));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("follows the thesis's Table 5 for the thesis's rules", () => {
    const expected: Record<string, string> = {
      UC: 'A',
      NoB: 'A',
      DoW: 'B',
      'Sim-M3': 'B',
      'Sim-U3': 'B',
      'Sim-U*': 'B',
      'Sim-M4': 'B',
      'Sim-M*': 'B',
      DP: 'C',
      SbP: 'C',
      CP: 'D',
      DoT: 'D',
      'BoP-D': 'E',
      'BoP-T': 'E',
      BoP: 'E',
      'NCO-C': 'F',
      'NCO-B': 'F',
      NCO: 'F',
      EP: 'F',
      'EP-B': 'F',
      'EP-M': 'F',
      'NCO-K': 'F',
      Prob: 'G',
    };
    for (const [code, level] of Object.entries(expected)) expect(techniques.find((t) => t.code === code)?.level, code).toBe(level);
    expect(Object.keys(levelInfo)).toEqual([...levels]);
  });

  it('marks UC, and only UC, as assuming a unique solution', () => {
    expect(techniques.filter((t) => t.assumesUniqueness).map((t) => t.code)).toEqual(['UC']);
  });

  it("has rule sets: thesis with exactly the thesis's rules (its NCO read as NCO-K), two-sat with 2-SAT for the Sim-* rules, all with the extras", () => {
    const extras = ['2-SAT', 'Prob-C', 'Prob-2'];
    expect(techniques.filter((t) => t.extra).map((t) => t.code)).toEqual(extras);
    expect(ruleSets.thesis).toEqual(techniqueCodes.filter((c) => !extras.includes(c)));
    expect(ruleSets['two-sat']).toContain('2-SAT');
    expect(ruleSets['two-sat']).not.toContain('Sim-U3');
    expect(ruleSets['two-sat']).not.toContain('Prob-C');
    expect(ruleSets.all).toEqual(expect.arrayContaining(extras));
    expect(ruleSets.all).not.toContain('NCO-K');
  });

  it('rates with the thesis rule set by default', () => {
    // 1 1 2 / 1 2 3 / 3 2 2 needs the thesis's reading of NCO (class F); with every technique but NCO-K it needs a probe.
    const p = grid('1 1 2 / 1 2 3 / 3 2 2');
    expect(rate(p).class).toBe('F');
    expect(rate(p, { ruleSet: 'thesis' }).class).toBe('F');
    expect(rate(p, { ruleSet: 'all' }).class).toBe('G');
  });
});
