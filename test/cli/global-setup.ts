/**
 * Vitest globalSetup for the CLI tests: builds the project (`npm run build`: tsc, then the CLI
 * bundle) so that the tests run the command built from the current source, not a stale dist/.
 *
 * The build takes 10-50 s (more on a busy machine), so it runs only when the sources changed: a
 * stamp in dist/ holds a hash of every file the build reads (src/, encodings/, bench/, the
 * TypeScript and package settings). A clean clone has no stamp, so CI always builds; a developer
 * who runs one test file twice builds once. A failed build removes the stamp.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cliPath, repoRoot } from './run.js';

const stampFile = join(repoRoot, 'dist', '.build-stamp');

/** A hash of the build's inputs: each file's path and contents, in a fixed order. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(c|m)?ts$|\.json$/.test(entry.name))
        hash
          .update(`${relative(repoRoot, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  for (const dir of ['src', 'encodings', 'bench']) visit(join(repoRoot, dir));
  for (const file of ['tsconfig.json', 'package.json', 'package-lock.json']) hash.update(file).update(readFileSync(join(repoRoot, file)));
  return hash.digest('hex');
}

export default function setup(): void {
  const wanted = sourceHash();
  if (existsSync(cliPath) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return;
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
