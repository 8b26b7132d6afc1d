/**
 * The page tests' harness (test/examples/web-*.test.ts): the page as the global set-up built it,
 * served over HTTP, opened in headless Chromium, and what the tests read from it (the board as the
 * page records it and as a screenshot paints it, the verdicts, the hints).
 *
 * One Chromium per vitest worker, shared by the page test files that the worker runs (the files
 * share modules: vitest.config.ts sets isolate false): starting it took a second or more of each
 * file. Each file has its own browser context, server and error list, so that a file sees only
 * its own pages; a test that needs a fresh context (another screen, a colour scheme) makes one.
 * The browser ends with the worker: Chromium ends when its pipe to the worker closes.
 */
import axe from 'axe-core';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium, servePage } from '../../bench/browser.js';
import { janko037 as janko037Url } from '../../examples/web/example.js';
import { builtPage } from '../support/built-page.js';
import { readFixtures } from '../support/fixtures.js';

export { chromiumPath } from '../../bench/browser.js';
export { janko037Url };

const fixtures = readFixtures('janko-sample.jsonl');
const janko037 = fixtures.find((f) => f.id === 'janko-037')!;
export const { puzzle } = janko037;
/** janko.at's published solution. */
export const published = janko037.solution!;
/** janko 001, 4x4: 3 3 1 4 / 4 3 2 2 / 1 3 4 2 / 3 4 3 2; its solution shades cells 1, 7, 9, 12, 15. */
export const janko001 = fixtures.find((f) => f.id === 'janko-001')!;
export const small = 'https://puzz.link/p?hitori/4/4/3314432213423432';

/** A cell as the page records it. */
export interface Cell {
  state: 'unmarked' | 'shaded' | 'white';
  break: 'repeat' | 'touch' | 'cut' | null;
  outline: 'shaded' | 'white' | 'mistake' | 'differ' | 'selected' | 'fix' | null;
  /** Setter's mode: a cell that differs between solutions. */
  map: 'free' | null;
  /** Where a hint says to look. */
  focus: boolean;
  /** The board is solved (its unshaded cells turn green). */
  solved: boolean;
}

/** A cell as painted in a screenshot: the colour names of its fill and outline, and whether a white mark's circle shows. */
export interface Paint {
  fill: string;
  ring: boolean;
  outline: string | null;
}

/** The colours a cell's inside can have, and those of the outlines drawn around a cell. */
const fills: readonly Colour[] = ['white', 'dark', 'pink', 'yellow', 'red', 'sky', 'lavender', 'mint'];
const outlines: readonly Colour[] = ['orange', 'green', 'scarlet', 'violet', 'magenta'];

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
  lavender: [0xe5, 0xdb, 0xff],
  mint: [0xd3, 0xf9, 0xd8],
  amber: [0xf0, 0x8c, 0x00],
} as const;
export type Colour = keyof typeof palette;

export function nearest(rgb: readonly number[], names: readonly Colour[]): { name: Colour; distance: number } {
  let best = { name: names[0]!, distance: Number.POSITIVE_INFINITY };
  for (const name of names) {
    const distance = Math.hypot(...palette[name].map((v, k) => v - rgb[k]!));
    if (distance < best.distance) best = { name, distance };
  }
  return best;
}

/** What a cell in a given state must look like on the screen (the live tints shown; `print` without them). */
export function expectedPaint(cell: Cell, print = false): Paint {
  const fill: Colour =
    cell.state === 'shaded'
      ? !print && cell.break === 'touch'
        ? 'red'
        : 'dark'
      : print
        ? 'white'
        : cell.solved
          ? 'mint'
          : cell.map === 'free'
            ? 'sky'
            : cell.break === 'repeat'
              ? 'pink'
              : cell.break === 'cut'
                ? 'yellow'
                : cell.focus
                  ? 'lavender'
                  : 'white';
  const outline = print
    ? null
    : ({ shaded: 'orange', white: 'green', mistake: 'scarlet', differ: null, selected: 'violet', fix: 'magenta', null: null } as const)[
        `${cell.outline}`
      ];
  return { fill, ring: cell.state === 'white', outline };
}

/** The board as the page records it, cell by cell. */
export function cells(page: Page): Promise<Cell[]> {
  return page.$$eval('#board .cell', (elements) =>
    elements.map((e) => ({
      state: e.dataset['state'] as Cell['state'],
      break: (e.dataset['break'] ?? null) as Cell['break'],
      outline: (e.dataset['outline'] ?? null) as Cell['outline'],
      map: (e.dataset['map'] ?? null) as Cell['map'],
      focus: e.dataset['focus'] === 'yes',
      solved: document.querySelector<HTMLElement>('#board')!.dataset['status'] === 'play-solved',
    })),
  );
}

export const states = async (page: Page) => (await cells(page)).map((c) => c.state);

/**
 * How the waits below look at the page: every 50 ms. Playwright's default looks at every
 * animation frame, which makes the page draw 60 frames a second while the worker thinks (0.8 s
 * of CPU over an 8-s wait, against none).
 */
export const poll = { polling: 50 } as const;

/**
 * A click on cell i as a player makes one: the cell scrolled into view, the button pressed and
 * released at its centre. Not Playwright's locator click, whose checks before each click (the
 * element visible, stable over two frames, not covered) took 37 ms of CPU a click, beside 19 for
 * the click and the page's answer to it; the tests assert what the click did.
 */
export const click = async (page: Page, i: number, button: 'left' | 'right' = 'left') => {
  const { x, y } = await page.$eval(`#board .cell[data-i="${i}"]`, (cell) => {
    cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = cell.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.click(x, y, { button });
};
export const status = (page: Page, value: string) =>
  page.waitForFunction((v) => document.querySelector<HTMLElement>('#board')!.dataset['status'] === v, value, poll);
export const hinted = async (page: Page) => {
  await page.click('#hint');
  await page.waitForFunction(
    () => (document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '').startsWith('hint-'),
    null,
    poll,
  );
  return (await page.textContent('#message'))!;
};
export const shadedOf = (shading: readonly boolean[]) => shading.map((s) => (s ? 'shaded' : 'white'));

/** Setter's mode: the verdict for the numbers on the board, once it is in. */
export const verdictOf = async (page: Page) => {
  await page.waitForFunction(
    () => {
      const s = document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '';
      return s.startsWith('set-') && !['set-checking', 'set-unique-rating', 'set-repairing'].includes(s);
    },
    null,
    poll,
  );
  return {
    status: await page.evaluate(() => document.querySelector<HTMLElement>('#board')!.dataset['status']),
    text: (await page.textContent('#verdict'))!,
  };
};
export const numbers = (page: Page) => page.$$eval('#board .cell', (elements) => elements.map((e) => Number(e.textContent)));

/** Where screenshots of the new states go when HITORI_WEB_SHOTS names a folder (to look at them). */
const shots = process.env['HITORI_WEB_SHOTS'];
/** A screenshot of a page (its screen, or all of it) or of an element, to look at, when HITORI_WEB_SHOTS is set. */
export const shoot = async (target: Page | Locator, name: string, fullPage = false) => {
  if (shots === undefined) return;
  const path = join(shots, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
};
export const laptop = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };
const phoneSize = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
export const boxOf = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
export const inside = (b: { x: number; y: number; width: number; height: number }, width: number, height: number) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5;
export const dataOf = (page: Page, key: string) =>
  page.evaluate((k) => document.querySelector<HTMLElement>('#board')!.dataset[k] ?? '', key);
/** The cell that has the keyboard's focus, or -1. */
export const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return e?.getAttribute('role') === 'gridcell' ? Number(e.dataset['i']) : -1;
  });

/**
 * axe-core's serious and critical violations on the page as it is. Only the rules that can report
 * those are run (every rule axe runs by default whose impact is serious or critical: 64 of its 90
 * in axe-core 4.14, color-contrast among them), and only violations are gathered: the full run
 * took 5 to 15 s of CPU on a 17x17 board beside the collection's list.
 */
export const axeViolations = async (page: Page) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const { rules, unrated, violations } = await page.evaluate(async () => {
    const engine = (
      window as unknown as {
        axe: {
          getRules: () => { ruleId: string; enabled: boolean }[];
          /** axe's rule objects: a rule's impact, when set, is the impact of every violation it reports. */
          _audit: { rules: { id: string; impact?: string }[] };
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const impact = new Map(engine._audit.rules.map((r) => [r.id, r.impact]));
    const enabled = engine.getRules().filter((r) => r.enabled);
    const rules = enabled.filter((r) => impact.get(r.ruleId) === 'serious' || impact.get(r.ruleId) === 'critical').map((r) => r.ruleId);
    const result = await engine.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return {
      rules,
      unrated: enabled.filter((r) => impact.get(r.ruleId) === undefined).map((r) => r.ruleId),
      violations: result.violations,
    };
  });
  // A rule without an impact of its own would report its checks' impacts, maybe serious: none may be left out so.
  expect(unrated).toEqual([]);
  expect(rules).toContain('color-contrast');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
};

let shared: Promise<Browser> | undefined;

/** This worker's Chromium, started by the first page test file that asks. */
export function sharedBrowser(): Promise<Browser> {
  if (shared === undefined) {
    shared = launchChromium({ lean: true });
    // A browser that failed to start is not kept: the next file tries again (and says why).
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/**
 * Registers the file's set-up (a server of the built page, this worker's browser, a context of
 * 1000x900 and a blank page that decodes screenshots) and its end (the context and the server
 * closed, and no error thrown in any page the file opened). Call it inside the file's describe.
 */
export function pageHarness() {
  let server: Awaited<ReturnType<typeof servePage>> | undefined;
  let browser: Browser;
  let context: BrowserContext | undefined;
  /** A blank page that decodes screenshots (the browser's PNG decoder, no dependency). */
  let decoder: Page;
  let url: string;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await servePage(builtPage().dir);
    ({ url } = server);
    browser = await sharedBrowser();
    context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    decoder = await context.newPage();
  });

  afterAll(async () => {
    for (const made of screens.values()) await (await made).close();
    await context?.close();
    await server?.close();
    expect(errors).toEqual([]);
  });

  /** The page opened at an address (`#…` or none), ready: a new page, for a test whose subject is the opening. */
  async function open(hash = '', on: BrowserContext = context!): Promise<Page> {
    const page = await on.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url + hash);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  /**
   * The pages that tests are done with (`done`), one per context, kept for the next `visit`: in
   * Play, and as they opened in every other way the page keeps (a test that emulates a colour
   * scheme or print closes its page). Opening a page cost 0.7 to 0.9 s of CPU (a new document,
   * main.js, the collection, the worker's 505-KB script, CaDiCaL's 942-KB wasm compiled and a
   * warm-up hint), 45 times over the page tests.
   */
  const spares = new Map<BrowserContext, Page>();
  /** The contexts of a laptop's and a phone's screen, made when a test first asks, closed with the file's. */
  const screens = new Map<'laptop' | 'phone', Promise<BrowserContext>>();

  /**
   * The page at an address `#…`, ready, for a test whose subject is what the page does with the
   * puzzle rather than its opening: the context's spare page, if any, moved to the address as a
   * link within the page is followed (the hash changes, and the page reads it as at load: a new
   * board, no marks, no undo history, no hint or view left), else a new page (open). A test that
   * changes an option the page keeps in storage (circle the neighbours, the timer) puts it back
   * on the page it is done with, or closes that page.
   */
  async function visit(hash: string, on: BrowserContext = context!): Promise<Page> {
    const page = spares.get(on);
    spares.delete(on);
    if (page === undefined || page.isClosed()) return open(hash, on);
    await page.evaluate(async (target) => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      // The new puzzle's size, class and symmetry: read when a button is pressed, kept nowhere, so
      // a new page has the defaults its HTML gives.
      for (const id of ['size', 'class', 'symmetry']) {
        const select = document.querySelector<HTMLSelectElement>(`#${id}`)!;
        for (const option of select.options) option.selected = option.defaultSelected;
      }
      // The same address again would change nothing: the hash is first cleared without an event.
      if (location.hash === target) history.replaceState(null, '', '#');
      const read = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
      location.hash = target;
      await read;
    }, hash);
    return page;
  }

  /**
   * The test is done with a page: kept for the next `visit` in its context, else closed. A page
   * in Set goes back to Play (its button) when the setter's choices that outlive a puzzle are as
   * a new page has them (the solution hidden, "keep the solution shown" off); else it is closed.
   */
  async function done(page: Page): Promise<void> {
    if (page.isClosed()) return;
    const state = await page.evaluate(() => ({
      set: document.body.dataset['mode'] === 'set',
      asOpened:
        document.querySelector('#show-solution')!.getAttribute('aria-pressed') !== 'true' &&
        !document.querySelector<HTMLInputElement>('#keep-solution')!.checked,
    }));
    if (!state.asOpened) return page.close();
    if (state.set) await page.click('#mode-play');
    const before = spares.get(page.context());
    if (before !== undefined && before !== page) await before.close();
    spares.set(page.context(), page);
  }

  /** This file's context of a laptop's or a phone's screen (laptop, phoneSize), for pages the tests share by `visit`. */
  function screen(name: 'laptop' | 'phone'): Promise<BrowserContext> {
    let made = screens.get(name);
    if (made === undefined) {
      made = browser.newContext(name === 'laptop' ? laptop : phoneSize);
      screens.set(name, made);
    }
    return made;
  }

  /**
   * The board as painted: a screenshot of it, and in each cell the colour of its fill (a fifth of
   * the way in from its left edge, halfway down: between the circle and the number), of its
   * outline (1.5 px below its top edge), and whether the circle's blue crosses the cell's vertical middle
   * line above the number.
   */
  async function painted(page: Page): Promise<Paint[]> {
    return (await paintedAndRecorded(page)).paint;
  }

  /** The board as painted (painted) and as the page records it (cells), read in one round trip. */
  async function paintedAndRecorded(page: Page): Promise<{ paint: Paint[]; recorded: Cell[] }> {
    const [recorded, { origin, boxes }] = await Promise.all([
      cells(page),
      page.$eval('#board', (board) => {
        const o = board.getBoundingClientRect();
        return {
          origin: { x: o.x, y: o.y },
          boxes: [...board.querySelectorAll('.cell')].map((e) => {
            const r = e.getBoundingClientRect();
            return { x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        };
      }),
    ]);
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
          for (let fy = 0.04; fy <= 0.22; fy += 0.01) ring.push(at(0.5, fy));
          // The edge a pixel and a half in (the outline is 3 px wide), clear of the grid line however the board is placed.
          return { fill: at(0.2, 0.5), ring, edge: at(0.5, 1.5 / b.h) };
        });
      },
      { png, boxes, origin },
    );
    const paint = samples.map(({ fill, ring, edge }) => {
      const f = nearest(fill, fills);
      const e = nearest(edge, [...fills, ...outlines]);
      return {
        fill: f.distance < 40 ? f.name : `rgb(${fill.join(',')})`,
        ring: ring.some((rgb) => nearest(rgb, ['blue', ...fills, ...outlines]).name === 'blue'),
        outline: outlines.includes(e.name) && e.distance < 40 ? e.name : null,
      };
    });
    return { paint, recorded };
  }

  /** The screenshot shows each cell as the page records it; returns what it painted. */
  async function expectPainted(page: Page, print = false): Promise<Paint[]> {
    const { paint, recorded } = await paintedAndRecorded(page);
    expect(paint).toEqual(recorded.map((c) => expectedPaint(c, print)));
    return paint;
  }

  return {
    open,
    visit,
    done,
    screen,
    painted,
    paintedAndRecorded,
    expectPainted,
    /** This worker's Chromium, for a test that needs a context of its own. */
    get browser(): Browser {
      return browser;
    },
    get decoder(): Page {
      return decoder;
    },
    /** The page's address (served on 127.0.0.1). */
    get url(): string {
      return url;
    },
  };
}
