/**
 * The enumerator against an independent brute force written here: the classes are listed by a
 * plain recursion, every grid's shadings are tried and judged by the rules directly, and the
 * rule engine is called on each grid unique under shaded-duplicates. Nothing is compared with
 * the enumerator's own earlier output.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import {
  classCount,
  Enumerator,
  buildTables,
  prefixes,
  type EnumerateOptions,
  type EnumerationCounts,
  type EnumerationSize,
} from '../../src/enumerate/enumerate.js';
import { rateClassifier } from '../../src/enumerate/enumerate-run.js';
import { TimeoutError } from '../../src/control/errors.js';
import { defaultJobs, shardItems, shardPlan } from '../../src/enumerate/enumerate-split.js';
import { conventions, type Convention } from '../../src/puzzle/convention.js';
import { rate } from '../../src/rules/index.js';
import { allRules, bruteForceByConvention, bruteForceMasks } from '../support/brute-force.js';

/** A whole board enumerated in this thread, from the empty prefix, as a shard does its prefixes. */
function enumerateAll(size: EnumerationSize, options: EnumerateOptions = {}): EnumerationCounts {
  const enumerator = new Enumerator(buildTables(size), options);
  enumerator.run(new Uint8Array(0));
  return enumerator.counts();
}

interface Size {
  rows: number;
  cols: number;
  symbols: number;
}

/** Every restricted-growth sequence of rows*cols values below `symbols`, by plain recursion. */
function* sequences({ rows, cols, symbols }: Size): Generator<number[]> {
  const n = rows * cols;
  const seq: number[] = [];
  function* grow(used: number): Generator<number[]> {
    if (seq.length === n) {
      yield seq;
      return;
    }
    for (let v = 0; v < Math.min(used + 1, symbols); v++) {
      seq.push(v);
      yield* grow(Math.max(used, v + 1));
      seq.pop();
    }
  }
  yield* grow(0);
}

type Tally = Record<Convention, { none: number; unique: number; multiple: number }>;
const emptyTally = (): Tally => Object.fromEntries(conventions.map((c) => [c, { none: 0, unique: 0, multiple: 0 }])) as Tally;
const verdict = (n: number) => (n === 0 ? 'none' : n === 1 ? 'unique' : 'multiple');

/**
 * A faster brute force for boards too big for judging every mask with the support module: the
 * shadings that obey rules 2 and 3 come from that module once (on a board of distinct numbers),
 * then rule 1 and the conventions are checked per grid with masks of equal-valued pairs.
 */
function fastBrute(size: Size) {
  const { rows, cols } = size;
  const n = rows * cols;
  const distinct = { rows, cols, values: Array.from({ length: n }, (_, i) => i + 1) };
  const valid = bruteForceMasks(distinct, { noRepeat: false, noAdjacentShaded: true, connected: true, convention: 'literal' });
  const lineOf: number[][] = [];
  for (let r = 0; r < rows; r++) lineOf.push(Array.from({ length: cols }, (_, c) => r * cols + c));
  for (let c = 0; c < cols; c++) lineOf.push(Array.from({ length: rows }, (_, r) => r * cols + c));
  /** The number of solutions per convention (capped at 2) of one grid. */
  return (values: readonly number[]): Record<Convention, number> => {
    const pairs: number[] = [];
    const twins = new Array<number>(n).fill(0);
    for (const line of lineOf)
      for (let a = 0; a < line.length; a++)
        for (let b = a + 1; b < line.length; b++)
          if (values[line[a]!] === values[line[b]!]) {
            pairs.push((1 << line[a]!) | (1 << line[b]!));
            twins[line[a]!]! |= 1 << line[b]!;
            twins[line[b]!]! |= 1 << line[a]!;
          }
    const out = { literal: 0, 'unique-white': 0, 'shaded-duplicates': 0 };
    for (const s of valid) {
      // Rule 1: of every equal pair in a line, at least one cell is shaded.
      if (!pairs.every((p) => (p & s) !== 0)) continue;
      out.literal++;
      let uw = true;
      let sd = true;
      for (let i = 0; i < n; i++) {
        if (!((s >>> i) & 1)) continue;
        if (twins[i] === 0) uw = false;
        if ((twins[i]! & ~s) === 0) sd = false;
      }
      if (uw) out['unique-white']++;
      if (sd) out['shaded-duplicates']++;
    }
    return out;
  };
}

function tallyCounts(counts: EnumerationCounts): Tally {
  return JSON.parse(JSON.stringify(counts.conventions)) as Tally;
}

/** Every class of `size` judged by the brute force over all shadings: its count, and the verdicts per convention. */
function bruteTally(size: Size): { tally: Tally; classes: number } {
  const tally = emptyTally();
  let classes = 0;
  for (const seq of sequences(size)) {
    classes++;
    const grid = { rows: size.rows, cols: size.cols, values: seq.map((v) => v + 1) };
    // Every shading judged once, the conventions' solutions picked from the literal ones.
    const solutions = bruteForceByConvention(grid);
    for (const c of conventions) tally[c][verdict(solutions[c].length)]++;
  }
  return { tally, classes };
}

describe('enumerate: classes and solutions per convention', () => {
  it('counts the 3,281 classes of 3x3 over 3 symbols and their solutions as a brute force over all shadings finds them', () => {
    const size = { rows: 3, cols: 3, symbols: 3 };
    const { tally, classes } = bruteTally(size);
    expect(classes).toBe(3281);
    const counts = enumerateAll(size);
    expect(counts.classes).toBe(3281);
    expect(counts.pruned).toBe(0);
    expect(tallyCounts(counts)).toEqual(tally);
    // The thesis's population: 404 grids unique under shaded-duplicates (Table 19's "Solvable").
    expect(counts.conventions['shaded-duplicates'].unique).toBe(404);
  });

  it('counts a board over more symbols than its longest line (3x3 over 4) as the brute force over all shadings does', () => {
    const size = { rows: 3, cols: 3, symbols: 4 };
    const { tally, classes } = bruteTally(size);
    // The Stirling numbers S(9, k) for k <= 4: 1 + 255 + 3025 + 7770.
    expect(classes).toBe(11_051);
    const counts = enumerateAll(size);
    expect(counts.classes).toBe(11_051);
    expect(tallyCounts(counts)).toEqual(tally);
    const pruned = enumerateAll(size, { prune: true });
    expect(pruned.classes).toBe(11_051);
    for (const c of conventions) {
      expect(pruned.conventions[c].unique).toBe(tally[c].unique);
      expect(pruned.conventions[c].multiple).toBe(tally[c].multiple);
    }
  });

  it('the fast brute force used for bigger boards agrees with judging every shading on sampled 4x3 grids', () => {
    const size = { rows: 4, cols: 3, symbols: 4 };
    const fast = fastBrute(size);
    let k = 0;
    for (const seq of sequences(size)) {
      if (k++ % 2333 !== 0) continue;
      const grid = { rows: 4, cols: 3, values: seq.map((v) => v + 1) };
      const slow = Object.fromEntries(conventions.map((c) => [c, Math.min(2, bruteForceMasks(grid, allRules(c)).length)]));
      const f = fast(seq);
      expect(Object.fromEntries(conventions.map((c) => [c, Math.min(2, f[c])]))).toEqual(slow);
    }
  });

  // Two non-square boards: 4x3 over 3 symbols (88,574 classes), and 4x2 over 4, whose symbols
  // outnumber a row's cells. 4x3 over 4 symbols (700,075 classes) gave the same checks 8 times
  // slower; \`npm run bench:enumerate\` counts the larger boards.
  it.each([
    [{ rows: 4, cols: 3, symbols: 3 }, 88_574],
    [{ rows: 4, cols: 2, symbols: 4 }, 2_795],
  ])('counts the classes of %o (%i) and their solutions per convention as the brute force does', (size, expected) => {
    const fast = fastBrute(size);
    const tally = emptyTally();
    let classes = 0;
    for (const seq of sequences(size)) {
      classes++;
      const found = fast(seq);
      for (const c of conventions) tally[c][verdict(found[c])]++;
    }
    expect(classes).toBe(expected);
    const counts = enumerateAll(size);
    expect(counts.classes).toBe(expected);
    expect(tallyCounts(counts)).toEqual(tally);
  });

  it('computes a(c, l) of the thesis Table 14 and 15 without listing the sequences', () => {
    expect(classCount({ rows: 4, cols: 4, symbols: 4 })).toBe(178_973_355);
    expect(classCount({ rows: 4, cols: 5, symbols: 4 })).toBe(45_813_246_635);
    expect(classCount({ rows: 5, cols: 4, symbols: 5 })).toBe(795_019_337_135);
    expect(classCount({ rows: 3, cols: 5, symbols: 4 })).toBe(44_747_435);
    expect(classCount({ rows: 5, cols: 3, symbols: 5 })).toBe(255_514_355);
    expect(classCount({ rows: 3, cols: 8, symbols: 3 })).toBe(47_071_589_414);
  });
});

describe('enumerate --prune', () => {
  /** Whether some shading of the line alone (no two neighbours shaded, unshaded values distinct) exists. */
  const lineSatisfiable = (values: readonly number[]): boolean => {
    for (let m = 0; m < 1 << values.length; m++) {
      if (m & (m >>> 1)) continue;
      const seen = values.filter((_, k) => !((m >>> k) & 1));
      if (new Set(seen).size === seen.length) return true;
    }
    return false;
  };

  it('drops exactly the 4x3 sequences with a row or column that no shading of the line alone satisfies, and only from "none"', () => {
    const size = { rows: 4, cols: 3, symbols: 3 };
    let dropped = 0;
    for (const seq of sequences(size)) {
      const rowsOk = [0, 1, 2, 3].every((r) => lineSatisfiable(seq.slice(r * 3, r * 3 + 3)));
      const colsOk = [0, 1, 2].every((c) => lineSatisfiable([0, 1, 2, 3].map((r) => seq[r * 3 + c]!)));
      if (!rowsOk || !colsOk) dropped++;
    }
    const pruned = enumerateAll(size, { prune: true });
    const whole = enumerateAll(size);
    expect(pruned.classes).toBe(88_574);
    expect(dropped).toBeGreaterThan(0);
    expect(pruned.pruned).toBe(dropped);
    for (const c of conventions) {
      expect(pruned.conventions[c].unique).toBe(whole.conventions[c].unique);
      expect(pruned.conventions[c].multiple).toBe(whole.conventions[c].multiple);
      expect(pruned.conventions[c].none).toBe(whole.conventions[c].none - dropped);
    }
  });

  it('drops nothing on 3x3: every line of three values can be shaded on its own', () => {
    expect(enumerateAll({ rows: 3, cols: 3, symbols: 3 }, { prune: true }).pruned).toBe(0);
  });
});

describe('enumerate: the rule engine histogram', () => {
  const classOf = (rows: number, cols: number, seq: readonly number[]) =>
    rate({ rows, cols, values: seq.map((v) => v + 1) }, { ruleSet: 'thesis' }).class ?? 'unsolved';

  it('rates every 3x3 grid unique under shaded-duplicates, with and without one rating per symmetry orbit', () => {
    const size = { rows: 3, cols: 3, symbols: 3 };
    const expected: Record<string, number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, unsolved: 0 };
    for (const seq of sequences(size)) {
      const grid = { rows: 3, cols: 3, values: seq.map((v) => v + 1) };
      if (bruteForceMasks(grid, allRules('shaded-duplicates')).length === 1) expected[classOf(3, 3, seq)]!++;
    }
    const classify = rateClassifier(size, 'thesis');
    expect(enumerateAll(size, { classify, symmetry: false }).histogram).toEqual(expected);
    expect(enumerateAll(size, { classify, symmetry: true }).histogram).toEqual(expected);
  });

  it('gives 4x3 over 3 symbols the histogram of rating each of its grids unique under shaded-duplicates, one rating per orbit', () => {
    const size = { rows: 4, cols: 3, symbols: 3 };
    const fast = fastBrute(size);
    const expected: Record<string, number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, unsolved: 0 };
    for (const seq of sequences(size)) if (fast(seq)['shaded-duplicates'] === 1) expected[classOf(4, 3, seq)]!++;
    const counts = enumerateAll(size, { classify: rateClassifier(size, 'thesis'), symmetry: true });
    expect(counts.histogram).toEqual(expected);
    // Not only the easiest class: the histogram must tell classes apart.
    expect(Object.values(expected).filter((n) => n > 0).length).toBeGreaterThan(1);
  });
});

describe('enumerate: a deadline', () => {
  it('stops an item past its deadline with a TimeoutError, the counts left as they were before that item', () => {
    const size = { rows: 4, cols: 4, symbols: 4 };
    const [first, second] = prefixes(size, 8);
    const alone = new Enumerator(buildTables(size));
    alone.run(first!);
    const enumerator = new Enumerator(buildTables(size));
    enumerator.run(first!, Limit.after(60_000));
    // The whole of 4x4 (millions of sequences) cannot be counted before a deadline already past.
    expect(() => enumerator.run(new Uint8Array(0), Limit.at(Date.now() - 1))).toThrow(TimeoutError);
    expect(enumerator.counts()).toEqual(alone.counts());
    // And it goes on counting afterwards, no deadline left over from the stopped item.
    enumerator.run(second!);
    alone.run(second!);
    expect(enumerator.counts()).toEqual(alone.counts());
  });
});

describe('enumerate: shards', () => {
  it('splits 3x4 over 3 symbols into 7 disjoint shards that together hold every sequence once', () => {
    const size = { rows: 3, cols: 4, symbols: 3 };
    const seen = new Map<string, number>();
    let total = 0;
    for (let index = 0; index < 7; index++) {
      const items = shardItems(size, { index, count: 7 });
      const enumerator = new Enumerator(buildTables(size));
      for (const item of items) enumerator.run(item);
      const counts = enumerator.counts();
      expect(counts.classes).toBe(shardPlan(size, { index, count: 7 }).classes);
      total += counts.classes;
      for (const item of items) {
        const key = item.join('');
        expect(seen.has(key)).toBe(false);
        seen.set(key, index);
      }
    }
    expect(total).toBe(88_574);
    // The items of all shards are all prefixes of their depth: complete as well as disjoint.
    const depth = shardItems(size, { index: 0, count: 7 })[0]!.length;
    expect(seen.size).toBe(prefixes(size, depth).length);
  });
});

describe('the threads an enumeration takes without --jobs', () => {
  it('one for a shard of fewer than 2^24 classes, which workers would only slow, else every core', () => {
    // 3x3 over 9 symbols has 21,147 classes (the Bell number B(9)); 4x4 over 4 symbols 178,973,355.
    expect(defaultJobs({ rows: 3, cols: 3, symbols: 9 }, { index: 0, count: 1 }, 8)).toBe(1);
    expect(defaultJobs({ rows: 4, cols: 4, symbols: 4 }, { index: 0, count: 1 }, 8)).toBe(8);
    // A shard is sized by its share of the classes: the same board in 64 shards of about 2.8 million each.
    expect(defaultJobs({ rows: 4, cols: 4, symbols: 4 }, { index: 5, count: 64 }, 8)).toBe(1);
    for (const count of [1, 2, 4, 8, 16]) {
      const shard = { index: count - 1, count };
      const size = { rows: 4, cols: 4, symbols: 4 };
      expect(defaultJobs(size, shard, 2)).toBe(shardPlan(size, shard).classes < 2 ** 24 ? 1 : 2);
    }
  });
});
