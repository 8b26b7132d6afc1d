/**
 * Vitest globalSetup: builds the project (`npm run build`: tsc, then the CLI bundle) so that the
 * tests run the command built from the current source, not a stale dist/; then the browser page
 * (examples/web/build.js) into dist/web-test/ for the page tests (test/support/built-page.ts).
 *
 * The build takes 10-50 s (more on a busy machine), so it runs only when the sources changed: a
 * stamp in dist/ holds a hash of every file the build reads (src/, encodings/, bench/, the
 * TypeScript and package settings). A clean clone has no stamp, so CI always builds; a developer
 * who runs one test file twice builds once. A failed build removes the stamp. The page has a
 * stamp of its own, over what its bundles read (examples/web/, src/, encodings/, the lock file).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildWeb } from '../../examples/web/build.js';
import { builtPageDir, builtPageStamp } from '../support/built-page.js';
import { cliPath, repoRoot } from './run.js';

const stampFile = join(repoRoot, 'dist', '.build-stamp');

/**
 * A hash of a build's inputs: the path and contents of each file under `dirs` whose name `take`
 * accepts (outside the folders named in `skip`), then of `files`, in a fixed order.
 */
function sourceHash(dirs: readonly string[], files: readonly string[], take: RegExp, skip: readonly string[] = []): string {
  const hash = createHash('sha256');
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(relative(repoRoot, path))) visit(path);
      } else if (take.test(entry.name))
        hash
          .update(`${relative(repoRoot, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  for (const dir of dirs) visit(join(repoRoot, dir));
  for (const file of files) hash.update(file).update(readFileSync(join(repoRoot, file)));
  return hash.digest('hex');
}

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
  const wanted = sourceHash(['src', 'encodings', 'bench'], ['tsconfig.json', 'package.json', 'package-lock.json'], /\.(c|m)?ts$|\.json$/);
  if (!(existsSync(cliPath) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted)) buildCli(wanted);
  await buildPage();
}

function buildCli(wanted: string): void {
  rmSync(stampFile, { force: true });
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.error) throw new Error(`cannot run "npm run build": ${build.error.message}`);
  if (build.status !== 0) {
    const output = `${build.stdout}${build.stderr}`
      .split('\n')
      .filter((line) => !/^npm warn/i.test(line))
      .join('\n')
      .trim();
    throw new Error(`the build failed ("npm run build" exited with ${build.status}), so the CLI tests cannot run:\n${output}`);
  }
  if (!existsSync(cliPath)) throw new Error(`the build succeeded but ${cliPath} is missing`);
  writeFileSync(stampFile, wanted);
}
