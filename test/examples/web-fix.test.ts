/**
 * The browser page in headless Chromium: the setter's verdicts and fixes: the ambiguity map, the
 * fix search and stopping it, a fix that keeps the solution shown. The page tests are split by
 * concern over several files (test/examples/web-*.test.ts) so that vitest's workers run them
 * side by side; page.ts is their shared harness.
 */
import { describe, expect, it } from 'vitest';
import { ambiguity, format, solve } from '../../src/index.js';
import { cells, chromiumPath, click, janko001, numbers, pageHarness, poll, shadedOf, small, states, verdictOf } from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { visit, done, expectPainted } = harness;

  it('setter: an edit turns janko 001 ambiguous, with the map drawn; a suggested fix, applied, makes it unique; undo goes back', async () => {
    const page = await visit(`#${small}`);
    await page.click('#mode-set');
    let verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-unique');
    expect(verdict.text).toMatch(/^Unique solution, proven: class [A-G] \(/);
    // The solution stays hidden until asked for; then drawn: forced shaded dark, forced white circled; cell 0 selected.
    expect(await states(page)).toEqual(new Array(16).fill('unmarked'));
    await page.click('#show-solution');
    expect(await page.getAttribute('#show-solution', 'aria-pressed')).toBe('true');
    expect(await states(page)).toEqual(shadedOf(janko001.solution!));
    expect((await cells(page))[0]!.outline).toBe('selected');
    await expectPainted(page);
    // r1c2: 3 -> 2, typed after a click; now four cells differ between solutions.
    await click(page, 1);
    await page.keyboard.press('2');
    verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-multiple');
    expect(verdict.text).toMatch(/^Ambiguous: 4 of 16 cells differ between solutions/);
    const edited = [...janko001.puzzle.values];
    edited[1] = 2;
    expect(await numbers(page)).toEqual(edited);
    expect(await page.evaluate(() => location.hash)).toBe(`#${format({ rows: 4, cols: 4, values: edited }, { to: 'url' }).trim()}`);
    const map = await ambiguity({ rows: 4, cols: 4, values: edited });
    const drawn = await cells(page);
    expect(drawn.map((c) => c.map === 'free')).toEqual(map.cells.map((c) => c === null));
    expect(drawn.map((c) => (c.map === 'free' ? null : c.state === 'shaded'))).toEqual(map.cells);
    // The screenshot of the map and the first solution found: free cells sky blue (dark where that
    // solution shades them), forced ones dark or circled, the selection violet.
    const shown = await expectPainted(page);
    // Sky: the free cells, but for those the solution shown shades (dark).
    expect(shown.filter((p) => p.fill === 'sky')).toHaveLength(drawn.filter((c) => c.map === 'free' && c.state !== 'shaded').length);
    // Suggest a fix: one change (the library proves no fewer works; test/repair/repair.test.ts
    // checks that against a brute force), outlined, its new number shown, the scope stated.
    await page.click('#suggest');
    verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-fix');
    const proposed =
      /^Fix: 1 change, the fewest over any solution, with numbers 1\.\.5 \(proven\): r(\d)c(\d) (\d) → (\d)\. \([\d.]+ s\)$/.exec(
        verdict.text,
      );
    expect(proposed, verdict.text).not.toBeNull();
    const [, row, col, from, to] = proposed!.map(Number) as [number, number, number, number, number];
    const at = (row - 1) * 4 + (col - 1);
    expect(edited[at]).toBe(from);
    // Outlined as a fix (unless it is the selected cell, whose outline is the selection's).
    expect((await cells(page)).flatMap((c, i) => (c.outline === null || i === 1 ? [] : [[i, c.outline]]))).toEqual(
      at === 1 ? [] : [[at, 'fix']],
    );
    expect(await page.getAttribute(`#board .cell[data-i="${at}"]`, 'data-fix')).toBe(String(to));
    await expectPainted(page);
    await page.click('#apply');
    verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-unique');
    const fixed = [...edited];
    fixed[at] = to;
    expect(await numbers(page)).toEqual(fixed);
    expect((await solve({ rows: 4, cols: 4, values: fixed }, { engine: 'sat' })).status).toBe('unique');
    await expectPainted(page);
    // Undo: the fix, then the edit; redo the edit.
    await page.keyboard.press('Control+z');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    expect(await numbers(page)).toEqual(edited);
    await page.click('#undo');
    expect((await verdictOf(page)).status).toBe('set-unique');
    expect(await numbers(page)).toEqual(janko001.puzzle.values);
    await page.click('#redo');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    // Arrow keys move the selection; the play mode's marks come back with the Play button.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect((await cells(page)).findIndex((c) => c.outline === 'selected')).toBe(6);
    await page.click('#mode-play');
    expect(await states(page)).toEqual(new Array(16).fill('unmarked'));
    expect((await cells(page)).every((c) => c.map === null && c.outline === null)).toBe(true);
    await done(page);
  });

  it('setter: a puzzle with no solution says so; a Latin fill of the chosen size is ambiguous', async () => {
    const page = await visit('#https://puzz.link/p?hitori/2/2/1121');
    await page.click('#mode-set');
    expect((await verdictOf(page)).status).toBe('set-unique');
    await click(page, 0);
    await page.keyboard.press('1');
    await click(page, 3);
    await page.keyboard.press('1'); // 1 1 / 2 1 -> 1 1 / 1 1: no shading keeps the rules
    await click(page, 2);
    await page.keyboard.press('1');
    const verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-none');
    expect(verdict.text).toMatch(/^No solution/);
    expect(await states(page)).toEqual(new Array(4).fill('unmarked'));
    await page.selectOption('#size', '5x5');
    await page.click('#latin');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    expect(await numbers(page)).toEqual(Array.from({ length: 25 }, (_, i) => ((Math.floor(i / 5) + (i % 5)) % 5) + 1));
    await expectPainted(page);
    await done(page);
  });

  it('setter: an edit during a long fix search ends it (the worker restarted) and gives the verdict on the new numbers', async () => {
    const page = await visit(`#${small}`);
    await page.click('#mode-set');
    await verdictOf(page);
    await page.selectOption('#size', '15x15');
    await page.click('#latin');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    const workers = async () => Number(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['setterWorkers']));
    expect(await workers()).toBe(1);
    // A Latin square's fix search runs for seconds at least.
    await page.click('#suggest');
    expect(await page.textContent('#verdict')).toMatch(/^Looking for the fewest changes/);
    await page.waitForTimeout(250);
    await click(page, 0);
    await page.keyboard.press('7');
    const verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-multiple');
    expect(await workers()).toBe(2);
    expect((await numbers(page))[0]).toBe(7);
    expect(await page.isHidden('#apply')).toBe(true);
    await done(page);
  });

  it('setter: the fix search shows each bound it proves; Stop ends it and says what was proven', async () => {
    const page = await visit(`#${small}`);
    await page.click('#mode-set');
    await verdictOf(page);
    await page.selectOption('#size', '12x12');
    await page.click('#latin');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    await page.click('#suggest');
    expect(await page.isVisible('#stop-repair')).toBe(true);
    // A bound proven: no repair with 1 change (a Latin square needs more).
    await page.waitForFunction(
      () => /no repair with \d+ (or fewer )?changes?.*\(proven\)/.test(document.querySelector('#verdict')!.textContent!),
      null,
      { ...poll, timeout: 60_000 },
    );
    expect(await page.getAttribute('#board', 'data-status')).toBe('set-repairing');
    await page.click('#stop-repair');
    const verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-repair-stopped');
    expect(verdict.text).toMatch(/^Search stopped after [\d.]+ s: no repair with \d+ (or fewer )?changes?.*\(proven\)/);
    expect(await page.isHidden('#stop-repair')).toBe(true);
    await done(page);
  });

  it('setter: a fix that keeps the solution shown says so, and the fixed puzzle has that solution', async () => {
    const page = await visit(`#${small}`);
    await page.click('#mode-set');
    await verdictOf(page);
    await click(page, 1);
    await page.keyboard.press('2');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    const edited = [...janko001.puzzle.values];
    edited[1] = 2;
    // The solutions the verdict found, as the library finds them: the page shows them in turn.
    const { solutions } = await ambiguity({ rows: 4, cols: 4, values: edited });
    expect(solutions.length).toBeGreaterThan(1);
    await page.click('#show-solution');
    expect(await states(page)).toEqual(shadedOf(solutions[0]!));
    await page.check('#keep-solution');
    const suggest = async () => {
      await page.click('#suggest');
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#board')!.dataset['status'] !== 'set-repairing', null, poll);
      return verdictOf(page);
    };
    // Each solution shown in turn: kept, it gives a fix with that solution, or a proof that none exists.
    let fixedAt = -1;
    for (let k = 0; k < solutions.length; k++) {
      if (k > 0) await page.click('#other-solution');
      expect(await page.textContent('#other-solution')).toContain(`${k + 1} of ${solutions.length} found`);
      expect(await states(page)).toEqual(shadedOf(solutions[k]!));
      const verdict = await suggest();
      if (verdict.status === 'set-no-fix') {
        expect(verdict.text).toMatch(
          /^No fix: no change of numbers keeping the solution shown, with numbers 1\.\.5 can make it unique \(proven\)/,
        );
        continue;
      }
      expect(verdict.status).toBe('set-fix');
      expect(verdict.text).toMatch(/^Fix: \d+ changes?, the fewest keeping the solution shown, with numbers 1\.\.5 \(proven\): /);
      await page.click('#apply');
      expect((await verdictOf(page)).status).toBe('set-unique');
      const result = await solve({ rows: 4, cols: 4, values: await numbers(page) }, { engine: 'sat' });
      expect(result.status).toBe('unique');
      expect(result.solutions[0]).toEqual(solutions[k]);
      fixedAt = k;
      break;
    }
    expect(fixedAt).toBeGreaterThanOrEqual(0);
    await done(page);
  });
});
