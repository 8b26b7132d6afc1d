/**
 * Vitest globalSetup for the CLI tests: builds the project once (`npm run build`: tsc, then the
 * CLI bundle) so that the tests run the command built from the current source, not a stale dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cliPath, repoRoot } from './run.js';

export default function setup(): void {
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
}
