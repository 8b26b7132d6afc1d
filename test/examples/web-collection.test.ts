import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyOf, dailyRequest } from '../../examples/web/collection/daily.js';
import { loadProgress, progressPrefix, progressStates, type Store, saveProgress } from '../../examples/web/collection/storage.js';
import { format, parse, rate, run, solve } from '../../src/index.js';
import { parseJsonLines } from '../../src/formats/json.js';
import { checkShading } from '../../src/puzzle/check.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { chromiumPath, launchChromium, servePage } from '../../bench/browser.js';
import { builtPage } from '../support/built-page.js';
import { poll, sharedBrowser, shoot } from './page.js';
import { repoRoot } from '../cli/run.js';

interface CollectionData {
  sources: Record<string, { name: string; url: string; terms: string }>;
  puzzles: [string, string, string, string | null, string, string][];
}
const collection = JSON.parse(readFileSync(join(repoRoot, 'examples', 'web', 'collection', 'collection.json'), 'utf8')) as CollectionData;

/** The set's record of each puzzle of the collection, read from bench/sets/<source>/hitori_<size>.jsonl. */
function setRecord(source: string, size: string, id: string) {
  const file = join(repoRoot, 'bench', 'sets', source, `hitori_${size}.jsonl`);
  const record = parseJsonLines(readFileSync(file, 'utf8')).find((r) => r.puzzle.id === id);
  if (record === undefined) throw new Error(`${id} is not in ${file}`);
  return record;
}

describe('the collection (collection.json)', () => {
  const { puzzles, sources } = collection;
  const records = new Map(puzzles.map((p) => [p[0], setRecord(p[1], p[2], p[0])]));

  it('holds at least 300 puzzles, each named once, with its source named and described', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(300);
    expect(new Set(puzzles.map((p) => p[0])).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((p) => p[4])).size).toBe(puzzles.length);
    for (const [, source] of puzzles) expect(sources[source]?.name).toBeTruthy();
    // Every source is one that bench/sets/README.md describes.
    const readme = readFileSync(join(repoRoot, 'bench', 'sets', 'README.md'), 'utf8');
    for (const key of Object.keys(sources)) expect(readme).toContain(`## \`${key}/\``);
  });

  it("holds each puzzle as its set's record, of the size it says, with a published solution that keeps the rules", () => {
    for (const [id, , size, , url, origin] of puzzles) {
      const record = records.get(id)!;
      const puzzle = parse(url);
      expect(`${puzzle.rows}x${puzzle.cols}`).toBe(size);
      expect(puzzle.values).toEqual(record.puzzle.values);
      expect(origin).toBeTruthy();
      expect(record.solutions).toBe(1);
      const shading = record.solution!.flat().map((v) => v === 1);
      expect(checkShading(puzzle, shading), id).toEqual([]);
    }
  });

  it('has one solution, the published one, for a sample solved again by SAT', async () => {
    const sample = puzzles.filter((p, k) => k % 8 === 0 && parse(p[4]).rows <= 12);
    expect(sample.length).toBeGreaterThan(25);
    for (const [id, , , , url] of sample) {
      const result = await solve(parse(url));
      expect(result.status, id).toBe('unique');
      expect(result.solutions[0]).toEqual(
        records
          .get(id)!
          .solution!.flat()
          .map((v) => v === 1),
      );
    }
  });

  it('gives each puzzle the class the rule engine rates it, for a sample of every class', async () => {
    const byClass = new Map<string | null, CollectionData['puzzles']>();
    for (const p of puzzles) byClass.set(p[3], [...(byClass.get(p[3]) ?? []), p]);
    expect(byClass.size).toBeGreaterThanOrEqual(4);
    for (const [cls, members] of byClass) {
      for (const [id, , , , url] of members.slice(0, 4)) expect((await rate(parse(url))).class, id).toBe(cls);
    }
  });
});

describe('the daily puzzle', () => {
  /** The puzzle of a date, made by the library in Node as the page's worker makes it. */
  async function dailyPuzzle(date: string): Promise<{ puzzle: Puzzle; cls: string | null }> {
    const generated = (await run(dailyRequest(dailyOf(new Date(`${date}T12:00:00Z`))))).puzzles[0]!;
    return { puzzle: generated.puzzle, cls: generated.class };
  }

  it('takes its seed from the UTC date, and its size and class from the weekday', () => {
    // 23:30 in New York on 29 November is 04:30 on 30 November in UTC: the UTC day counts.
    const daily = dailyOf(new Date('2026-11-29T23:30:00-05:00'));
    expect(daily.seed).toBe('daily-2026-11-30');
    expect(dailyOf(new Date('2026-11-30T00:00:00Z'))).toEqual(daily);
    expect(dailyOf(new Date('2026-11-30T23:59:59Z'))).toEqual(daily);
    expect(dailyOf(new Date('2026-12-07T08:00:00Z'))).toMatchObject({ rows: daily.rows, level: daily.level });
  });

  it('is the same puzzle each time a date is made, different for another date, unique and of its class', async () => {
    const made = [];
    for (const date of ['2026-11-30', '2026-12-01']) {
      const first = await dailyPuzzle(date);
      const again = await dailyPuzzle(date);
      expect(format(again.puzzle, { to: 'url' })).toBe(format(first.puzzle, { to: 'url' }));
      const daily = dailyOf(new Date(`${date}T12:00:00Z`));
      expect([first.puzzle.rows, first.puzzle.cols]).toEqual([daily.rows, daily.cols]);
      const result = await solve(first.puzzle);
      expect(result.status).toBe('unique');
      expect(checkShading(first.puzzle, result.solutions[0]!)).toEqual([]);
      expect((await rate(first.puzzle)).class).toBe(daily.level);
      made.push(format(first.puzzle, { to: 'url' }));
    }
    expect(made[0]).not.toBe(made[1]);
  }, 60_000);
});

describe('saved progress (storage.ts)', () => {
  /** An in-memory stand-in for localStorage. */
  function memory(): Store & { items: Map<string, string> } {
    const items = new Map<string, string>();
    return {
      items,
      get length() {
        return items.size;
      },
      key: (k: number) => [...items.keys()][k] ?? null,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  it('reads back the marks, the time and whether it was solved, under the puzzle key', () => {
    const store = memory();
    const marks = [true, null, false, null, null, null];
    expect(saveProgress('3x2:112233', { marks, elapsedMs: 1234.4, solved: false }, store)).toBe(true);
    const stored = JSON.parse(store.items.get(`${progressPrefix}3x2:112233`)!);
    expect(stored).toMatchObject({ v: 1, marks: 'x.o', ms: 1234, solved: false });
    expect(loadProgress('3x2:112233', 6, store)).toMatchObject({ marks, elapsedMs: 1234, solved: false });
    saveProgress('other', { marks: [true], elapsedMs: 10, solved: true }, store);
    expect(progressStates(store)).toEqual(
      new Map([
        ['3x2:112233', 'started'],
        ['other', 'solved'],
      ]),
    );
  });

  it('ignores saved progress that does not fit the board or is not its format', () => {
    const store = memory();
    saveProgress('k', { marks: [true, true, true], elapsedMs: 5, solved: false }, store);
    expect(loadProgress('k', 2, store)).toBeNull();
    store.setItem(`${progressPrefix}k`, '{"v":2,"marks":"x","ms":1,"solved":false}');
    expect(loadProgress('k', 4, store)).toBeNull();
    store.setItem(`${progressPrefix}k`, 'not json');
    expect(loadProgress('k', 4, store)).toBeNull();
    expect(loadProgress('none', 4, store)).toBeNull();
    expect(saveProgress('k', { marks: [], elapsedMs: 0, solved: false }, null)).toBe(false);
  });
});

const inCi = process.env.CI === 'true';
if (chromiumPath === undefined && !inCi)
  console.warn('skipping the collection page test: no chromium on the PATH (apt-get install chromium)');

it.runIf(inCi && chromiumPath === undefined)('the collection page test runs in CI', () => {
  throw new Error('in CI (CI=true) the page must be tested in Chromium, but there is no chromium on the PATH (apt-get install chromium)');
});

describe.skipIf(chromiumPath === undefined)('the collection, the daily puzzle and offline use in headless Chromium', () => {
  let version: string;
  let server: Awaited<ReturnType<typeof servePage>> | undefined;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let url: string;
  /** Set: sw.js is served with its cache version replaced by this one (a new build, as the browser sees it). */
  let nextVersion: string | null = null;
  const errors: string[] = [];

  beforeAll(async () => {
    // The page as the global set-up built it (test/support/built-page.ts), served read-only.
    const built = builtPage();
    ({ version } = built);
    // A new build of sw.js, as the browser would fetch it: its cache version replaced.
    server = await servePage(built.dir, (path, body) =>
      path === '/sw.js' && nextVersion !== null ? Buffer.from(body.toString('utf8').replace(version, nextVersion)) : body,
    );
    ({ url } = server);
    browser = await sharedBrowser();
    context = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'allow' });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    expect(errors).toEqual([]);
  });

  /**
   * The page opened at an address, ready, with its collection loaded; opened without one, with
   * the new puzzle it makes on the board: the board, drawn when it lands, pushes the list down,
   * and a click aimed at the list just before could land on another item.
   */
  async function open(hash = '', on: BrowserContext = context!): Promise<Page> {
    const page = await on.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url + hash);
    await ready(page);
    if (hash === '') await page.waitForSelector('#board[data-status="generated"]');
    return page;
  }

  async function ready(page: Page): Promise<void> {
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#collection[data-loaded="true"]');
  }

  /** The list as shown: each item's id, its text and its progress. */
  const listed = (page: Page) =>
    page.$$eval('#collection-list > li', (items) =>
      items.map((li) => ({
        id: (li as HTMLElement).dataset['id']!,
        text: li.textContent!,
        progress: (li as HTMLElement).dataset['progress']!,
      })),
    );
  const states = (page: Page) => page.$$eval('#board .cell', (cells) => cells.map((c) => (c as HTMLElement).dataset['state']));
  /** The page's clock on the puzzle on the board (main.ts writes it on the board). */
  const elapsed = async (page: Page) => Number(await page.getAttribute('#board', 'data-clock-ms'));

  /**
   * In the page: the lowest contrast ratio (WCAG 2) between the colour of a text in the panel
   * (each element with text of its own) and the first opaque background behind it.
   */
  function lowestContrast(): { ratio: number; what: string } {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const background = (element: Element | null): string => {
      for (let e = element; e !== null; e = e.parentElement) {
        const colour = getComputedStyle(e).backgroundColor;
        if (rgb(colour)[3] !== 0) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    let lowest = { ratio: Number.POSITIVE_INFINITY, what: '' };
    for (const element of document.querySelectorAll('#collection *')) {
      const own = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || element.closest('option')) continue;
      const [a, b] = [luminance(getComputedStyle(element).color), luminance(background(element))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < lowest.ratio) lowest = { ratio, what: `${element.tagName} "${element.textContent!.slice(0, 30)}"` };
    }
    return lowest;
  }

  it('browses the collection by size and class, opens a puzzle, and resumes its marks and time after a reload and from the list', async () => {
    const page = await open();
    // 5x5 of class B: the list holds exactly the collection's puzzles of that size and class.
    await page.selectOption('#collection-size', '5x5');
    await page.selectOption('#collection-class', 'B');
    const expected = collection.puzzles.filter((p) => p[2] === '5x5' && p[3] === 'B');
    expect(expected.length).toBeGreaterThan(3);
    const shown = await listed(page);
    expect(shown.map((s) => s.id)).toEqual(expected.map((p) => p[0]));
    for (const s of shown) expect(s.text).toMatch(/5x5, class B/);
    expect(await page.textContent('#collection-count')).toBe(`${expected.length} of ${collection.puzzles.length} puzzles`);
    // Every source is named in the page, with its count.
    for (const [key, source] of Object.entries(collection.sources)) {
      const n = collection.puzzles.filter((p) => p[1] === key).length;
      expect(await page.textContent('#collection-sources')).toContain(`${source.name}: ${n} puzzles`);
    }
    await shoot(page.locator('#collection'), 'collection-browse');

    // Open the first: it is on the board, in the text box and in the address.
    const [id, , , , puzzleUrl] = expected[0]!;
    await page.click(`#collection-list li[data-id="${id}"] button`);
    await page.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, puzzleUrl);
    expect(await page.$$eval('#board .cell', (cells) => cells.map((c) => Number(c.textContent)))).toEqual(parse(puzzleUrl).values);

    // Two marks: shaded, then marked white (a right click).
    await page.locator('#board .cell[data-i="0"]').click();
    await page.locator('#board .cell[data-i="6"]').click({ button: 'right' });
    await page.waitForSelector(`#collection-list li[data-id="${id}"][data-progress="started"]`);
    expect(await page.textContent(`#collection-list li[data-id="${id}"] .progress`)).toBe('in progress');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#board')!.dataset['clockMs']) >= 1500, null, poll);
    const before = await elapsed(page);
    const marked = await states(page);
    expect(marked.slice(0, 7)).toEqual(['shaded', 'unmarked', 'unmarked', 'unmarked', 'unmarked', 'unmarked', 'white']);
    await shoot(page, 'collection-marked', true);

    // Reload: the same marks, and the clock goes on from where it was.
    await page.reload();
    await ready(page);
    expect(await states(page)).toEqual(marked);
    expect(await elapsed(page)).toBeGreaterThanOrEqual(before);
    const saved = await page.evaluate((key) => localStorage.getItem(key), `hitori-sat:progress:${puzzleUrl}`);
    expect(JSON.parse(saved!)).toMatchObject({ v: 1, marks: 'x.....o', solved: false });
    await page.close();

    // A new visit without the address: the puzzle opened from the list comes back with its marks and time.
    const again = await open();
    // The last puzzle in progress is offered at once.
    expect(await again.isVisible('#continue')).toBe(true);
    expect(await again.getAttribute('#continue', 'data-url')).toBe(puzzleUrl);
    await again.selectOption('#collection-progress', 'started');
    expect((await listed(again)).map((s) => s.id)).toEqual([id]);
    await again.click(`#collection-list li[data-id="${id}"] button`);
    await again.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, puzzleUrl);
    expect(await states(again)).toEqual(marked);
    expect(await elapsed(again)).toBeGreaterThanOrEqual(before);

    // Solved: the published solution marked (shaded cells clicked once; the two old marks cleared first).
    await again.click('#clear');
    const solution = setRecord(expected[0]![1], '5x5', id).solution!.flat();
    for (let i = 0; i < solution.length; i++) if (solution[i] === 1) await again.locator(`#board .cell[data-i="${i}"]`).click();
    await again.waitForSelector('#board[data-status="play-solved"]');
    await again.selectOption('#collection-progress', 'solved');
    expect((await listed(again)).map((s) => s.id)).toEqual([id]);
    expect(await again.textContent(`#collection-list li[data-id="${id}"] .progress`)).toBe('solved');
    const solvedSave = await again.evaluate((key) => localStorage.getItem(key), `hitori-sat:progress:${puzzleUrl}`);
    expect(JSON.parse(solvedSave!)).toMatchObject({ solved: true });
    // The clock stopped.
    const stopped = await elapsed(again);
    await again.waitForTimeout(1200);
    expect(await elapsed(again)).toBe(stopped);
    await shoot(again.locator('#collection'), 'collection-solved');

    // "Next puzzle" opens the next 5x5 of the collection (in its order) that is not solved.
    const all5x5 = collection.puzzles.filter((p) => p[2] === '5x5');
    const following = all5x5[(all5x5.findIndex((p) => p[0] === id) + 1) % all5x5.length]!;
    await again.click('#next-puzzle');
    await again.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, following[4]);

    // Another puzzle in progress, so that both badges are in the list.
    const [other] = expected[1]!;
    await again.selectOption('#collection-progress', '');
    await again.click(`#collection-list li[data-id="${other}"] button`);
    await again.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, expected[1]![4]);
    await again.locator('#board .cell[data-i="0"]').click();
    await again.waitForSelector(`#collection-list li[data-id="${other}"][data-progress="started"]`);
    // Readable in both colour schemes: every text of the panel against the background it is drawn on.
    for (const colorScheme of ['light', 'dark'] as const) {
      await again.emulateMedia({ colorScheme });
      await again.selectOption('#collection-size', '5x5');
      const lowest = await again.evaluate(lowestContrast);
      expect(lowest.ratio, `${colorScheme}: ${lowest.what}`).toBeGreaterThanOrEqual(4.5);
      await shoot(again.locator('#collection'), `collection-scheme-${colorScheme}`);
    }
    await again.close();
  }, 60_000);

  it("shows today's puzzle, the one Node's generator makes from the date", async () => {
    // At a puzzle's address: without one the page would first make a new puzzle of its own.
    const page = await open(`#${collection.puzzles[0]![4]}`);
    const seed = (await page.getAttribute('#collection', 'data-daily-seed'))!;
    const today = dailyOf(new Date());
    // The page read the date a moment ago: the seed is today's (or, just after midnight, yesterday's).
    expect([today.seed, dailyOf(new Date(Date.now() - 60_000)).seed]).toContain(seed);
    await page.click('#daily');
    await page.waitForSelector('#collection[data-daily-url]', { timeout: 60_000 });
    const shownUrl = (await page.getAttribute('#collection', 'data-daily-url'))!;
    const date = seed.replace('daily-', '');
    const node = (await run(dailyRequest(dailyOf(new Date(`${date}T12:00:00Z`))))).puzzles[0]!;
    expect(shownUrl).toBe(format(node.puzzle, { to: 'url' }).trim());
    await page.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, shownUrl);
    expect(await page.$$eval('#board .cell', (cells) => cells.map((c) => Number(c.textContent)))).toEqual(node.puzzle.values);
    expect(await page.textContent('#daily-status')).toContain(`seed ${seed}, class ${dailyOf(new Date(`${date}T12:00:00Z`)).level}`);
    await shoot(page, 'collection-daily', true);
    await page.close();
  }, 90_000);

  it('works offline after one visit: the page, the collection, a hint and a solve; a new build replaces the old cache', async () => {
    // In the whole browser, not the headless shell the other tests use: the shell judges no page
    // installable (it answers "no error" for a page without a manifest), and its service worker
    // and offline mode are not the ones players have (in the shell this test once waited in vain
    // for the collection's link to open offline).
    const whole = await launchChromium({ full: true });
    const offline = await whole.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'allow' });
    const nikoli = collection.puzzles.find((p) => p[1] === 'nikoli' && p[2] === '8x8')!;
    // Opened at a puzzle's address: without one the page first makes a new puzzle (see open).
    const start = `#${collection.puzzles.find((p) => p !== nikoli)![4]}`;
    try {
      const first = await open(start, offline);
      await first.waitForSelector('#collection[data-offline="ready"]');
      expect(await first.evaluate(() => caches.keys())).toEqual([`hitori-sat-${version}`]);
      // Installable, as Chromium judges it (a manifest it reads without errors, icons, a service worker).
      const cdp = await offline.newCDPSession(first);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data!)).toMatchObject({ display: 'standalone', theme_color: '#1971c2' });
      // The one error left is the browser's, not the page's: playwright's contexts are incognito windows.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
      await first.close();

      await offline.setOffline(true);
      const page = await open(start, offline);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      // Offline, the page was served by the service worker.
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.click(`#collection-list li[data-id="${nikoli[0]}"] button`);
      await page.waitForFunction((u) => document.querySelector<HTMLTextAreaElement>('#puzzle')!.value === u, nikoli[4]);
      await page.click('#hint');
      await page.waitForFunction(() => (document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '').startsWith('hint-'));
      expect(await page.getAttribute('#board', 'data-status')).toBe('hint-step');
      await page.click('#solve');
      await page.waitForSelector('#board[data-status="unique"]');
      const published = setRecord('nikoli', '8x8', nikoli[0]).solution!.flat();
      expect(await states(page)).toEqual(published.map((v) => (v === 1 ? 'shaded' : 'white')));
      await shoot(page, 'collection-offline', true);

      // Back online, a new build (a new sw.js): its worker takes over and deletes the old cache.
      await offline.setOffline(false);
      nextVersion = 'feedfacefeedface';
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration!.update();
      });
      await page.waitForFunction(
        async () => {
          const keys = await caches.keys();
          return keys.length === 1 && keys[0] === 'hitori-sat-feedfacefeedface';
        },
        null,
        poll,
      );
      await page.close();
    } finally {
      nextVersion = null;
      await offline.close();
      await whole.close();
    }
  }, 90_000);
});
