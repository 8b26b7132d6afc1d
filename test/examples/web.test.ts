/**
 * The browser page (examples/web/), built as `npm run build:web` builds it and opened in headless
 * Chromium (Debian's `chromium`, driven by playwright-core): it solves the 17x17 janko 037 from
 * its puzz.link URL, and the solution drawn on the page, read back from the SVG, passes the
 * independent checker and is the published one. Skipped, with a message, where Chromium is
 * not installed (`.ci/run` installs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../examples/web/build.js';
import { checkShading } from '../../src/puzzle/check.js';
import { repoRoot } from '../cli/run.js';
import { readFixtures } from '../support/fixtures.js';

const chromiumPath = ['chromium', 'chromium-browser']
  .map((name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim())
  .find((path) => path !== '');
if (chromiumPath === undefined) console.warn('skipping the browser page test: no chromium on the PATH (apt-get install chromium)');

const janko037 = readFixtures('janko-sample.jsonl').find((f) => f.id === 'janko-037')!;
const { puzzle } = janko037;
/** janko.at's published solution. */
const published = janko037.solution!;

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

describe.skipIf(chromiumPath === undefined)('the browser page in headless Chromium', () => {
  let dir: string;
  let server: Server;
  let browser: Browser;
  let page: Page;
  let url: string;

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
    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The shading drawn on the page: the dark cells of the board's SVG, by their position. */
  async function drawnShading(): Promise<(boolean | null)[]> {
    return page.$eval(
      '#board svg',
      (svg, cols) => {
        const rects = [...svg.querySelectorAll('rect')];
        const frame = rects.find((r) => r.getAttribute('stroke-width') === '2')!;
        const x0 = Number(frame.getAttribute('x'));
        const y0 = Number(frame.getAttribute('y'));
        const size = Number(frame.getAttribute('width'));
        const cell = size / cols;
        const rows = Math.round(Number(frame.getAttribute('height')) / cell);
        const cells: (boolean | null)[] = new Array(rows * cols).fill(false);
        for (const r of rects) {
          if (r.getAttribute('width') !== String(cell) || r.getAttribute('stroke') !== null) continue;
          const i = Math.round((Number(r.getAttribute('y')) - y0) / cell) * cols + Math.round((Number(r.getAttribute('x')) - x0) / cell);
          cells[i] = r.getAttribute('fill') === '#222' ? true : null;
        }
        return cells;
      },
      puzzle.cols,
    );
  }

  it('solves janko 037 (17x17) from its puzz.link URL and draws the published solution, which passes the checker', async () => {
    await page.click('#example');
    await page.click('#solve');
    await page.waitForFunction(() =>
      ['unique', 'multiple', 'none', 'timeout', 'stuck', 'error'].includes(
        document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '',
      ),
    );
    expect(await page.textContent('#message')).toMatch(/^Unique solution, proven/);
    const drawn = await drawnShading();
    expect(drawn.includes(null)).toBe(false);
    const shading = drawn.map((s) => s === true);
    expect(checkShading(puzzle, shading)).toEqual([]);
    expect(shading).toEqual(published);
  });

  it('steps through the explanation: the last step shows the whole solution, the first nothing decided', async () => {
    await page.click('#explain');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#board')!.dataset['status'] === 'solved');
    expect(await page.textContent('#counter')).toMatch(/^step (\d+) of \1$/);
    expect((await drawnShading()).map((s) => s === true)).toEqual(published);
    await page.click('#first');
    expect(await page.textContent('#counter')).toMatch(/^step 0 of \d+$/);
    expect((await drawnShading()).every((s) => s === null)).toBe(true);
    await page.click('#next');
    expect(await page.textContent('#step')).toMatch(/^1\. /);
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
  });

  it('lets the player mark cells; "Check and hint" names a wrong mark, then gives the next deduction', async () => {
    await page.click('#example');
    /** Clicks cell (r, c), 0-based, of the grid as drawn now (a message above it moves it). */
    const click = async (r: number, c: number) => {
      const frame = (await page.locator('#board svg rect[stroke-width="2"]').boundingBox())!;
      await page.mouse.click(frame.x + ((c + 0.5) * frame.width) / puzzle.cols, frame.y + ((r + 0.5) * frame.height) / puzzle.rows);
    };
    const hinted = async () => {
      await page.click('#hint');
      await page.waitForFunction(() => (document.querySelector<HTMLElement>('#board')!.dataset['status'] ?? '').startsWith('hint-'));
      return (await page.textContent('#message'))!;
    };
    // A white cell of the published solution, shaded by the player: the one wrong mark.
    const white = published.findIndex((s) => !s);
    const [r, c] = [Math.floor(white / puzzle.cols), white % puzzle.cols];
    await click(r, c);
    expect(await hinted()).toBe(`1 mark is wrong: r${r + 1}c${c + 1} is shaded; the only solution has it the other way round.`);
    // Marked white, then cleared: no mark left, so the hint is the first deduction.
    await click(r, c);
    await click(r, c);
    expect(await hinted()).toMatch(/^Hint \(step 1 of the rule engine's solve, class [A-G]\): /);
  });

  it('cancels work in progress (its worker is ended) and solves again afterwards', async () => {
    // Explaining this 50x50 takes the rule engine most of a second (its worker has to start first):
    // it is still at work when cancelled at once.
    const big = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8').split('\n')[0]!;
    await page.fill('#puzzle', big);
    await page.click('#explain');
    await page.click('#cancel');
    expect(await page.textContent('#message')).toBe('Cancelled.');
    await page.click('#example');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#board')!.dataset['status'] === 'unique');
    expect((await drawnShading()).map((s) => s === true)).toEqual(published);
  });

  it('says what is wrong with a bad puzzle, with its place', async () => {
    await page.fill('#puzzle', '1 2\n2 x\n');
    await page.click('#solve');
    expect(await page.textContent('#message')).toBe('input, line 2, row 2, column 2: "x" is not a positive integer');
  });
});
