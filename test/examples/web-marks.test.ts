/**
 * The browser page in headless Chromium: marking the board: clicks, live rule breaks, undo, the
 * address, printing, drags, the timer, the dark colour scheme. The page tests are split by
 * concern over several files (test/examples/web-*.test.ts) so that vitest's workers run them
 * side by side; page.ts is their shared harness.
 */
import { describe, expect, it } from 'vitest';
import { parse, solve } from '../../src/index.js';
import {
  boxOf,
  type Cell,
  cells,
  chromiumPath,
  click,
  dataOf,
  janko001,
  type Paint,
  pageHarness,
  shoot,
  small,
  states,
  status,
} from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { open, visit, done, expectPainted } = harness;

  it('cycles a cell unmarked, shaded, white, unmarked on a left click and the other way on a right click, each state distinct on the screen', async () => {
    const page = await visit(`#${small}`);
    const only = (state: Cell['state']) => ['unmarked', state, ...new Array(14).fill('unmarked')];
    expect(await states(page)).toEqual(new Array(16).fill('unmarked'));
    await expectPainted(page);
    const seen: Paint[] = [];
    for (const state of ['shaded', 'white', 'unmarked', 'white', 'shaded', 'unmarked'] as const) {
      await click(page, 1, seen.length < 3 ? 'left' : 'right');
      expect(await states(page)).toEqual(only(state));
      const paint = await expectPainted(page);
      seen.push(paint[1]!);
    }
    // Three looks, one per state; every other cell stays as it was (not the whole board grey).
    expect(seen.slice(0, 3)).toEqual([
      { fill: 'dark', ring: false, outline: null },
      { fill: 'white', ring: true, outline: null },
      { fill: 'white', ring: false, outline: null },
    ]);
    await done(page);
  });

  it('shows rule breaks live: touching shaded cells, a number marked white twice in a line, a region cut off', async () => {
    const page = await visit(`#${small}`);
    const breaks = async () => (await cells(page)).flatMap((c, i) => (c.break === null ? [] : [[i, c.break]]));
    await click(page, 0);
    await click(page, 1);
    expect(await breaks()).toEqual([
      [0, 'touch'],
      [1, 'touch'],
    ]);
    await expectPainted(page);
    await click(page, 0); // shaded to white: a white 3 beside a shaded 3 breaks nothing
    await click(page, 6, 'right');
    await click(page, 7, 'right'); // row 2 is 4 3 2 2: both 2s marked white
    expect(await breaks()).toEqual([
      [6, 'repeat'],
      [7, 'repeat'],
    ]);
    await expectPainted(page);
    await click(page, 0); // white to unmarked
    await click(page, 4); // with 1 shaded, r1c1 is cut off
    expect(await breaks()).toEqual([
      [0, 'cut'],
      [6, 'repeat'],
      [7, 'repeat'],
    ]);
    await expectPainted(page);
    expect(await page.textContent('#message')).toBe('');
    await done(page);
  });

  it('undoes and redoes marks with the buttons, Ctrl-Z, Ctrl-Y and Ctrl-Shift-Z; a new mark after an undo drops the redo; clearing is undoable', async () => {
    const page = await visit(`#${small}`);
    const cell = async (i: number) => (await states(page))[i];
    expect(await page.isDisabled('#undo')).toBe(true);
    expect(await page.isDisabled('#redo')).toBe(true);
    await click(page, 0);
    await click(page, 5);
    await click(page, 5);
    expect([await cell(0), await cell(5)]).toEqual(['shaded', 'white']);
    await page.click('#undo');
    expect(await cell(5)).toBe('shaded');
    await page.keyboard.press('Control+z');
    expect(await cell(5)).toBe('unmarked');
    await page.keyboard.press('Control+z');
    expect(await cell(0)).toBe('unmarked');
    expect(await page.isDisabled('#undo')).toBe(true);
    await expectPainted(page);
    await page.click('#redo');
    expect(await cell(0)).toBe('shaded');
    await page.keyboard.press('Control+y');
    expect(await cell(5)).toBe('shaded');
    await page.keyboard.press('Control+Shift+z');
    expect(await cell(5)).toBe('white');
    expect(await page.isDisabled('#redo')).toBe(true);
    await expectPainted(page);
    await page.keyboard.press('Control+z');
    await click(page, 10);
    expect(await page.isDisabled('#redo')).toBe(true);
    expect(await states(page)).toEqual(['shaded', ...new Array(15).fill('unmarked')].map((s, i) => (i === 5 || i === 10 ? 'shaded' : s)));
    // Undo, too, keeps the address.
    await page.click('#undo');
    expect(await page.evaluate(() => location.hash)).toBe(`#${small}&marks=x....x`);
    // "Clear marks" is undone like any other change.
    await page.click('#clear');
    expect(await states(page)).toEqual(new Array(16).fill('unmarked'));
    await page.keyboard.press('Control+z');
    expect((await states(page)).flatMap((s, i) => (s === 'unmarked' ? [] : [i]))).toEqual([0, 5]);
    await done(page);
  });

  it('keeps the puzzle and the marks in the address: a link opens the same board', async () => {
    const page = await visit(`#${small}`);
    await click(page, 0);
    await click(page, 2, 'right');
    const address = await page.evaluate(() => location.href);
    expect(address).toBe(`${harness.url}#${small}&marks=x.o`);
    const again = await open(address.slice(harness.url.length));
    expect(await cells(again)).toEqual(await cells(page));
    await expectPainted(again);
    // Any one-line form the library reads loads too; the address then holds its puzz.link URL.
    await again.evaluate(() => {
      location.hash = '#4x4:3314432213423432';
    });
    await again.waitForFunction((want) => location.hash === want, `#${small}`);
    expect(await states(again)).toEqual(new Array(16).fill('unmarked'));
    // A puzzle typed into the box goes into the address as well.
    await again.fill('#puzzle', '1 1\n2 1\n');
    expect(await again.evaluate(() => location.hash)).toBe('#https://puzz.link/p?hitori/2/2/1121');
    // Marks that do not fit the puzzle are left off, with a word.
    const misfit = await open(`#${small}&marks=xxxxxxxxxxxxxxxxxxxx`);
    expect(await misfit.textContent('#message')).toBe('The marks in the address do not fit this 4x4 puzzle: left off.');
    expect(await states(misfit)).toEqual(new Array(16).fill('unmarked'));
    await Promise.all([again.close(), misfit.close()]);
    await done(page);
  });

  it('prints the grid alone, with the marks and without the live tints', async () => {
    const page = await visit(`#${small}`);
    await click(page, 0);
    await click(page, 1);
    await click(page, 2, 'right');
    await page.emulateMedia({ media: 'print' });
    // Nothing shows but the board (and the boxes it sits in): no labels, no panel, no buttons.
    const shown = await page.evaluate(() => {
      const board = document.querySelector('#board')!;
      return [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((e) => !board.contains(e) && !e.contains(board) && e.getClientRects().length > 0)
        .map((e) => e.id || e.className || e.tagName);
    });
    expect(shown).toEqual([]);
    expect(await page.locator('#board').isVisible()).toBe(true);
    await expectPainted(page, true);
    await page.close();
  });

  it('marks a run of cells with a mouse drag, right-drag the other way, one undo each; "circle the neighbours" circles them when a cell is shaded, and is kept', async () => {
    const page = await visit(`#${small}`);
    const centre = async (i: number) => {
      const b = await boxOf(page, `#board .cell[data-i="${i}"]`);
      return [b.x + b.width / 2, b.y + b.height / 2] as const;
    };
    const drag = async (cellsOnPath: number[], button: 'left' | 'right' = 'left') => {
      await page.mouse.move(...(await centre(cellsOnPath[0]!)));
      await page.mouse.down({ button });
      for (const i of cellsOnPath.slice(1)) await page.mouse.move(...(await centre(i)), { steps: 3 });
      await page.mouse.up({ button });
    };
    await drag([0, 1, 2, 3]);
    expect(await states(page)).toEqual([...new Array(4).fill('shaded'), ...new Array(12).fill('unmarked')]);
    await drag([4, 8, 12], 'right');
    expect((await states(page)).flatMap((s, i) => (s === 'white' ? [i] : []))).toEqual([4, 8, 12]);
    await page.click('#undo');
    expect((await states(page)).flatMap((s, i) => (s === 'white' ? [i] : []))).toEqual([]);
    await page.click('#undo');
    expect((await states(page)).every((s) => s === 'unmarked')).toBe(true);
    // A drag that starts on a shaded cell clears the run (the first cell's next state is white, by a left drag: all white).
    await page.check('#circle-neighbours');
    await click(page, 5);
    expect((await states(page)).flatMap((s, i) => (s === 'unmarked' ? [] : [[i, s]]))).toEqual([
      [1, 'white'],
      [4, 'white'],
      [5, 'shaded'],
      [6, 'white'],
      [9, 'white'],
    ]);
    // One undo takes the shading and its circles back.
    await page.click('#undo');
    expect((await states(page)).every((s) => s === 'unmarked')).toBe(true);
    const again = await open(`#${small}`);
    expect(await again.isChecked('#circle-neighbours')).toBe(true);
    await again.uncheck('#circle-neighbours');
    // The first page still has the option checked (its own box): closed; the second, unchecked, is kept.
    await page.close();
    await done(again);
  });

  it('shows an optional timer (kept) that pauses while the page is hidden; a solved board gives its time and a next puzzle of the same size', async () => {
    const page = await visit(`#${small}`);
    expect(await page.isHidden('#timer')).toBe(true);
    await page.check('#show-timer');
    expect(await page.textContent('#timer')).toMatch(/^\d+:\d\d$/);
    const again = await open(`#${small}`);
    expect(await again.isVisible('#timer')).toBe(true);
    await again.close();
    const clockMs = async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      return Number(await dataOf(page, 'clockMs'));
    };
    // Hidden: the clock stands still; shown again: it runs.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    });
    const hiddenAt = await clockMs();
    await page.waitForTimeout(600);
    expect(await clockMs()).toBe(hiddenAt);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    });
    // Shown again, it runs: polled until it has run half a second, not slept on.
    await expect.poll(clockMs, { timeout: 10_000 }).toBeGreaterThanOrEqual(hiddenAt + 500);
    for (const [i, s] of janko001.solution!.entries()) if (s) await click(page, i);
    await status(page, 'play-solved');
    // The time on the puzzle, m:ss (it goes on from any time saved for it in this browser).
    expect(await page.textContent('#finish-time')).toMatch(/^in \d+:\d\d$/);
    const solvedMs = Number(await dataOf(page, 'solvedMs'));
    expect(solvedMs).toBeGreaterThanOrEqual(hiddenAt + 500);
    // Stopped once solved.
    await page.waitForTimeout(300);
    expect(await clockMs()).toBe(solvedMs);
    await shoot(page, 'solved-small');
    await page.click('#next-puzzle');
    await status(page, 'generated');
    expect(await page.locator('#board .cell').count()).toBe(16);
    expect(await page.isHidden('#finish')).toBe(true);
    const made = parse(await page.inputValue('#puzzle'));
    expect([made.rows, made.cols]).toEqual([4, 4]);
    expect((await solve(made, { engine: 'sat' })).status).toBe('unique');
    await page.uncheck('#show-timer');
    await page.close();
  });

  it('in the dark colour scheme, every state keeps a look of its own, and numbers and marks keep their contrast', async () => {
    // The page's colours are CSS media queries alone: the scheme is switched on a page of the file's context.
    const page = await visit(`#${small}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    // r1: shaded, white; r2c3, r2c4 (2 2) both white: repeat; r3c1, r4c2 shaded cut r4c1 off; r4c3 r4c4 shaded touch.
    await click(page, 0);
    await click(page, 1, 'right');
    await click(page, 6, 'right');
    await click(page, 7, 'right');
    await click(page, 8);
    await click(page, 13);
    await click(page, 14);
    await click(page, 15);
    await page.keyboard.press('h');
    await status(page, 'hint-mistakes');
    const looks = await page.evaluate(() => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: number[]) => 0.2126 * channel(c[0]!) + 0.7152 * channel(c[1]!) + 0.0722 * channel(c[2]!);
      const contrast = (a: number[], b: number[]) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
        return (x! + 0.05) / (y! + 0.05);
      };
      return [...document.querySelectorAll<HTMLElement>('#board .cell')].map((cell) => {
        const style = getComputedStyle(cell);
        const fill = rgb(style.backgroundColor);
        const circle = rgb(getComputedStyle(cell, '::after').borderTopColor);
        return {
          key: `${cell.dataset['state']}/${cell.dataset['break'] ?? ''}`,
          fill,
          text: contrast(rgb(style.color), fill),
          circle: cell.dataset['state'] === 'white' ? contrast(circle, fill) : null,
        };
      });
    });
    const pageFill = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(pageFill).not.toBe('rgb(255, 255, 255)');
    const byKey = new Map(looks.map((l) => [l.key, l]));
    expect([...byKey.keys()].sort()).toEqual(['shaded/', 'shaded/touch', 'unmarked/', 'unmarked/cut', 'white/', 'white/repeat'].sort());
    for (const look of looks) {
      expect(look.text, look.key).toBeGreaterThanOrEqual(4.5);
      if (look.circle !== null) expect(look.circle, look.key).toBeGreaterThanOrEqual(3);
    }
    // Distinct fills: shaded against unmarked at 3:1 or more (WCAG's non-text contrast), every break apart from both.
    const fill = (key: string) => byKey.get(key)!.fill;
    const contrastOf = (a: number[], b: number[]) =>
      page.evaluate(
        ([x, y]) => {
          const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
          const l = (c: number[]) => 0.2126 * channel(c[0]!) + 0.7152 * channel(c[1]!) + 0.0722 * channel(c[2]!);
          const [p, q] = [l(x), l(y)].sort((m, n) => n - m);
          return (p! + 0.05) / (q! + 0.05);
        },
        [a, b] as const,
      );
    expect(await contrastOf(fill('shaded/'), fill('unmarked/'))).toBeGreaterThanOrEqual(3);
    const keys = ['shaded/', 'unmarked/', 'unmarked/cut', 'white/repeat', 'shaded/touch'];
    for (const a of keys)
      for (const b of keys) if (a < b) expect(Math.hypot(...fill(a).map((v, k) => v - fill(b)[k]!)), `${a} ${b}`).toBeGreaterThan(40);
    // The hint's outline stands out from the fill it is drawn on.
    const outline = await page.evaluate(() => {
      const cell = document.querySelector<HTMLElement>('#board .cell[data-outline]')!;
      return getComputedStyle(cell).boxShadow;
    });
    expect(outline).toMatch(/rgb\(255, 135, 135\)/);
    await shoot(page, 'dark-small');
    await page.close();
  });
});
