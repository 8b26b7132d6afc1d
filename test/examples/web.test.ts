/**
 * The browser page (examples/web/), built as `npm run build:web` builds it and opened in headless
 * Chromium (Debian's `chromium`, driven by playwright-core), played as a player would: clicks and
 * taps that cycle a cell, live rule breaks, undo and redo, hints, the solved message, a new
 * puzzle, the address that keeps the puzzle and the marks, a phone-sized screen and print; and
 * as a setter would: edits, the verdict after each with its ambiguity map, a suggested fix applied
 * and undone, exports read back by the library, a PNG, the verdict's time on a 17x17. Each
 * state is also checked in a screenshot: the colours painted in each cell (its fill, the circle of
 * a white mark, a hint's outline) must be those of the cell's state, so that a state the page
 * records but does not show, or shows alike for two states, fails.
 *
 * Outside CI the browser tests skip, with a message, where Chromium is not installed; in CI
 * (CI=true) a missing Chromium fails, so that the page cannot go untested while CI is green. The
 * page's own pure parts (rule breaks, the address) are tested here without a browser too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, marksFrom, marksText, readAddress } from '../../examples/web/address.js';
import { ruleBreaks } from '../../examples/web/breaks.js';
import { buildWeb } from '../../examples/web/build.js';
import { janko037 as janko037Url } from '../../examples/web/example.js';
import { ambiguity, format, hint, parse, solve } from '../../src/index.js';
import { checkShading } from '../../src/puzzle/check.js';
import { repoRoot } from '../cli/run.js';
import { readFixtures } from '../support/fixtures.js';

const inCi = process.env.CI === 'true';
const chromiumPath = ['chromium', 'chromium-browser']
  .map((name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim())
  .find((path) => path !== '');
if (chromiumPath === undefined && !inCi) console.warn('skipping the browser page test: no chromium on the PATH (apt-get install chromium)');

const fixtures = readFixtures('janko-sample.jsonl');
const janko037 = fixtures.find((f) => f.id === 'janko-037')!;
const { puzzle } = janko037;
/** janko.at's published solution. */
const published = janko037.solution!;
/** janko 001, 4x4: 3 3 1 4 / 4 3 2 2 / 1 3 4 2 / 3 4 3 2; its solution shades cells 1, 7, 9, 12, 15. */
const janko001 = fixtures.find((f) => f.id === 'janko-001')!;
const small = 'https://puzz.link/p?hitori/4/4/3314432213423432';

describe('the page computes rule breaks from the marks alone', () => {
  const grid = janko001.puzzle;
  const none = () => new Array<boolean | null>(16).fill(null);

  it('finds none on a fresh board, although numbers repeat among the unmarked cells', () => {
    expect(ruleBreaks(grid, none()).every((b) => b === null)).toBe(true);
  });

  it('flags two shaded cells that share an edge, and not two that touch at a corner', () => {
    const marks = none();
    marks[0] = marks[1] = true;
    marks[6] = true;
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([
      [0, 'touch'],
      [1, 'touch'],
    ]);
  });

  it('flags a number marked white twice in a line, and not a white one beside an unmarked twin', () => {
    const marks = none();
    marks[6] = marks[7] = false; // row 2: 4 3 2 2
    marks[0] = false; // row 1: 3 3, the second not marked
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([
      [6, 'repeat'],
      [7, 'repeat'],
    ]);
  });

  it('flags the smaller region that shaded cells cut off, unmarked cells counting as white', () => {
    const marks = none();
    marks[1] = marks[4] = true;
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([[0, 'cut']]);
  });

  it('finds none on the published solution with its white cells marked', () => {
    expect(ruleBreaks(grid, janko001.solution!).every((b) => b === null)).toBe(true);
  });
});

describe('the page keeps the puzzle and the marks in its address', () => {
  it('writes the puzzle alone for a fresh board, and reads it back', () => {
    const address = addressOf(small, new Array(16).fill(null));
    expect(address).toBe(`#${small}`);
    expect(readAddress(address)).toEqual({ puzzle: small, marks: null });
  });

  it('writes x for shaded, o for white and . for unmarked, leaving off trailing dots, and reads them back', () => {
    const marks = [true, null, false, null, ...new Array(12).fill(null)];
    const address = addressOf(small, marks);
    expect(address).toBe(`#${small}&marks=x.o`);
    const read = readAddress(address);
    expect(read.puzzle).toBe(small);
    expect(marksFrom(read.marks!, 16)).toEqual(marks);
    expect(marksText(janko001.solution!)).toBe('oxoooooxoxooxoox');
  });

  it('reads a percent-encoded address as a browser may give it', () => {
    expect(readAddress('#4x4:3314432213423432%26marks=xo')).toEqual({ puzzle: '4x4:3314432213423432', marks: 'xo' });
  });

  it('refuses marks that do not fit the board', () => {
    expect(marksFrom('xo.', 2)).toBeNull();
    expect(marksFrom('xq', 4)).toBeNull();
  });
});

it.runIf(inCi && chromiumPath === undefined)('the browser page test runs in CI', () => {
  throw new Error(
    'in CI (CI=true) the browser page must be tested in Chromium, but there is no chromium on the PATH (apt-get install chromium)',
  );
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

/** A cell as the page records it. */
interface Cell {
  state: 'unmarked' | 'shaded' | 'white';
  break: 'repeat' | 'touch' | 'cut' | null;
  outline: 'shaded' | 'white' | 'mistake' | 'differ' | 'selected' | 'fix' | null;
  /** Setter's mode: a cell that differs between solutions. */
  map: 'free' | null;
}

/** A cell as painted in a screenshot: the colour names of its fill and outline, and whether a white mark's circle shows. */
interface Paint {
  fill: string;
  ring: boolean;
  outline: string | null;
}

/** The page's colours (style.css), by name. */
const palette = {
  white: [0xff, 0xff, 0xff],
  dark: [0x22, 0x22, 0x22],
  pink: [0xff, 0xc9, 0xc9],
  yellow: [0xff, 0xec, 0x99],
  red: [0xc9, 0x2a, 0x2a],
  blue: [0x19, 0x71, 0xc2],
  orange: [0xe8, 0x59, 0x0c],
  green: [0x0c, 0xa6, 0x78],
  scarlet: [0xe0, 0x31, 0x31],
  sky: [0xa5, 0xd8, 0xff],
  violet: [0x70, 0x48, 0xe8],
  magenta: [0xc2, 0x25, 0x5c],
} as const;
type Colour = keyof typeof palette;

function nearest(rgb: readonly number[], names: readonly Colour[]): { name: Colour; distance: number } {
  let best = { name: names[0]!, distance: Number.POSITIVE_INFINITY };
  for (const name of names) {
    const distance = Math.hypot(...palette[name].map((v, k) => v - rgb[k]!));
    if (distance < best.distance) best = { name, distance };
  }
  return best;
}

/** What a cell in a given state must look like on the screen (the live tints shown; `print` without them). */
function expectedPaint(cell: Cell, print = false): Paint {
  const fill: Colour =
    cell.state === 'shaded'
      ? !print && cell.break === 'touch'
        ? 'red'
        : 'dark'
      : !print && cell.map === 'free'
        ? 'sky'
        : print || cell.break === null
          ? 'white'
          : cell.break === 'repeat'
            ? 'pink'
            : 'yellow';
  const outline = print
    ? null
    : ({ shaded: 'orange', white: 'green', mistake: 'scarlet', differ: null, selected: 'violet', fix: 'magenta', null: null } as const)[
        `${cell.outline}`
      ];
  return { fill, ring: cell.state === 'white', outline };
}

describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', () => {
  let dir: string;
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  /** A blank page that decodes screenshots (the browser's PNG decoder, no dependency). */
  let decoder: Page;
  let url: string;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hitori-web-'));
    await buildWeb(dir);
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const file = join(dir, path === '/' ? 'index.html' : path.slice(1));
      try {
        const body = readFileSync(file);
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    browser = await chromium.launch({
      executablePath: chromiumPath!,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    decoder = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  /** The page opened at an address (`#…` or none), ready. */
  async function open(hash = '', on: BrowserContext = context): Promise<Page> {
    const page = await on.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url + hash);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  /** The board as the page records it, cell by cell. */
  function cells(page: Page): Promise<Cell[]> {
    return page.$$eval('#board .cell', (elements) =>
      elements.map((e) => ({
        state: e.dataset['state'] as Cell['state'],
        break: (e.dataset['break'] ?? null) as Cell['break'],
        outline: (e.dataset['outline'] ?? null) as Cell['outline'],
        map: (e.dataset['map'] ?? null) as Cell['map'],
      })),
    );
  }

  const states = async (page: Page) => (await cells(page)).map((c) => c.state);

  /**
   * The board as painted: a screenshot of it, and in each cell the colour of its fill (a fifth of
   * the way in from its top-left corner, clear of the number and the circle), of its outline (at
   * its top edge), and whether the circle's blue crosses the cell's vertical middle line above
   * the number.
   */
  async function painted(page: Page): Promise<Paint[]> {
    const origin = (await page.locator('#board').boundingBox())!;
    const boxes = await page.$$eval('#board .cell', (elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
    const png = (await page.locator('#board').screenshot()).toString('base64');
    const samples = await decoder.evaluate(
      async ({ png, boxes, origin }) => {
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        return boxes.map((b) => {
          const at = (fx: number, fy: number) => {
            const k = (Math.floor(b.y - origin.y + fy * b.h) * width + Math.floor(b.x - origin.x + fx * b.w)) * 4;
            return [data[k]!, data[k + 1]!, data[k + 2]!];
          };
          const ring: number[][] = [];
          for (let fy = 0.1; fy <= 0.22; fy += 0.01) ring.push(at(0.5, fy));
          return { fill: at(0.2, 0.2), ring, edge: at(0.5, 0.03) };
        });
      },
      { png, boxes, origin },
    );
    return samples.map(({ fill, ring, edge }) => {
      const f = nearest(fill, ['white', 'dark', 'pink', 'yellow', 'red', 'sky']);
      const e = nearest(edge, ['white', 'dark', 'pink', 'yellow', 'red', 'sky', 'orange', 'green', 'scarlet', 'violet', 'magenta']);
      return {
        fill: f.distance < 40 ? f.name : `rgb(${fill.join(',')})`,
        ring: ring.some(
          (rgb) =>
            nearest(rgb, ['blue', 'white', 'dark', 'pink', 'yellow', 'red', 'sky', 'orange', 'green', 'scarlet', 'violet', 'magenta'])
              .name === 'blue',
        ),
        outline: ['orange', 'green', 'scarlet', 'violet', 'magenta'].includes(e.name) && e.distance < 40 ? e.name : null,
      };
    });
  }

  /** The screenshot shows each cell as the page records it. */
  async function expectPainted(page: Page, print = false): Promise<void> {
    const recorded = await cells(page);
    expect(await painted(page)).toEqual(recorded.map((c) => expectedPaint(c, print)));
  }

  const click = (page: Page, i: number, button: 'left' | 'right' = 'left') => page.locator(`#board .cell[data-i="${i}"]`).click({ button });
  const status = (page: Page, value: string) =>
    page.waitForFunction((v) => document.querySelector<HTMLElement>('#board')!.dataset['status'] === v, value);
  const hinted = async (page: Page) => {
    await page.click('#hint');
    await page.waitForFunction(() => (document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '').startsWith('hint-'));
    return (await page.textContent('#message'))!;
  };
  const shadedOf = (shading: readonly boolean[]) => shading.map((s) => (s ? 'shaded' : 'white'));

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
    // A click on the solution goes back to the player's (empty) board and marks the cell.
    await click(page, 0);
    expect(await states(page)).toEqual(['shaded', ...new Array(288).fill('unmarked')]);
    await page.close();
  });

  it('steps through the explanation; a click on the board leaves it and marks the cell', async () => {
    const page = await open(`#${janko037Url}`);
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
    // A click leaves the explanation: the player's board again (cell 5 shaded before), now with cell 6.
    await click(page, 6);
    expect(await page.isHidden('#steps')).toBe(true);
    expect(await states(page)).toEqual(new Array(289).fill('unmarked').map((s, i) => (i === 5 || i === 6 ? 'shaded' : s)));
    await page.close();
  });

  it('cycles a cell unmarked, shaded, white, unmarked on a left click and the other way on a right click, each state distinct on the screen', async () => {
    const page = await open(`#${small}`);
    const only = (state: Cell['state']) => ['unmarked', state, ...new Array(14).fill('unmarked')];
    expect(await states(page)).toEqual(new Array(16).fill('unmarked'));
    await expectPainted(page);
    const seen: Paint[] = [];
    for (const state of ['shaded', 'white', 'unmarked', 'white', 'shaded', 'unmarked'] as const) {
      await click(page, 1, seen.length < 3 ? 'left' : 'right');
      expect(await states(page)).toEqual(only(state));
      const paint = await painted(page);
      expect(paint).toEqual((await cells(page)).map((c) => expectedPaint(c)));
      seen.push(paint[1]!);
    }
    // Three looks, one per state; every other cell stays as it was (not the whole board grey).
    expect(seen.slice(0, 3)).toEqual([
      { fill: 'dark', ring: false, outline: null },
      { fill: 'white', ring: true, outline: null },
      { fill: 'white', ring: false, outline: null },
    ]);
    await page.close();
  });

  it('shows rule breaks live: touching shaded cells, a number marked white twice in a line, a region cut off', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('undoes and redoes marks with the buttons, Ctrl-Z, Ctrl-Y and Ctrl-Shift-Z; a new mark after an undo drops the redo; clearing is undoable', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('"Check and hint" names a wrong mark and outlines it, then gives the next deduction with its cells outlined', async () => {
    const page = await open(`#${janko037Url}`);
    // A white cell of the published solution, shaded by the player: the one wrong mark.
    const white = published.findIndex((s) => !s);
    const [r, c] = [Math.floor(white / puzzle.cols), white % puzzle.cols];
    await click(page, white);
    expect(await hinted(page)).toBe(`1 mark is wrong: r${r + 1}c${c + 1} is shaded; the only solution has it the other way round.`);
    expect((await cells(page)).flatMap((cell, i) => (cell.outline === null ? [] : [[i, cell.outline]]))).toEqual([[white, 'mistake']]);
    await expectPainted(page);
    // Marked white, then cleared: no mark left, so the hint is the first deduction.
    await click(page, white);
    await click(page, white);
    expect(await hinted(page)).toMatch(/^Hint\b/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['status'])).toBe('hint-step');
    const outlined = (await cells(page)).flatMap((cell, i) => (cell.outline === null ? [] : [[i, cell.outline]]));
    expect(outlined.length).toBeGreaterThan(0);
    // Each outlined cell is decided as in the published solution: orange shaded, green white.
    for (const [i, outline] of outlined) expect(outline).toBe(published[i as number] ? 'shaded' : 'white');
    // The cells the deduction reasons from carry the premise dot: the library's hint on the same
    // (unmarked) board names them.
    const step = await hint(puzzle);
    if (step.kind !== 'step') throw new Error(`expected a step, got ${step.kind}`);
    const decided = new Set(outlined.map(([i]) => i as number));
    const premises = [...new Set(step.premises.map((c) => (c.row - 1) * puzzle.cols + (c.col - 1)))].filter((i) => !decided.has(i));
    const dotted = await page.$$eval('#board .cell', (els) => els.flatMap((e, i) => (e.dataset['premise'] === 'yes' ? [i] : [])));
    expect(dotted.sort((a, b) => a - b)).toEqual(premises.sort((a, b) => a - b));
    await expectPainted(page);
    // The next mark clears the hint's outlines.
    await click(page, white);
    expect((await cells(page)).every((cell) => cell.outline === null)).toBe(true);
    await page.close();
  });

  it('says "solved" as soon as the shaded cells are the solution, and "Check and hint" says so too', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

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
    await page.close();
  });

  it('makes a new puzzle whose shading is symmetric: its one solution is the same turned half round', async () => {
    const page = await open(`#${small}`);
    await page.selectOption('#size', '6x6');
    await page.selectOption('#symmetry', 'rot180');
    await page.click('#new');
    await status(page, 'generated');
    const made = parse(await page.inputValue('#puzzle'));
    const solved = await solve(made, { engine: 'sat' });
    expect(solved.status).toBe('unique');
    const shading = solved.solutions[0]!;
    expect(shading.map((_, i) => shading[shading.length - 1 - i])).toEqual(shading);
    await page.close();
  });

  it('numbers the shading a setter marked, so that it is the only solution; a shading that breaks a rule is refused with its place', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('keeps the puzzle and the marks in the address: a link opens the same board', async () => {
    const page = await open(`#${small}`);
    await click(page, 0);
    await click(page, 2, 'right');
    const address = await page.evaluate(() => location.href);
    expect(address).toBe(`${url}#${small}&marks=x.o`);
    const again = await open(address.slice(url.length));
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
    await Promise.all([page.close(), again.close(), misfit.close()]);
  });

  it('fits a 17x17 on a 390-px-wide touch screen without horizontal scrolling; a tap marks a cell, a long press the other way', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    try {
      const page = await open(`#${janko037Url}`, phone);
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
    } finally {
      await phone.close();
    }
  });

  it('prints the grid alone, with the marks and without the live tints', async () => {
    const page = await open(`#${small}`);
    await click(page, 0);
    await click(page, 1);
    await click(page, 2, 'right');
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() =>
      [...document.body.querySelectorAll<HTMLElement>('body > *')].filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.id),
    );
    expect(shown).toEqual(['board']);
    await expectPainted(page, true);
    await page.close();
  });

  it('cancels work in progress (its worker is ended) and solves again afterwards', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('shows one solution of a puzzle with several, and outlines the cells where a second one differs', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('says what is wrong with a bad puzzle, with its place', async () => {
    const page = await open(`#${small}`);
    await page.fill('#puzzle', '1 2\n2 x\n');
    await page.click('#solve');
    expect(await page.textContent('#message')).toBe('input, line 2, row 2, column 2: "x" is not a positive integer');
    expect(await page.locator('#board .cell').count()).toBe(0);
    await page.close();
  });

  /** Setter's mode: the verdict for the numbers on the board, once it is in. */
  const verdictOf = async (page: Page) => {
    await page.waitForFunction(() => {
      const s = document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '';
      return s.startsWith('set-') && !['set-checking', 'set-unique-rating', 'set-repairing'].includes(s);
    });
    return {
      status: await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['status']),
      text: (await page.textContent('#verdict'))!,
    };
  };
  const numbers = (page: Page) => page.$$eval('#board .cell', (elements) => elements.map((e) => Number(e.textContent)));

  it('setter: an edit turns janko 001 ambiguous, with the map drawn; a suggested fix, applied, makes it unique; undo goes back', async () => {
    const page = await open(`#${small}`);
    await page.click('#mode-set');
    let verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-unique');
    expect(verdict.text).toMatch(/^Unique solution, proven: class [A-G] \(/);
    // The unique solution drawn: forced shaded dark, forced white circled; cell 0 selected.
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
    // The screenshot of the map: free cells sky blue, forced ones dark or circled, the selection violet.
    await expectPainted(page);
    expect((await painted(page)).filter((p) => p.fill === 'sky')).toHaveLength(4);
    // Suggest a fix: r2c1 4 -> 3, outlined, its new number shown.
    await page.click('#suggest');
    verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-fix');
    expect(verdict.text).toBe('Fix (1 change, the fewest, proven): r2c1 4 → 3.');
    expect((await cells(page)).flatMap((c, i) => (c.outline === null ? [] : [[i, c.outline]]))).toEqual([
      [1, 'selected'],
      [4, 'fix'],
    ]);
    expect(await page.getAttribute('#board .cell[data-i="4"]', 'data-fix')).toBe('3');
    await expectPainted(page);
    await page.click('#apply');
    verdict = await verdictOf(page);
    expect(verdict.status).toBe('set-unique');
    const fixed = [...edited];
    fixed[4] = 3;
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
    await page.close();
  });

  it('setter: a puzzle with no solution says so; a Latin fill of the chosen size is ambiguous', async () => {
    const page = await open('#https://puzz.link/p?hitori/2/2/1121');
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
    await page.close();
  });

  it('setter: an edit during a long fix search ends it (the worker restarted) and gives the verdict on the new numbers', async () => {
    const page = await open(`#${small}`);
    await page.click('#mode-set');
    await verdictOf(page);
    await page.selectOption('#size', '15x15');
    await page.click('#latin');
    expect((await verdictOf(page)).status).toBe('set-multiple');
    const workers = async () => Number(await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['setterWorkers']));
    expect(await workers()).toBe(1);
    // A Latin square has no fix within 3 changes; proving so takes the worker most of a second.
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
    await page.close();
  });

  it('setter: exports the puzzle as a puzz.link URL, pzprv3 and a Singles game ID that read back the same, and as a PNG of the grid', async () => {
    const page = await open(`#${small}`);
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
    await page.close();
  });

  it('setter: gives the verdict after each edit of janko 037 (17x17), timed from the key press', async () => {
    const page = await open(`#${janko037Url}`);
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
    await page.close();
  });

  it('setter: fits a 17x17 with its panel on a 390-px-wide touch screen; a tap selects, the picker sets the number', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    try {
      const page = await open(`#${janko037Url}`, phone);
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
      await phone.close();
    }
  });
});
