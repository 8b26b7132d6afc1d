/**
 * `npm run bench:page`: the browser page in headless Chromium, as a player meets it: the first
 * hint after opening a link, the hints of a play-through, Set mode's verdict after an edit, and
 * generation per size and class, each timed by the page itself. Writes the section `page` of
 * BENCH.md (`--count N` links for the first hint, 3 by default).
 *
 * Drives the browser page, not `run` in Node: its worker sends the requests, and the page is the
 * subject.
 */
import os from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { format } from '../src/index.js';
import { chromiumPath, launchChromium, servePage } from './browser.js';
import {
  commandLine,
  describeMachine,
  loadSet,
  max,
  median,
  ms,
  numberOption,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

/** As much of the page's DOM as this script reads in the page (bench/ is compiled without the DOM library). */
interface PageElement {
  readonly dataset: Record<string, string | undefined>;
}
declare const document: { querySelector(selector: string): PageElement | null };

const count = numberOption('count', 3);
const command = commandLine('page.js');
const started = new Date();
const loadStart = os.loadavg()[0]!;

if (chromiumPath === undefined) throw new Error('bench:page needs Chromium on the PATH (apt-get install chromium)');

const dist = join(repoRoot, 'examples', 'web', 'dist');
const server = await servePage(dist);
const { url } = server;
const browser = await launchChromium();
const chromiumVersion = browser.version();
const viewport = { width: 1366, height: 768 };

const data = async (page: Page, key: string) => page.evaluate((k) => document.querySelector('#board')!.dataset[k] ?? '', key);
const waitStatus = (page: Page, test: string) =>
  page.waitForFunction((t) => new RegExp(t).test(document.querySelector('#board')!.dataset['status'] ?? ''), test, {
    timeout: 120_000,
  });

async function open(hash: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(url + hash);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, close: () => context.close() };
}

/** One hint asked (the worker answers): its time in ms as the page measured it. */
async function askHint(page: Page): Promise<number> {
  const before = Number((await data(page, 'hintsAsked')) || 0);
  await page.click('#hint');
  await page.waitForFunction(
    (n) => {
      const board = document.querySelector('#board')!;
      return Number(board.dataset['hintsAsked']) === n && (board.dataset['status'] ?? '').startsWith('hint-');
    },
    before + 1,
    { timeout: 120_000 },
  );
  return Number(await data(page, 'hintMs'));
}

const all17 = loadSet().find((g) => g.rows === 17 && g.cols === 17)!.records;
const janko17 = all17.slice(0, 3);
const urlOf = (id: string) => {
  const record = all17.find((r) => r.puzzle.id === id);
  if (record === undefined) throw new Error(`bench/sets/janko has no ${id}`);
  return format(record.puzzle, { to: 'url' }).trim();
};

// 1. The first hint after opening a link.
const firstAtOnce: number[] = [];
const firstAfterSecond: number[] = [];
for (const record of janko17) {
  const link = `#${format(record.puzzle, { to: 'url' }).trim()}`;
  for (let k = 0; k < count; k++) {
    for (const wait of [0, 1000]) {
      const { page, close } = await open(link);
      if (wait > 0) await page.waitForTimeout(wait);
      (wait === 0 ? firstAtOnce : firstAfterSecond).push(await askHint(page));
      await close();
    }
  }
  progress(`first hint, ${record.puzzle.id}: at once ${ms(firstAtOnce.at(-1)!)} ms, after 1 s ${ms(firstAfterSecond.at(-1)!)} ms`);
}

// 2. Hints over a play-through of janko 037.
const playHints: number[] = [];
{
  const { page, close } = await open(`#${urlOf('janko-037')}`);
  await page.waitForTimeout(1000);
  for (let k = 0; k < 1000; k++) {
    playHints.push(await askHint(page));
    const kind = (await data(page, 'status')).slice('hint-'.length);
    if (kind === 'solved') break;
    if (kind === 'step') await page.click('#hint');
    else if (kind !== 'solution-cell') throw new Error(`hint ${k + 1} is ${kind} on a board of correct marks`);
    const decided = await page.$$eval('#board .cell[data-outline]', (els: PageElement[]) =>
      els.map((e) => ({ i: Number(e.dataset['i']), shaded: e.dataset['outline'] === 'shaded' })),
    );
    for (const { i, shaded } of decided) {
      // A click shades; a right click marks white.
      await page.locator(`#board .cell[data-i="${i}"]`).click({ button: shaded ? 'left' : 'right' });
    }
  }
  await close();
  progress(`play-through: ${playHints.length} hints, p95 ${ms(p95(playHints))} ms, max ${ms(max(playHints))} ms`);
}

// 3. The setter's verdict after an edit.
const verdicts: number[] = [];
{
  const { page, close } = await open(`#${urlOf('janko-037')}`);
  await page.click('#mode-set');
  await waitStatus(page, '^set-(unique|multiple|none)$');
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
    await page.locator(`#board .cell[data-i="${cell}"]`).click();
    for (const digit of key) await page.keyboard.press(digit);
    await waitStatus(page, '^set-(unique|multiple|none|error)$');
    verdicts.push(Number(await data(page, 'verdictMs')));
  }
  await close();
  progress(`verdicts: median ${ms(median(verdicts))} ms`);
}

// 4. Generation as the page asks for it.
const generation: string[][] = [];
{
  const { page, close } = await open(`#${urlOf('janko-037')}`);
  for (const [size, level] of [
    ['8x8', ''],
    ['10x10', ''],
    ['10x10', 'D'],
    ['12x12', ''],
    ['15x15', ''],
    ['17x17', ''],
    ['17x17', 'C'],
  ] as const) {
    const times: number[] = [];
    let missed = 0;
    await page.selectOption('#size', size);
    await page.selectOption('#class', level);
    for (let k = 0; k < count; k++) {
      await page.click('#new');
      await waitStatus(page, '^(generated|error)$');
      if ((await data(page, 'status')) === 'error') {
        // The worker's time limit (120 s) came first: counted, and the size and class left there.
        missed++;
        break;
      }
      times.push(Number(await data(page, 'generateMs')));
    }
    generation.push([
      size,
      level === '' ? 'any' : level,
      `${times.length} of ${times.length + missed}`,
      times.length === 0 ? '-' : ms(median(times)),
      times.length === 0 ? '-' : ms(max(times)),
    ]);
    progress(`generate ${size} ${level || 'any'}: ${times.length} made, ${missed} not within the limit`);
  }
  await close();
}

await browser.close();
await server.close();

const row = (what: string, times: readonly number[]) => [what, String(times.length), ms(median(times)), ms(p95(times)), ms(max(times))];

writeSection(
  'page',
  `## page: the browser page in headless Chromium, as a player meets it

- Command: \`${command}\` (after \`npm run build\`; the script builds the page with \`npm run build:web\`)
- Date: ${timestamp(started)}
- Machine: ${describeMachine()}; Chromium ${chromiumVersion}, headless, 1366x768; load average (1 min) ${loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} at the end
- Code: ${revision()}

Times are the page's own (performance.now() around each request to its worker, or from the key
press for the verdict), from one run.

${table(
  ['what', 'count', 'median ms', 'p95', 'max'],
  [
    row(
      `first hint after opening a link (janko ${janko17.map((r) => (r.puzzle.id ?? '?').replace('janko-', '')).join(', ')}), pressed at once`,
      firstAtOnce,
    ),
    row('the same, pressed 1 s after the page is ready', firstAfterSecond),
    row('every hint of a play-through of janko 037 to "solved"', playHints),
    row('Set mode: the verdict after an edit of janko 037, from the key press', verdicts),
  ],
  [false, true, true, true, true],
)}

Generation as the page asks for it ("New puzzle", random seeds), from the press to the puzzle on the board:

${table(['size', 'class', 'made', 'median ms', 'max'], generation, [false, false, true, true, true])}

"made": puzzles made of those asked for; a size and class whose request reached the page's 120 s
limit without a puzzle is asked no more in the run.
`,
);
