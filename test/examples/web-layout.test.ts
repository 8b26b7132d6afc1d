/**
 * The browser page in headless Chromium: the page on a phone and on a laptop screen, and its
 * accessibility (axe-core). The page tests are split by concern over several files
 * (test/examples/web-*.test.ts) so that vitest's workers run them side by side; page.ts is
 * their shared harness.
 */
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  boxOf,
  cells,
  chromiumPath,
  click,
  dataOf,
  inside,
  janko037Url,
  pageHarness,
  puzzle,
  shoot,
  states,
  status,
  verdictOf,
} from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { visit, done, screen, expectPainted } = harness;

  it('fits a 17x17 on a 390-px-wide touch screen without horizontal scrolling; a tap marks a cell, a long press the other way', async () => {
    // The file's phone (phoneSize: 390x844, touch, mobile), its page kept for the zoom test.
    const phone = await screen('phone');
    const page = await visit(`#${janko037Url}`, phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const boxes = await page.$$eval('#board .cell', (elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(289);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(390);
      expect(b.width).toBeGreaterThanOrEqual(20);
    }
    const target = boxes[17 + 3]!;
    await page.touchscreen.tap(target.left + target.width / 2, target.top + target.height / 2);
    expect((await states(page))[20]).toBe('shaded');
    // A long press is the right click: the cycle the other way (unmarked to white).
    const held = boxes[17 + 5]!;
    const cdp = await phone.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: held.left + held.width / 2, y: held.top + held.height / 2 }],
    });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#board .cell[data-i="22"]')!.dataset['state'] === 'white');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect((await states(page)).flatMap((s, i) => (s === 'unmarked' ? [] : [[i, s]]))).toEqual([
      [20, 'shaded'],
      [22, 'white'],
    ]);
    await expectPainted(page);
    await cdp.detach();
    await done(page);
  });

  it('at 1366x768, a 17x17 board, its hint panel beside it and the main buttons all fit the screen; rows and columns are labelled as hints name them', async () => {
    const page = await visit(`#${janko037Url}`, await screen('laptop'));
    await page.keyboard.press('h');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#board')!.dataset['status'] === 'hint-step');
    for (const selector of ['#board', '#bar', '#message', '#undo', '#redo', '#hint', '#clear', '#zoom-in', '#mode-play', '#mode-set'])
      expect(inside(await boxOf(page, selector), 1366, 768), selector).toBe(true);
    // Beside: the panel starts right of the board.
    expect((await boxOf(page, '#bar')).x).toBeGreaterThanOrEqual((await boxOf(page, '#board')).x + (await boxOf(page, '#board')).width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    // Labels 1..17 over each column and beside each row, centred on their cells.
    const labels = await page.evaluate(() => {
      const centre = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, text: e.textContent };
      };
      return {
        cols: [...document.querySelectorAll('#col-labels span')].map(centre),
        rows: [...document.querySelectorAll('#row-labels span')].map(centre),
        cells: [...document.querySelectorAll('#board .cell')].map(centre),
      };
    });
    expect(labels.cols.map((l) => l.text)).toEqual(Array.from({ length: 17 }, (_, k) => String(k + 1)));
    expect(labels.rows.map((l) => l.text)).toEqual(Array.from({ length: 17 }, (_, k) => String(k + 1)));
    for (let k = 0; k < 17; k++) {
      expect(Math.abs(labels.cols[k]!.x - labels.cells[k]!.x)).toBeLessThan(1.5);
      expect(Math.abs(labels.rows[k]!.y - labels.cells[k * 17]!.y)).toBeLessThan(1.5);
    }
    // The hint names cells as the labels do: each cell it names is tinted.
    const named = [...((await page.textContent('#message')) ?? '').matchAll(/r(\d+)c(\d+)/g)].map(
      (m) => (Number(m[1]) - 1) * 17 + Number(m[2]) - 1,
    );
    expect(named.length).toBeGreaterThan(0);
    const recorded = await cells(page);
    for (const i of named) expect(recorded[i]!.focus).toBe(true);
    await expectPainted(page);
    await shoot(page, 'laptop-hint');
    await done(page);
  });

  it('on a phone: zoom (+ and pinch) makes 17x17 cells 32 px or more, the board pans, a pinch marks nothing, a drag marks a run, the hint bar stays in view, circles clear two-digit numbers', async () => {
    const phone = await screen('phone');
    const page = await visit(`#${janko037Url}`, phone);
    try {
      const size = async () => (await boxOf(page, '#board .cell[data-i="0"]')).width;
      // A tap on a button within Chromium's double-tap time (300 ms) of synthetic touches on the
      // board may make no click in headless Chromium: the button is tapped after that time, timed
      // in the page (a timer there starts once the page has handled the touches, which a busy
      // machine delays; a wait in this process once left the undo tap inside the window).
      const tapAfterTouches = async (selector: string) => {
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
        await page.tap(selector);
      };
      const fitted = await size();
      await page.tap('#zoom-in');
      expect(await size()).toBeGreaterThanOrEqual(32);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The board is larger than its viewport, which scrolls (pans).
      const view = await page.evaluate(() => {
        const v = document.querySelector('#viewport')!;
        return { scroll: v.scrollWidth, client: v.clientWidth };
      });
      expect(view.scroll).toBeGreaterThan(view.client);
      await page.tap('#zoom-out');
      expect(await size()).toBe(fitted);
      // A two-finger pinch (spreading) zooms in and pans, and marks nothing.
      const cdp = await phone.newCDPSession(page);
      const board = await boxOf(page, '#board');
      const [cx, cy] = [board.x + board.width / 2, board.y + board.height / 2];
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: cx - spread, y: cy, id: 1 },
                  { x: cx + spread, y: cy, id: 2 },
                ],
        });
      await touch('touchStart', 20);
      for (const spread of [30, 45, 60, 70]) await touch('touchMove', spread);
      await touch('touchEnd', 0);
      const pinched = await size();
      expect(pinched).toBeGreaterThanOrEqual(32);
      expect((await states(page)).every((s) => s === 'unmarked')).toBe(true);
      expect(await page.isDisabled('#undo')).toBe(true);
      // A tap on a cell in view marks it.
      const cellBox = async (i: number) => {
        await page.locator(`#board .cell[data-i="${i}"]`).scrollIntoViewIfNeeded();
        const b = await boxOf(page, `#board .cell[data-i="${i}"]`);
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      let at = await cellBox(144);
      await page.touchscreen.tap(at.x, at.y);
      expect((await states(page))[144]).toBe('shaded');
      // One finger dragged across three cells marks them all alike (the first went unmarked to shaded, so all shaded), one undo.
      await cellBox(151);
      const centreOf = async (i: number) => {
        const b = await boxOf(page, `#board .cell[data-i="${i}"]`);
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      const [from, to] = [await centreOf(150), await centreOf(152)];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 3 }] });
      for (let k = 1; k <= 8; k++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from.x + ((to.x - from.x) * k) / 8, y: from.y, id: 3 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      expect((await states(page)).flatMap((s, i) => (s === 'unmarked' ? [] : [[i, s]]))).toEqual([
        [144, 'shaded'],
        [150, 'shaded'],
        [151, 'shaded'],
        [152, 'shaded'],
      ]);
      await tapAfterTouches('#undo');
      expect((await states(page)).flatMap((s, i) => (s === 'unmarked' ? [] : [i]))).toEqual([144]);
      // White marks on two-digit numbers: the number's box lies inside the circle's inner edge.
      const twoDigit = puzzle.values.flatMap((v, i) => (v >= 10 ? [i] : [])).slice(0, 12);
      for (const i of twoDigit) {
        at = await cellBox(i);
        await page.touchscreen.tap(at.x, at.y);
        await page.touchscreen.tap(at.x, at.y);
      }
      for (const zoomed of [true, false]) {
        const gaps = await page.evaluate((list) => {
          return list.map((i) => {
            const cell = document.querySelector<HTMLElement>(`#board .cell[data-i="${i}"]`)!;
            const range = document.createRange();
            range.selectNodeContents(cell);
            const text = range.getBoundingClientRect();
            const box = cell.getBoundingClientRect();
            const after = getComputedStyle(cell, '::after');
            const inset = (Number.parseFloat(after.top) || 0) + Number.parseFloat(after.borderTopWidth);
            const radius = box.width / 2 - inset;
            const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
            // The farthest corner of the number's box from the circle's centre, against the inner radius.
            const far = Math.max(...[text.left, text.right].flatMap((x) => [text.top, text.bottom].map((y) => Math.hypot(x - x0, y - y0))));
            return { state: cell.dataset['state'], gap: radius - far };
          });
        }, twoDigit);
        for (const g of gaps) {
          expect(g.state).toBe('white');
          expect(g.gap).toBeGreaterThan(0);
        }
        if (zoomed) {
          await shoot(page, 'phone-zoomed');
          while (Number(await dataOf(page, 'cellPx')) > fitted) await page.tap('#zoom-out');
        }
      }
      // The hint bar sticks to the bottom of the screen when the page scrolls.
      await tapAfterTouches('#hint');
      await page.waitForFunction(() => (document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '').startsWith('hint-'));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(inside(await boxOf(page, '#message'), 390, 844)).toBe(true);
      expect(inside(await boxOf(page, '#hint'), 390, 844)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'phone-hint');
    } finally {
      await page.close();
    }
  });

  it('has no serious or critical accessibility violation (axe-core) in Play with a hint and in Set, light and dark', async () => {
    // One page, its colour scheme switched (the page's colours are CSS media queries alone): axe's
    // script is loaded and warmed once.
    const page = await visit(`#${janko037Url}`, await screen('laptop'));
    try {
      const backgrounds = new Set<string>();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
        if (colorScheme === 'dark') await page.click('#mode-play');
        await click(page, 3);
        await page.click('#hint');
        await status(page, 'hint-mistakes');
        await page.click('#undo');
        await page.click('#hint');
        await status(page, 'hint-step');
        await page.click('#hint');
        await page.click('#hint');
        expect(await axeViolations(page), `Play, ${colorScheme}`).toEqual([]);
        await page.click('#mode-set');
        await verdictOf(page);
        expect(await axeViolations(page), `Set, ${colorScheme}`).toEqual([]);
      }
      // The second pass was in the dark scheme indeed.
      expect(backgrounds.size).toBe(2);
    } finally {
      // Its colour scheme emulated: not kept.
      await page.close();
    }
  });
});
