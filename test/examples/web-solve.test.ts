/**
 * The browser page in headless Chromium: solving, checking and cancelling, the verdicts the page
 * gives (unique, several, solved, a bad puzzle) and their certificate. The page tests are split
 * by concern over several files (test/examples/web-*.test.ts) so that vitest's workers run
 * them side by side; page.ts is their shared harness.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, readTar, verifyCertificate } from '../../src/index.js';
import { checkShading } from '../../src/puzzle/check.js';
import { repoRoot } from '../cli/run.js';
import {
  cells,
  chromiumPath,
  click,
  hinted,
  janko001,
  janko037Url,
  pageHarness,
  published,
  puzzle,
  shadedOf,
  small,
  states,
  status,
} from './page.js';

// A hang guard, not a speed bound: the longest page tests (a 17x17 played by keyboard, the
// phone's zoom) passed 60 s on a 2-core machine at a load average of 20 and more.
describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', { timeout: 120_000 }, () => {
  const harness = pageHarness();
  const { open, visit, done, expectPainted } = harness;

  it('solves janko 037 (17x17) from the example button, keeping it over the puzzle being made at start, and draws the published solution', async () => {
    const page = await open();
    await page.click('#example');
    await page.click('#solve');
    await status(page, 'unique');
    expect(await page.textContent('#message')).toMatch(/^Unique solution, proven/);
    const drawn = await states(page);
    expect(drawn).toEqual(shadedOf(published));
    expect(checkShading(puzzle, published)).toEqual([]);
    await expectPainted(page);
    // The puzzle made at start (the worker answered it before the solve) did not replace it.
    expect(await page.inputValue('#puzzle')).toBe(janko037Url);
    // A click on the solution marks nothing; "Back to my marks" goes back to the player's (empty) board.
    await click(page, 0);
    expect(await states(page)).toEqual(shadedOf(published));
    await page.click('#back');
    expect(await page.isHidden('#back')).toBe(true);
    expect(await states(page)).toEqual(new Array(289).fill('unmarked'));
    await click(page, 0);
    expect(await states(page)).toEqual(['shaded', ...new Array(288).fill('unmarked')]);
    await done(page);
  });

  it('downloads a certificate of the verdict beside it, as a tar archive that the verifier accepts', async () => {
    const page = await visit(`#${small}`);
    await page.click('#example');
    expect(await page.isHidden('#certificate')).toBe(true);
    await page.click('#solve');
    await status(page, 'unique');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#certificate')]);
    expect(download.suggestedFilename()).toMatch(/^hitori-certificate-.*\.tar$/);
    const path = await download.path();
    const files = readTar(readFileSync(path));
    const verified = verifyCertificate(files);
    expect(verified).toMatchObject({ ok: true, verdict: 'unique' });
    // The certificate is of the puzzle on the board, and its solution is the published one.
    expect(parse(new TextDecoder().decode(files['puzzle.txt'])).values).toEqual(puzzle.values);
    expect(await page.textContent('#message')).toMatch(/hitori-sat verify hitori-certificate-/);
    // Leaving the verdict takes the button away with it.
    await page.click('#back');
    expect(await page.isHidden('#certificate')).toBe(true);
    await done(page);
  });

  it('says "solved" as soon as the shaded cells are the solution, and "Check and hint" says so too', async () => {
    const page = await visit(`#${small}`);
    const shaded = janko001.solution!.flatMap((s, i) => (s ? [i] : []));
    for (const i of shaded.slice(0, -1)) await click(page, i);
    expect(await page.textContent('#message')).toBe('');
    await click(page, shaded.at(-1)!);
    expect(await page.textContent('#message')).toBe('Solved: the shaded cells keep all three rules.');
    await expectPainted(page);
    // The white cells left unmarked, as pzprjs accepts an answer: the hint's verdict is "solved".
    expect(await hinted(page)).toMatch(/^Solved/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['status'])).toBe('hint-solved');
    // Every white cell marked too: still "solved".
    for (let i = 0; i < 16; i++) if (!janko001.solution![i]) await click(page, i, 'right');
    expect(await hinted(page)).toMatch(/^Solved/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['status'])).toBe('hint-solved');
    await expectPainted(page);
    await done(page);
  });

  it('cancels work in progress (its worker is ended) and solves again afterwards', async () => {
    const page = await visit(`#${small}`);
    // Explaining this 50x50 takes the rule engine most of a second (its worker has to start first):
    // it is still at work when cancelled at once.
    const big = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8').split('\n')[0]!;
    await page.fill('#puzzle', big);
    await page.click('#explain');
    await page.click('#cancel');
    expect(await page.textContent('#message')).toBe('Cancelled.');
    await page.click('#example');
    await page.click('#solve');
    await status(page, 'unique');
    expect(await states(page)).toEqual(shadedOf(published));
    await done(page);
  });

  it('shows one solution of a puzzle with several, and outlines the cells where a second one differs', async () => {
    const page = await visit(`#${small}`);
    const latin = [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3];
    await page.fill('#puzzle', '1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n');
    await page.click('#solve');
    await status(page, 'multiple');
    expect(await page.textContent('#message')).toMatch(/^More than one solution: this is one of them/);
    const drawn = await cells(page);
    const shading = drawn.map((c) => c.state === 'shaded');
    expect(checkShading({ rows: 4, cols: 4, values: latin }, shading)).toEqual([]);
    const differ = drawn.flatMap((c, i) => (c.outline === 'differ' ? [i] : []));
    expect(differ.length).toBeGreaterThan(0);
    // Flipping the outlined cells gives the second solution.
    expect(
      checkShading(
        { rows: 4, cols: 4, values: latin },
        shading.map((s, i) => (differ.includes(i) ? !s : s)),
      ),
    ).toEqual([]);
    await done(page);
  });

  it('says what is wrong with a bad puzzle, with its place', async () => {
    const page = await visit(`#${small}`);
    await page.fill('#puzzle', '1 2\n2 x\n');
    await page.click('#solve');
    expect(await page.textContent('#message')).toBe('input, line 2, row 2, column 2: "x" is not a positive integer');
    expect(await page.locator('#board .cell').count()).toBe(0);
    await done(page);
  });
});
