/**
 * `npm run build` only when its inputs changed since the last build (package.json's `prepare`,
 * and the tests' global setup): a stamp in dist/ holds a hash of every file the build reads
 * (src/, encodings/, bench/, the TypeScript and package settings).
 *
 * Why: npm runs `prepare` at `npm ci`, and again whenever `npx hitori-sat` runs in a clone whose
 * npx cache does not hold it yet (npm exec installs the folder as a link). The scale-out recipes'
 * tasks do exactly that, several at once: each one rebuilding dist/ removes the bundles that the
 * others are starting from (a test run failed so: ENOENT on program.bundle.cjs). A build that
 * is already fresh is left alone, so only the first build of a clone does the work.
 *
 * Plain JavaScript: it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stampFile = join(repoRoot, 'dist', '.build-stamp');
const binFile = join(repoRoot, 'dist', 'src', 'cli', 'hitori-sat.cjs');

/**
 * A hash of a build's inputs: the path and contents of each file under `dirs` (relative to the
 * repository) whose name `take` accepts, outside the folders named in `skip`, then of `files`, in
 * a fixed order. The tests' page build stamps its own inputs with it.
 */
export function sourceHash(dirs, files, take, skip = []) {
  const hash = createHash('sha256');
  const visit = (dir) => {
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

/**
 * Builds unless the stamp says the build is of these sources. Returns whether it built; throws
 * with the build's output (npm's warnings left out) when the build fails, the stamp removed.
 */
export function buildIfChanged() {
  const wanted = sourceHash(['src', 'encodings', 'bench'], ['tsconfig.json', 'package.json', 'package-lock.json'], /\.(c|m)?ts$|\.json$/);
  if (existsSync(binFile) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
  rmSync(stampFile, { force: true });
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.error) throw new Error(`cannot run "npm run build": ${build.error.message}`);
  if (build.status !== 0) {
    const output = `${build.stdout}${build.stderr}`
      .split('\n')
      .filter((line) => !/^npm warn/i.test(line))
      .join('\n')
      .trim();
    throw new Error(`the build failed ("npm run build" exited with ${build.status}):\n${output}`);
  }
  if (!existsSync(binFile)) throw new Error(`the build succeeded but ${binFile} is missing`);
  writeFileSync(stampFile, wanted);
  return true;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    buildIfChanged();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
