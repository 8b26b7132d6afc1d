/**
 * The browser page in headless Chromium: hints and explanations, with the mouse and with the
 * keyboard alone, and the first hint after a link is opened. The page tests are split by concern
 * over several files (test/examples/web-*.test.ts) so that vitest's workers run them side by
 * side; page.ts is their shared harness.
 */
import { describe, expect, it } from 'vitest';
import { addressOf } from '../../examples/web/address.js';
import { hint } from '../../src/index.js';
import {
  cells,
  chromiumPath,
  click,
  dataOf,
  focusedCell,
  hinted,
  janko037Url,
  laptop,
  nearest,
  pageHarness,
  poll,
  published,
  puzzle,
  shadedOf,
  shoot,
  states,
  status,
} from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { open, visit, done, expectPainted } = harness;

  it('steps through the explanation; "Back to my marks" leaves it (a click on the board marks nothing)', async () => {
    const page = await visit(`#${janko037Url}`);
    await click(page, 5);
    await page.click('#explain');
    await status(page, 'solved');
    expect(await page.textContent('#counter')).toMatch(/^step (\d+) of \1$/);
    expect(await states(page)).toEqual(shadedOf(published));
    await page.click('#first');
    expect(await page.textContent('#counter')).toMatch(/^step 0 of \d+$/);
    expect((await states(page)).every((s) => s === 'unmarked')).toBe(true);
    await page.click('#next');
    expect(await page.textContent('#step')).toMatch(/^1\. /);
    // The first step's cells are drawn decided and outlined in their colours.
    const first = await cells(page);
    expect(first.filter((c) => c.state !== 'unmarked').every((c) => c.outline === (c.state === 'shaded' ? 'shaded' : 'white'))).toBe(true);
    await expectPainted(page);
    // Every step shows its own reason, also after a probe, whose trial lines are not steps.
    await page.click('#last');
    const last = Number(/of (\d+)$/.exec((await page.textContent('#counter'))!)![1]);
    expect(await page.textContent('#step')).toMatch(new RegExp(`^${last}\\. `));
    let probe = '';
    for (let k = last; k > 0 && probe === ''; k--) {
      const text = (await page.textContent('#step'))!;
      if (/^\d+\. Prob/.test(text)) probe = text;
      else await page.click('#prev');
    }
    expect(probe).toMatch(/\n\s+Prob: assume r\d+c\d+ (black|white)\n/);
    // A click on the board leaves nothing and marks nothing; the button goes back to the player's board (cell 5 shaded before).
    const during = await states(page);
    await click(page, 6);
    expect(await states(page)).toEqual(during);
    expect(await page.isVisible('#steps')).toBe(true);
    await page.click('#back');
    expect(await page.isHidden('#steps')).toBe(true);
    await click(page, 6);
    expect(await states(page)).toEqual(new Array(289).fill('unmarked').map((s, i) => (i === 5 || i === 6 ? 'shaded' : s)));
    await done(page);
  });

  it('"Hint" names a wrong mark and outlines it; then, in three presses and one request, where to look, which cell and why', async () => {
    const page = await visit(`#${janko037Url}`);
    // A white cell of the published solution, shaded by the player: the one wrong mark.
    const white = published.findIndex((s) => !s);
    const [r, c] = [Math.floor(white / puzzle.cols), white % puzzle.cols];
    await click(page, white);
    // In the library's plain words for the same board, which name that cell.
    const wrong = await hint(
      puzzle,
      puzzle.values.map((_, i) => (i === white ? true : null)),
    );
    if (wrong.kind !== 'mistakes') throw new Error(`expected mistakes, got ${wrong.kind}`);
    expect(wrong.words).toContain(`row ${r + 1}, column ${c + 1}`);
    expect(await hinted(page)).toBe(wrong.words);
    expect((await cells(page)).flatMap((cell, i) => (cell.outline === null ? [] : [[i, cell.outline]]))).toEqual([[white, 'mistake']]);
    await expectPainted(page);
    // Marked white, then cleared: no mark left, so the hint is the first deduction. The library's
    // hint on the same (unmarked) board is the account the page's three grades are checked against.
    await click(page, white);
    await click(page, white);
    const step = await hint(puzzle);
    if (step.kind !== 'step') throw new Error(`expected a step, got ${step.kind}`);
    const extras = step as typeof step & { focus?: { row: number; col: number }[]; words?: string };
    const at = (cell: { row: number; col: number }) => (cell.row - 1) * puzzle.cols + (cell.col - 1);
    const sorted = (list: Iterable<number>) => [...new Set(list)].sort((a, b) => a - b);
    const asked = async () => Number(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['hintsAsked']));
    const outlined = async () => (await cells(page)).flatMap((cell, i) => (cell.outline === null ? [] : [[i, cell.outline]]));
    const before = await asked();
    // 1: where to look: the step's focus (its premises and cells before the library names a focus) tinted, nothing outlined.
    expect(await hinted(page)).toMatch(/^Where to look: r\d+c\d+/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['hintGrade'])).toBe('1');
    const where = sorted((extras.focus ?? [...step.premises, ...step.cells]).map(at));
    expect((await cells(page)).flatMap((cell, i) => (cell.focus ? [i] : []))).toEqual(where);
    expect(await outlined()).toEqual([]);
    expect((await expectPainted(page)).filter((p) => p.fill === 'lavender')).toHaveLength(where.length);
    // 2: which cell: the cells the step decides, outlined in their colours, as in the published solution.
    expect(await hinted(page)).toMatch(/\nWhich cell: r\d+c\d+.* (is|are) (shaded|white)/);
    const decided = await outlined();
    expect(decided).toEqual(
      step.cells
        .map((cell) => [at(cell), cell.colour === 'black' ? 'shaded' : 'white'])
        .sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    for (const [i, outline] of decided) expect(outline).toBe(published[i as number] ? 'shaded' : 'white');
    await expectPainted(page);
    // 3: why: the rule in words; the technique's name and code and the engine's text behind "Details".
    const why = await hinted(page);
    expect(why).toContain(`Why: ${extras.words ?? step.rule.charAt(0).toUpperCase()}`);
    expect(await page.isVisible('#hint-details')).toBe(true);
    expect(await page.isVisible('#hint-technique')).toBe(false);
    await page.click('#hint-details summary');
    expect(await page.textContent('#hint-technique')).toContain(`(${step.technique}), class ${step.class}`);
    expect(await page.textContent('#hint-text')).toBe(step.text.trim());
    // The cells the deduction reasons from carry the premise dot.
    const dotted = await page.$$eval('#board .cell', (els) => els.flatMap((e, i) => (e.dataset['premise'] === 'yes' ? [i] : [])));
    expect(dotted).toEqual(sorted(step.premises.map(at)).filter((i) => !decided.some(([d]) => d === i)));
    // Three presses, one request to the worker; a fourth press shows the same.
    expect((await asked()) - before).toBe(1);
    expect(await hinted(page)).toBe(why);
    expect((await asked()) - before).toBe(1);
    // The next mark clears the hint; the next press asks again.
    await click(page, white);
    expect((await cells(page)).every((cell) => cell.outline === null && !cell.focus)).toBe(true);
    expect(await page.isHidden('#grades')).toBe(true);
    await hinted(page);
    expect((await asked()) - before).toBe(2);
    await done(page);
  });

  it('draws the cell a probing hint assumes (a dashed ring) at the third grade', async () => {
    // The library's hints, followed from a fresh board until one probes: the board the page is opened on.
    const marks: (boolean | null)[] = new Array(289).fill(null);
    let probe: Awaited<ReturnType<typeof hint>> | undefined;
    for (let k = 0; k < 300 && probe === undefined; k++) {
      const next = await hint(puzzle, marks);
      if (next.kind !== 'step') throw new Error(`no probing step before ${next.kind}`);
      if (next.technique.startsWith('Prob')) probe = next;
      else for (const cell of next.cells) marks[(cell.row - 1) * puzzle.cols + (cell.col - 1)] = cell.colour === 'black';
    }
    if (probe?.kind !== 'step') throw new Error('no probing step');
    const trial = probe as typeof probe & { trial?: { assumed?: { row: number; col: number }[] } };
    const assumed = (
      trial.trial?.assumed ?? [...probe.text.matchAll(/assume r(\d+)c(\d+)/g)].map((m) => ({ row: Number(m[1]), col: Number(m[2]) }))
    ).map((cell) => (cell.row - 1) * puzzle.cols + (cell.col - 1));
    expect(assumed.length).toBeGreaterThan(0);
    const page = await visit(`#${addressOf(janko037Url, marks).slice(1)}`);
    for (let k = 0; k < 3; k++) await hinted(page);
    const drawn = await page.$$eval('#board .cell', (els) => els.flatMap((e, i) => (e.dataset['assumed'] ? [i] : [])));
    expect(drawn).toEqual([...new Set(assumed)].sort((a, b) => a - b));
    expect(await page.textContent('#message')).toMatch(/The trial assumed r\d+c\d+ (shaded|white) \(dashed ring\)/);
    await done(page);
  });

  it('plays janko 037 (17x17) to "solved" with the keyboard alone: a grid with a roving cursor, labelled cells, graded hints, marks, undo', async () => {
    const wide = await harness.browser.newContext(laptop);
    try {
      const page = await open(`#${janko037Url}`, wide);
      // A grid of 17 rows of 17 cells, each labelled with its row, column, number and state.
      expect(await page.getAttribute('#board', 'role')).toBe('grid');
      expect(await page.locator('#board [role="row"]').count()).toBe(17);
      const labelsOf = () => page.$$eval('#board [role="gridcell"]', (els) => els.map((e) => e.getAttribute('aria-label')));
      expect(await labelsOf()).toEqual(
        puzzle.values.map((v, i) => `row ${Math.floor(i / 17) + 1}, column ${(i % 17) + 1}: ${v}, not marked`),
      );
      // Tab reaches the grid: one cell in the tab order.
      for (let k = 0; k < 10 && (await focusedCell(page)) < 0; k++) await page.keyboard.press('Tab');
      expect(await focusedCell(page)).toBe(0);
      expect(await page.$$eval('#board .cell[tabindex="0"]', (els) => els.length)).toBe(1);
      // The cursor is drawn: an amber ring at the cell's edge.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)).toBe('rgb(240, 140, 0)');
      // In the screenshot: the cell's top edge amber, the same edge of its neighbour not.
      const png = (await page.locator('#board').screenshot()).toString('base64');
      const [ours, theirs] = await harness.decoder.evaluate(async (data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const cell = (bitmap.width - 4) / 17;
        const at = (x: number) => [...context.getImageData(Math.floor(x), 3, 1, 1).data.slice(0, 3)];
        return [at(2 + cell / 2), at(2 + cell * 1.5)];
      }, png);
      expect(nearest(ours!, ['amber', 'white', 'dark']).name).toBe('amber');
      expect(nearest(theirs!, ['amber', 'white', 'dark']).name).toBe('white');
      /**
       * Moves the cursor to cell i with arrow keys, Home and End (whichever reaches the column in
       * fewer presses), then checks it is there. The keys follow from where the cursor was: one
       * read of the focus per move, not one per key.
       */
      let cursor = 0;
      const moveTo = async (i: number) => {
        const [r, c] = [Math.floor(i / 17), i % 17];
        const [row, col] = [Math.floor(cursor / 17), cursor % 17];
        const run = (key: string, n: number) => new Array<string>(n).fill(key);
        const across = (from: number) => run(from < c ? 'ArrowRight' : 'ArrowLeft', Math.abs(c - from));
        const ways = [across(col), ['Home', ...across(0)], ['End', ...across(16)]];
        const keys = [
          ...run(row < r ? 'ArrowDown' : 'ArrowUp', Math.abs(r - row)),
          ...ways.reduce((a, b) => (b.length < a.length ? b : a)),
        ];
        for (const key of keys) await page.keyboard.press(key);
        expect(await focusedCell(page)).toBe(i);
        cursor = i;
      };
      // Keys on one cell: x shades, o circles, Backspace clears, Enter cycles, u undoes.
      await moveTo(20);
      const state = async (i: number) => (await states(page))[i];
      await page.keyboard.press('x');
      expect(await state(20)).toBe('shaded');
      expect((await labelsOf())[20]).toBe(`row 2, column 4: ${puzzle.values[20]}, shaded`);
      await page.keyboard.press('o');
      expect(await state(20)).toBe('white');
      await page.keyboard.press('Backspace');
      expect(await state(20)).toBe('unmarked');
      await page.keyboard.press('Enter');
      expect(await state(20)).toBe('shaded');
      await page.keyboard.press('Space');
      expect(await state(20)).toBe('unmarked');
      await page.keyboard.press('u');
      expect(await state(20)).toBe('shaded');
      await page.keyboard.press('Delete');
      expect(await state(20)).toBe('unmarked');
      // Three hints, three grades each (H), the decided cells marked from the keyboard.
      for (let k = 0; k < 3; k++) {
        const asked = Number((await dataOf(page, 'hintsAsked')) || 0);
        for (const grade of ['1', '2', '3']) {
          await page.keyboard.press('h');
          await page.waitForFunction((g) => document.querySelector<HTMLElement>('#board')!.dataset['hintGrade'] === g, grade, poll);
        }
        expect(Number(await dataOf(page, 'hintsAsked'))).toBe(asked + 1);
        expect(await page.textContent('#message')).toMatch(/^Where to look: .*\nWhich cell: .*\nWhy: /s);
        const decided = (await cells(page)).flatMap((c, i) => (c.outline === null ? [] : [[i, c.outline] as const]));
        expect(decided.length).toBeGreaterThan(0);
        for (const [i, outline] of decided) {
          expect(outline).toBe(published[i] ? 'shaded' : 'white');
          await moveTo(i);
          await page.keyboard.press(outline === 'shaded' ? 'x' : 'o');
        }
      }
      // The rest from the published solution: every shaded cell shaded (white cells may stay unmarked).
      const marked = await states(page);
      for (let i = 0; i < 289; i++)
        if (published[i] && marked[i] !== 'shaded') {
          await moveTo(i);
          await page.keyboard.press('x');
        }
      await status(page, 'play-solved');
      expect((await states(page)).map((s) => s === 'shaded')).toEqual(published);
      expect(await page.textContent('#message')).toBe('Solved: the shaded cells keep all three rules.');
      // Finished: the board turns green, the time is given, a next puzzle offered.
      expect(await page.isVisible('#finish')).toBe(true);
      expect(await page.textContent('#finish-time')).toMatch(/^in \d+:\d\d$/);
      expect(await page.isVisible('#next-puzzle')).toBe(true);
      await page.evaluate(() => (document.activeElement as HTMLElement).blur());
      expect((await expectPainted(page)).filter((p) => p.fill === 'mint')).toHaveLength(published.filter((s) => !s).length);
      await shoot(page, 'laptop-solved');
    } finally {
      await wide.close();
    }
  });

  it('answers the first hint after a link is opened (the worker and solver started at load); timed in performance marks', async () => {
    const page = await open(`#${janko037Url}`);
    await page.click('#hint');
    await status(page, 'hint-step');
    const first = await page.evaluate(() => performance.getEntriesByName('hint', 'measure').map((e) => e.duration));
    expect(first).toHaveLength(1);
    expect(first[0]).toBeGreaterThan(0);
    console.log(`first hint after opening a link to janko 037: ${first[0]!.toFixed(0)} ms (bench:page times it properly)`);
    await done(page);
  });
});
