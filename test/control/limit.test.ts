/**
 * The one time limit (src/control/limit.ts): what a Limit answers, how it crosses a thread, the
 * CLI's reserve arithmetic, and the rule that no layer below src/control/ compares the clock
 * with a deadline of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/control/errors.js';
import { Limit, limitData, limitFromData, outputReserveMs, pictureCheck, pictureReserveMs, workLimitMs } from '../../src/control/limit.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(entry.name) ? [path] : [];
  });
}

/** The text with its comments blanked (line numbers kept): the rule is about code, not prose. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
}

describe('one deadline: src/ outside src/control/', () => {
  // A deadline compared with the clock, a deadline made or spent by arithmetic on the clock, or a
  // raw deadline passed around: each is a second time-limit mechanism beside Limit.
  const rules: readonly [string, RegExp][] = [
    ['Date.now() compared', /Date\.now\(\)\s*[<>]=?|[<>]=?\s*Date\.now\(\)/],
    // (Date.now() - start, a time measured, is not a limit.)
    ['a deadline made or spent on the clock', /Date\.now\(\)\s*\+|-\s*Date\.now\(\)/],
    ['a `deadline` of its own', /\bdeadline\b/],
  ];
  const files = sourceFiles(join(root, 'src')).filter((file) => !relative(root, file).startsWith(join('src', 'control')));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no Date.now() compared with a deadline, no deadline arithmetic and no deadline number: the layers ask their Limit', () => {
    const found: string[] = [];
    for (const file of files) {
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, k) => {
          for (const [what, pattern] of rules)
            if (pattern.test(line)) found.push(`${relative(root, file)}:${k + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the check itself finds each kind it forbids', () => {
    const samples = [
      'if (Date.now() > end) return;',
      'const end = Date.now() + timeoutMs;',
      'const left = end - Date.now();',
      'run(item, options.deadline);',
    ];
    for (const sample of samples)
      expect(
        rules.some(([, pattern]) => pattern.test(withoutComments(sample))),
        sample,
      ).toBe(true);
    for (const allowed of ['// past the deadline: Date.now() > end', 'const elapsedMs = Date.now() - start;'])
      expect(
        rules.some(([, pattern]) => pattern.test(withoutComments(allowed))),
        allowed,
      ).toBe(false);
  });
});

describe('Limit', () => {
  it('none never expires and has no time left to tell', () => {
    expect(Limit.none.expired).toBe(false);
    expect(Limit.none.bounded).toBe(false);
    expect(Limit.none.remainingMs()).toBeUndefined();
    expect(() => Limit.none.check()).not.toThrow();
  });

  it('past its deadline: expired, and check() throws its TimeoutError naming the limit as given', () => {
    const limit = Limit.after(-1000);
    expect(limit.expired).toBe(true);
    expect(() => limit.check('while testing')).toThrow(TimeoutError);
    expect(() => limit.check('while testing')).toThrow('time limit of -1000 ms reached while testing');
  });

  it('aborted: check() throws the signal’s reason, whatever the deadline', () => {
    const controller = new AbortController();
    const limit = Limit.after(600_000, controller.signal);
    expect(limit.expired).toBe(false);
    controller.abort(new Error('not wanted'));
    expect(limit.expired).toBe(true);
    expect(() => limit.check()).toThrow('not wanted');
  });

  it('within(ms) narrows a limit to a budget of its own but never widens it, and keeps the signal', () => {
    const signal = new AbortController().signal;
    const far = Limit.after(600_000, signal);
    const near = far.within(-1);
    expect(near.expired).toBe(true);
    expect(near.signal).toBe(signal);
    const spent = Limit.after(-1000);
    expect(spent.within(600_000)).toBe(spent);
    expect(far.within(undefined)).toBe(far);
    expect(Limit.none.within(600_000).timed).toBe(true);
  });

  it('crosses a thread as its deadline and is the same limit again on the other side', () => {
    const limit = Limit.after(60_000);
    const data = limitData(limit);
    expect(structuredClone(data)).toBe(limit.deadline);
    expect(limitFromData(structuredClone(data)).deadline).toBe(limit.deadline);
    expect(limitData(Limit.none)).toBeUndefined();
    expect(limitFromData(undefined).timed).toBe(false);
  });

  it('whenPassed calls back once the deadline is behind, at once when it already is, and not once cancelled', async () => {
    await new Promise<void>((resolve) => Limit.after(-1000).whenPassed(resolve));
    let called = false;
    const cancel = Limit.after(-1000).whenPassed(() => {
      called = true;
    });
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(called).toBe(false);
  });
});

describe("the CLI's reserve arithmetic", () => {
  it('keeps back for the output and the end at most a quarter of the limit, whole milliseconds, at most 80 ms on a small grid', () => {
    for (const timeoutMs of [1, 10, 999, 5000, 60_000])
      for (const cells of [1, 2500, 4999, 250_000, 1_000_000]) {
        const reserve = outputReserveMs(timeoutMs, cells);
        expect(Number.isInteger(reserve)).toBe(true);
        expect(reserve).toBeGreaterThanOrEqual(0);
        expect(reserve).toBeLessThanOrEqual(timeoutMs / 4);
        // The end's share: a tenth of the limit, at most 80 ms, with next to nothing per cell.
        if (cells < 5000) expect(reserve).toBeLessThanOrEqual(Math.min(timeoutMs / 10, 80) + 1);
      }
  });

  it('leaves the work a whole number of milliseconds, at least 1, after any reserve', () => {
    for (const timeoutMs of [1, 20, 1010, 60_000]) {
      const work = workLimitMs(timeoutMs, pictureReserveMs(timeoutMs));
      expect(Number.isInteger(work)).toBe(true);
      expect(work).toBeGreaterThanOrEqual(1);
      expect(work).toBeLessThanOrEqual(timeoutMs);
      expect(pictureReserveMs(timeoutMs)).toBeLessThanOrEqual(timeoutMs / 2);
    }
  });

  it('stops drawing a picture with a TimeoutError once the command’s limit, counted from the process start, has passed', () => {
    // performance.now() is past 1 ms by the time a test runs: that limit is spent.
    const check = pictureCheck(1);
    expect(() => check?.()).toThrow(TimeoutError);
    expect(pictureCheck(undefined)).toBeUndefined();
  });
});
