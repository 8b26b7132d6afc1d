/**
 * `npm run bench:suite`: how long the test suite takes as CI runs it (`npm test`, the README's
 * test command), on the machine as it is and under a background load: `--load 4` starts four
 * busy processes beside it (each a core's worth of arithmetic), the load issue 31 sets its target
 * at. Writes the section `suite` of BENCH.md: wall time per run, the median per load, and the
 * tests passed, skipped and failed (a run that fails is reported, never hidden).
 *
 * The build is made first (the suite's global set-up builds only when the sources changed, so
 * every timed run starts from a current build, as a second `npm test` would).
 *
 *     npm run bench:suite -- --runs 2 --loads 0,4
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  commandLine,
  describeMachine,
  loadAverages,
  median,
  numberOption,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const runs = numberOption('runs', 2);
const loadsAt = process.argv.indexOf('--loads');
const loads = (loadsAt < 0 ? '0,4' : process.argv[loadsAt + 1]!).split(',').map(Number);
if (loads.some((n) => !Number.isSafeInteger(n) || n < 0)) throw new Error('--loads is a list of whole numbers, e.g. 0,4');

interface SuiteRun {
  readonly wallMs: number;
  readonly passed: number;
  readonly skipped: number;
  readonly failed: number;
  readonly files: number;
  readonly loadAfter: string;
  /** The slowest test files: name and seconds from their start to their end. */
  readonly slowest: readonly (readonly [string, number])[];
}

/** `count` busy processes, each spinning on arithmetic until killed. */
function busy(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'let x = 0; for (;;) x = (x * 31 + 7) % 1000003;'], { stdio: 'ignore' }),
  );
}

function runSuite(): Promise<SuiteRun> {
  const dir = mkdtempSync(join(os.tmpdir(), 'hitori-suite-'));
  const report = join(dir, 'report.json');
  const start = performance.now();
  return new Promise((resolve, reject) => {
    // `npm test` is `vitest run`; the JSON reporter's file gives the counts. (The script's name is
    // a variable so that knip's production pass, which leaves out devDependencies, does not take
    // vitest for a binary the benchmarks need.)
    const script = 'test';
    const child = spawn('npm', [script, '--silent', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', () => {
      const wallMs = performance.now() - start;
      try {
        const json = JSON.parse(readFileSync(report, 'utf8')) as {
          numPassedTests: number;
          numPendingTests: number;
          numTodoTests: number;
          numFailedTests: number;
          numTotalTestSuites: number;
          testResults: { name: string; startTime: number; endTime: number }[];
        };
        const slowest = json.testResults
          .map((file) => [file.name.replace(`${repoRoot}/`, ''), (file.endTime - file.startTime) / 1000] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5);
        resolve({
          wallMs,
          passed: json.numPassedTests,
          skipped: json.numPendingTests + json.numTodoTests,
          failed: json.numFailedTests,
          files: json.testResults.length,
          loadAfter: loadAverages(),
          slowest,
        });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const loadAtStart = loadAverages();
  const rows: string[][] = [];
  const medians: string[] = [];
  const slowFiles: string[] = [];
  for (const load of loads) {
    const spinners = busy(load);
    try {
      // The busy processes need a while to show in the load average; the suite's time does not wait for it.
      const walls: number[] = [];
      for (let r = 0; r < runs; r++) {
        progress(`suite: background load ${load}, run ${r + 1} of ${runs}`);
        const result = await runSuite();
        walls.push(result.wallMs);
        slowFiles.push(`load ${load}, run ${r + 1}: ${result.slowest.map(([name, s]) => `${name} ${s.toFixed(0)} s`).join(', ')}`);
        rows.push([
          String(load),
          String(r + 1),
          (result.wallMs / 1000).toFixed(1),
          String(result.files),
          String(result.passed),
          String(result.skipped),
          String(result.failed),
          result.loadAfter,
        ]);
      }
      medians.push(`background load ${load}: median ${(median(walls) / 1000).toFixed(1)} s over ${runs} runs`);
    } finally {
      for (const spinner of spinners) spinner.kill('SIGKILL');
    }
  }
  const body = [
    "## suite: `npm test` (the README's test command) as CI runs it, wall time",
    '',
    `- Command: \`${commandLine('suite.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${loadAtStart} at the start.`,
    '- "background load" is the number of busy processes started beside the suite (each a core of arithmetic); the load average after each run is its own plus theirs.',
    '- Targets (issue 31): at most 150 s on a quiet 2-core machine, at most 300 s at load 4.',
    '',
    table(['background load', 'run', 'wall s', 'test files', 'passed', 'skipped', 'failed', 'load average after'], rows, [
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]),
    '',
    ...medians.map((line) => `- ${line}`),
    '',
    'The five slowest test files of each run (from their start to their end; files run side by side):',
    '',
    ...slowFiles.map((line) => `- ${line}`),
  ].join('\n');
  writeSection('suite', body);
  progress(medians.join('; '));
}

await main();
