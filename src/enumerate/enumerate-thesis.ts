/**
 * The thesis's published enumeration numbers (section 7 and 8), to print beside ours. The
 * thesis writes sizes as m x n with N symbols; a board and its transpose have the same counts
 * (transposing maps classes to classes, solutions to solutions, and the rule engine rates both
 * alike), so the tables are looked up by the unordered pair of sides.
 */
import type { EnumerationSize } from './enumerate.js';

/** Table 14: a(c, l), the number of classes. */
const table14: readonly [number, number, number, number][] = [
  [3, 3, 3, 3_281],
  [4, 4, 4, 178_973_355],
  [4, 5, 4, 45_813_246_635],
  [5, 4, 5, 795_019_337_135],
];

/** Table 15: sequences left after pruning, and a(c, l). */
const table15: readonly [number, number, number, number, number][] = [
  [3, 2, 3, 112, 122],
  [3, 3, 3, 2_776, 3_281],
  [3, 4, 3, 40_007, 88_574],
  [3, 5, 3, 588_810, 2_391_485],
  [3, 6, 3, 9_043_984, 64_570_082],
  [3, 7, 3, 111_076_162, 1_743_392_201],
  [3, 8, 3, 2_114_822_448, 47_071_589_414],
  [4, 2, 4, 2_512, 2_795],
  [4, 3, 4, 489_697, 700_075],
  [4, 4, 4, 85_097_188, 178_973_355],
  [4, 5, 4, 12_645_780_645, 45_813_246_635],
  [4, 6, 4, 1_924_883_302_791, 11_728_128_223_915],
  [5, 2, 5, 73_463, 86_472],
  [5, 3, 5, 173_959_355, 255_514_355],
  [5, 4, 5, 385_036_717_713, 795_019_337_135],
];

interface ThesisClasses {
  /** Where the numbers are published. */
  readonly table: string;
  /** Classes A..G as the thesis's rule-based solver rated them. */
  readonly classes: readonly number[];
  /** Its "Solvable" row: the classes' sum. */
  readonly solvable: number;
  readonly total: number;
}

/** Tables 19 and 20 (the rule-based solver's columns). */
const classTables: readonly [number, number, number, ThesisClasses][] = [
  [3, 3, 3, { table: 'Table 19', classes: [2, 92, 0, 88, 0, 179, 43], solvable: 404, total: 3_281 }],
  [
    4,
    4,
    4,
    { table: 'Table 19', classes: [24, 637_927, 22_222, 550_272, 63_383, 1_456_155, 114_148], solvable: 2_844_131, total: 178_973_355 },
  ],
  [4, 3, 4, { table: 'Table 19', classes: [24, 13_989, 236, 10_970, 1_024, 29_988, 2_711], solvable: 58_942, total: 700_075 }],
  [
    5,
    3,
    5,
    {
      table: 'Table 20',
      classes: [552, 2_885_157, 91_034, 1_612_287, 83_721, 8_271_443, 954_665],
      solvable: 13_898_859,
      total: 255_514_355,
    },
  ],
  [3, 5, 4, { table: 'Table 20', classes: [0, 114_985, 4_098, 63_105, 4_037, 361_484, 48_642], solvable: 596_351, total: 44_747_435 }],
];

function same(size: EnumerationSize, m: number, n: number, c: number): boolean {
  return size.symbols === c && ((size.rows === m && size.cols === n) || (size.rows === n && size.cols === m));
}

export interface ThesisNumbers {
  /** a(c, l) from Table 14 or 15. */
  readonly classes: number | null;
  /** Table 15's "Pruned a(c, l)": the sequences left after its pattern pruning. */
  readonly leftAfterPruning: number | null;
  readonly rated: ThesisClasses | null;
}

export function thesisNumbers(size: EnumerationSize): ThesisNumbers {
  const t14 = table14.find(([m, n, c]) => same(size, m, n, c));
  const t15 = table15.find(([m, n, c]) => same(size, m, n, c));
  const rated = classTables.find(([m, n, c]) => same(size, m, n, c));
  return {
    classes: t14?.[3] ?? t15?.[4] ?? rated?.[3].total ?? null,
    leftAfterPruning: t15?.[3] ?? null,
    rated: rated?.[3] ?? null,
  };
}
