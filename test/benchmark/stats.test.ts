/** Order statistics of `hitori-sat bench`. */
import { describe, expect, it } from 'vitest';
import { max, median, p95, percentile, perSecond, summarizeTimes } from '../../src/benchmark/stats.js';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([7])).toBe(7);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 20])).toBe(15);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('p95 by nearest rank', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, k) => k + 1);

  it('is the 95th of 100 sorted values', () => {
    expect(p95([...oneToHundred].reverse())).toBe(95);
  });

  it('is the largest value of a list of fewer than 20', () => {
    expect(p95([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(10);
    expect(p95([42])).toBe(42);
  });

  it('is the 19th of 20 values', () => {
    expect(p95(Array.from({ length: 20 }, (_, k) => (k + 1) * 10))).toBe(190);
  });

  it('gives the smallest value at 0 and the largest at 100', () => {
    expect(percentile([3, 9, 1], 0)).toBe(1);
    expect(percentile([3, 9, 1], 100)).toBe(9);
    expect(percentile(oneToHundred, 50)).toBe(50);
  });

  it('refuses a percentile outside 0..100', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
  });
});

describe('summaries', () => {
  it('give median, p95 and maximum of the times together', () => {
    expect(summarizeTimes([2, 8, 4, 6])).toEqual({ medianMs: 5, p95Ms: 8, maxMs: 8 });
    expect(max([2, 8, 4, 6])).toBe(8);
  });

  it('count puzzles per second of wall clock, and 0 for an empty span', () => {
    expect(perSecond(10, 2000)).toBe(5);
    expect(perSecond(3, 0)).toBe(0);
  });
});
