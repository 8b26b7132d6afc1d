/**
 * The browser page as the benchmarks and the page tests open it: the built folder served over
 * HTTP on 127.0.0.1 (a service worker needs a real origin, not file://), and Debian's Chromium
 * started headless through playwright-core. One shape for bench:page and test/examples/web*.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/**
 * Chromium on the PATH, or undefined: Debian's `chromium-headless-shell` (the old headless mode,
 * which the `chromium` binary no longer has) when installed, else `chromium`. The shell draws no
 * browser window behind the page: the page tests used half the CPU in it (a page opened and
 * its first hint, each in a new context: 4.9 s of CPU in `chromium --headless`, 2.3 s in the shell).
 */
export const chromiumPath = ['chromium-headless-shell', 'chromium', 'chromium-browser'].map(onPath).find((path) => path !== '');

/**
 * The whole browser (`chromium`) on the PATH, or undefined: what the shell does not have, such as
 * Chromium's judgement of whether a page is installable (the shell answers "no error" for any page).
 */
export const fullChromiumPath = ['chromium', 'chromium-browser'].map(onPath).find((path) => path !== '');

function onPath(name: string): string {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves `dir` (index.html at `/`) on a free port of 127.0.0.1; `rewrite` may change a file's
 * bytes as served (a test's new build of one file). Resolves with the page's URL and a close.
 */
export async function servePage(
  dir: string,
  rewrite: (path: string, body: Buffer) => Buffer = (_, body) => body,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path.slice(1));
    try {
      const body = rewrite(path, readFileSync(file));
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Chromium headless, as every page test and bench runs it (`full`: the whole browser, headless,
 * for what the shell lacks). One renderer process for all its pages
 * (they are all of one site, 127.0.0.1, and a test drives one at a time): starting a renderer for
 * each new page took half a second of CPU (1.35 s a page opened, 0.85 s with one renderer).
 *
 * `lean`, for the page tests, which check what the page does, not how fast: V8 without its
 * garbage-collector and compiler threads (`--js-flags=--single-threaded`), and the GPU service
 * (software compositing here) in the browser process instead of a process of its own. On a 2-core
 * machine kept busy by the suite, the threads cost more CPU than they saved (the page tests:
 * 107-110 s of CPU against 114-116, interleaved), and the process its messages (median 105 s
 * against 111 over five pairs). bench:page keeps the defaults, as a player's browser has them.
 */
export function launchChromium({ full = false, lean = false } = {}): Promise<Browser> {
  const path = full ? fullChromiumPath : chromiumPath;
  if (path === undefined)
    throw new Error(
      `no ${full ? 'chromium' : 'chromium-headless-shell or chromium'} on the PATH (apt-get install chromium chromium-headless-shell)`,
    );
  return chromium.launch({
    executablePath: path,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--renderer-process-limit=1',
      ...(lean ? ['--js-flags=--single-threaded', '--in-process-gpu'] : []),
    ],
  });
}
