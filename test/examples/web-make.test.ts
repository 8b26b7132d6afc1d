/**
 * The browser page in headless Chromium: making puzzles: the generator (size, class, symmetry),
 * and the setter numbering a shading, editing, exporting and on a phone. The page tests are split
 * by concern over several files (test/examples/web-*.test.ts) so that vitest's workers run
 * them side by side; page.ts is their shared harness.
 */
import { describe, expect, it } from 'vitest';
import { ambiguity, generationProblem, parse, solve } from '../../src/index.js';
import {
  cells,
  chromiumPath,
  click,
  expectedPaint,
  janko001,
  janko037Url,
  numbers,
  pageHarness,
  small,
  states,
  status,
  verdictOf,
} from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { open, visit, done, painted, expectPainted } = harness;

  it('opens with a new puzzle to play, and makes one of the chosen size and class, with one solution, and puts it in the address', async () => {
    // Without a puzzle in the address: a new 8x8 (the size chosen by default), made in the page.
    const page = await open();
    await status(page, 'generated');
    expect(await page.locator('#board .cell').count()).toBe(64);
    expect(await page.evaluate(() => location.hash)).toMatch(/^#https:\/\/puzz\.link\/p\?hitori\/8\/8\//);
    await click(page, 0);
    await page.selectOption('#size', '6x6');
    await page.selectOption('#class', 'C');
    await page.click('#new');
    await status(page, 'generated');
    expect(await page.textContent('#message')).toBe('A new 6x6 puzzle, class C, with one solution (proven).');
    expect(await states(page)).toEqual(new Array(36).fill('unmarked'));
    expect(await page.isDisabled('#undo')).toBe(true);
    const text = await page.inputValue('#puzzle');
    expect(text).toMatch(/^https:\/\/puzz\.link\/p\?hitori\/6\/6\/\w+$/);
    expect(await page.evaluate(() => location.hash)).toBe(`#${text}`);
    const made = parse(text);
    expect((await solve(made, { engine: 'sat' })).status).toBe('unique');
    const numbers = await page.$$eval('#board .cell', (elements) => elements.map((e) => Number(e.textContent)));
    expect(numbers).toEqual(made.values);
    await expectPainted(page);
    await done(page);
  });

  it('makes a new puzzle whose shading is symmetric: its one solution is the same turned half round', async () => {
    const page = await visit(`#${small}`);
    await page.selectOption('#size', '6x6');
    await page.selectOption('#symmetry', 'rot180');
    await page.click('#new');
    await status(page, 'generated');
    const made = parse(await page.inputValue('#puzzle'));
    const solved = await solve(made, { engine: 'sat' });
    expect(solved.status).toBe('unique');
    const shading = solved.solutions[0]!;
    expect(shading.map((_, i) => shading[shading.length - 1 - i])).toEqual(shading);
    await done(page);
  });

  it("refuses at once a size, class and symmetry the generator cannot reach in time, with the library's reason", async () => {
    const page = await visit(`#${small}`);
    // The library's own verdict on the choice (its measured table): the page must say the same.
    const reason = generationProblem({ rows: 17, cols: 17, class: 'C', symmetry: 'rot180' });
    expect(reason).not.toBeNull();
    await page.selectOption('#size', '17x17');
    await page.selectOption('#class', 'C');
    await page.selectOption('#symmetry', 'rot180');
    await page.click('#new');
    await status(page, 'generate-refused');
    expect(await page.textContent('#message')).toBe(`Not made: ${reason}. Choose another class or symmetry.`);
    // The puzzle on the board stays.
    expect(await page.locator('#board .cell').count()).toBe(16);
    await done(page);
  });

  it('numbers the shading a setter marked, so that it is the only solution; a shading that breaks a rule is refused with its place', async () => {
    const page = await visit(`#${small}`);
    const shading = janko001.solution!;
    for (const [i, s] of shading.entries()) if (s) await click(page, i);
    await page.click('#pattern');
    await status(page, 'generated');
    expect(await page.textContent('#message')).toMatch(/^A new 4x4 puzzle around your shading, class \w+, with one solution \(proven\)\.$/);
    const made = parse(await page.inputValue('#puzzle'));
    const solved = await solve(made, { engine: 'sat' });
    expect(solved.status).toBe('unique');
    expect(solved.solutions[0]).toEqual(shading);
    // Two shaded cells side by side: no numbering can make that a solution.
    await click(page, 0);
    await click(page, 1);
    await page.click('#pattern');
    await status(page, 'error');
    expect(await page.textContent('#message')).toMatch(/row 1, column 1/);
    await done(page);
  });

  it('setter: exports the puzzle as a puzz.link URL, pzprv3 and a Singles game ID that read back the same, and as a PNG of the grid', async () => {
    const page = await visit(`#${small}`);
    await page.click('#mode-set');
    await verdictOf(page);
    await click(page, 1);
    await page.keyboard.press('2');
    await verdictOf(page);
    const values = await numbers(page);
    for (const [button, from] of [
      ['#export-url', 'url'],
      ['#export-pzprv3', 'pzprv3'],
      ['#export-gameid', 'gameid'],
    ] as const) {
      await page.click(button);
      const text = await page.inputValue('#export-text');
      expect(await page.getAttribute('#export-text', 'data-format')).toBe(from);
      const read = parse(text, { from });
      expect([read.rows, read.cols, read.values]).toEqual([4, 4, values]);
    }
    expect(await page.inputValue('#export-text')).toMatch(/^4x4:/);
    await page.click('#export-png');
    await page.waitForSelector('#png-link:not([hidden])');
    expect(await page.getAttribute('#png-link', 'download')).toBe('hitori-4x4.png');
    const href = (await page.getAttribute('#png-link', 'href'))!;
    expect(href).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(href.slice(href.indexOf(',') + 1), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    // Square for a square grid, at least 20 px a cell, and not a screenful.
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(4 * 20);
    expect(width).toBeLessThanOrEqual(4 * 200);
    await done(page);
  });

  it('setter: gives the verdict after each edit of janko 037 (17x17), timed from the key press', async () => {
    const page = await visit(`#${janko037Url}`);
    await page.click('#mode-set');
    expect((await verdictOf(page)).status).toBe('set-unique');
    const times: number[] = [];
    const statuses: string[] = [];
    // Edits one by one, each waiting for its verdict; then a quick run of edits, each cancelling the last.
    for (const [cell, key] of [
      [0, '6'],
      [0, '16'],
      [7, '4'],
      [7, '6'],
      [100, '1'],
      [100, '8'],
      [0, '6'],
      [0, '16'],
      [7, '4'],
      [7, '6'],
    ] as const) {
      await click(page, cell);
      // Two digits typed quickly make one number.
      for (const digit of key) await page.keyboard.press(digit);
      const verdict = await verdictOf(page);
      expect(['set-unique', 'set-multiple', 'set-none']).toContain(verdict.status);
      times.push(Number(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['verdictMs'])));
      statuses.push(
        `${verdict.status}, map ${await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['mapMs'])} ms`,
      );
    }
    for (const key of ['3', '4', '6']) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press(key);
    }
    const last = await verdictOf(page);
    const values = await numbers(page);
    const map = await ambiguity({ rows: 17, cols: 17, values });
    expect(last.status).toBe(map.status === 'multiple' ? 'set-multiple' : `set-${map.status}`);
    console.log(
      `setter verdict after an edit of a 17x17, from the key press: ${times.map((t, k) => `${t} ms (${statuses[k]})`).join(', ')}`,
    );
    await done(page);
  });

  it('setter: fits a 17x17 with its panel on a 390-px-wide touch screen; a tap selects, the picker sets the number', async () => {
    const page = await open(`#${janko037Url}`, await harness.screen('phone'));
    try {
      await page.tap('#mode-set');
      await verdictOf(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await page.locator('#picker button').count()).toBe(17);
      await page.locator('#board .cell[data-i="20"]').tap();
      await page.locator('#picker button[data-value="17"]').tap();
      await verdictOf(page);
      expect((await numbers(page))[20]).toBe(17);
      const recorded = await cells(page);
      expect(recorded[20]!.outline).toBe('selected');
      // Cells of 21 px: a circle's edge crosses the fill's sample point, so circled cells are left out here.
      const paint = await painted(page);
      for (const [i, c] of recorded.entries()) if (c.state !== 'white') expect(paint[i]).toEqual(expectedPaint(c));
      expect(paint[20]!.outline).toBe('violet');
    } finally {
      await page.close();
    }
  });
});
