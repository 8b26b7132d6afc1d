/**
 * Vitest globalSetup: builds the project (`npm run build`: tsc, then the CLI bundle) so that the
 * tests run the command built from the current source, not a stale dist/; then the browser page
 * (examples/web/build.js) into dist/web-test/ for the page tests (test/support/built-page.ts).
 *
 * The build takes 10-50 s (more on a busy machine), so it runs only when the sources changed
 * (src/cli/build-if-changed.mjs, also npm's `prepare`: after `npm ci` the suite builds nothing);
 * a developer who runs one test file twice builds once. The page has a
 * stamp of its own, over what its bundles read (examples/web/, src/, encodings/, the lock file).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildWeb } from '../../examples/web/build.js';
import { builtPageDir, builtPageStamp } from '../support/built-page.js';
import { buildIfChanged, sourceHash } from '../../src/cli/build-if-changed.mjs';

/** The page for the page tests, built when its sources changed since the last build. */
async function buildPage(): Promise<void> {
  const wanted = sourceHash(['examples/web', 'src', 'encodings'], ['package-lock.json'], /./, ['examples/web/dist']);
  if (existsSync(builtPageStamp) && (JSON.parse(readFileSync(builtPageStamp, 'utf8')) as { hash: string }).hash === wanted) return;
  rmSync(builtPageDir, { recursive: true, force: true });
  mkdirSync(builtPageDir, { recursive: true });
  const { version } = await buildWeb(builtPageDir);
  writeFileSync(builtPageStamp, JSON.stringify({ hash: wanted, version }));
}

export default async function setup(): Promise<void> {
  // Node reads the certificates NODE_EXTRA_CA_CERTS names at each start: 40 ms of CPU on these
  // machines (111 ms for `node -e 0` with it, 69 without), and the tests start some 200 Node
  // processes (the command, its hosts, npx in the scale-out recipes). None of them opens a TLS
  // connection. Removed before vitest forks its workers, so that no process they start inherits it.
  delete process.env['NODE_EXTRA_CA_CERTS'];
  try {
    buildIfChanged();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n(so the CLI tests cannot run)`);
  }
  await buildPage();
}
