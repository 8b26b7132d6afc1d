/**
 * The browser page as the page tests open it: built once per test run by the global set-up
 * (test/cli/global-setup.ts) into dist/web-test/, and again only when its sources changed. Each
 * page test file used to bundle the page itself (esbuild, twice, minified) into a folder of its
 * own; the files now share one build and serve it read-only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../cli/run.js';

/** The folder the page is built into for the tests (dist/ is the build's, and git ignores it). */
export const builtPageDir = join(repoRoot, 'dist', 'web-test');

/** The stamp beside the build: the hash of its sources and the service worker's cache version. */
export const builtPageStamp = join(builtPageDir, '.stamp.json');

export interface BuiltPage {
  readonly dir: string;
  /** The service worker's cache version of this build (build.js's buildOffline). */
  readonly version: string;
}

/** The build the global set-up made; throws when there is none (a run without the set-up). */
export function builtPage(): BuiltPage {
  if (!existsSync(builtPageStamp))
    throw new Error(`no page build in ${builtPageDir}: run the page tests through vitest, whose global set-up builds it`);
  const { version } = JSON.parse(readFileSync(builtPageStamp, 'utf8')) as { version: string };
  return { dir: builtPageDir, version };
}
