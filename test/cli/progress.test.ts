/**
 * Progress on a terminal: the rule engine (`explain`, `rate`, `solve --engine rules`) shows one
 * line on stderr while it works on a large grid, and none through a pipe; a solve listing
 * thousands of solutions redraws its line at most ten times a second, not once per solution.
 * script(1) runs each command on a pseudo-terminal, as a person at a terminal would.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';
import { cliPath, hasExecutable, linesOf, repoRoot } from './run.js';

let dir: string;
const big = () => join(dir, 'big50.json');
/** The sequence that starts every redraw of the progress line (carriage return, erase the line). */
const redraw = '\r\x1b[2K';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-progress-'));
  const set = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8');
  writeFileSync(big(), linesOf(set)[0]!);
  // A 6x6 Latin square has thousands of solutions.
  writeFileSync(
    join(dir, 'latin6.txt'),
    Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => 1 + ((r + c) % 6)).join(' ')).join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a terminal shows of `hitori-sat <args>` with stdout sent to `out`: stderr only. */
function stderrOnTerminal(args: readonly string[], out: string): string {
  const command = [process.execPath, cliPath, ...args].map((a) => `'${a}'`).join(' ');
  const r = spawnSync('/usr/bin/script', ['-qec', `${command} > '${out}'`, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
  return r.stdout;
}

describe.skipIf(!hasExecutable('/usr/bin/script'))('progress lines on a terminal (via script(1); skipped where it is missing)', () => {
  it.each([[['explain', 'BIG']], [['rate', 'BIG']], [['solve', 'BIG', '--engine', 'rules']]])(
    '%j: the rule engine on a 50x50 shows cells decided out of 2500, then erases the line',
    (args) => {
      const line = /rules: \d+ of 2500 cells decided, \d+ s/;
      // The engine takes a second or two on this grid and draws its line at its first step; a
      // limit of half a second (counted from the process start) leaves it time to on a quiet
      // machine (the engine runs until the limit: each rung is CPU spent), and where a busy one
      // took that to start the command, the run is repeated with 1.5 s, then 6 s.
      let shown = '';
      for (const ms of ['500', '1500', '6000']) {
        shown = stderrOnTerminal([...args.map((a) => (a === 'BIG' ? big() : a)), '--timeout', ms], join(dir, 'out.txt'));
        if (line.test(shown)) break;
      }
      expect(shown).toMatch(line);
      // Erased before the report: the last thing on stderr is the erasing sequence.
      expect(shown.trimEnd().endsWith(redraw) || shown.endsWith(redraw)).toBe(true);
    },
  );

  it('solve listing thousands of solutions redraws its line at most ten times a second, not once per solution', () => {
    const out = join(dir, 'latin6.json');
    // 0.7 s of listing (the first solution comes after about 0.4 s, then hundreds in the rest),
    // or 1.5 s, then 6 s, where a busy machine found no solution to draw in time.
    let shown = '';
    let elapsedMs = 0;
    for (const ms of ['700', '1500', '6000']) {
      const start = performance.now();
      shown = stderrOnTerminal(['solve', join(dir, 'latin6.txt'), '--count', '100000', '--timeout', ms, '--format', 'json'], out);
      elapsedMs = performance.now() - start;
      if (shown.includes(redraw)) break;
    }
    const report = JSON.parse(readFileSync(out, 'utf8')) as { status: string; solutionsFound: number };
    // How many solutions the limit lets it list depends on the machine's speed; the throttle does not.
    expect(['timeout', 'multiple']).toContain(report.status);
    const redraws = shown.split(redraw).length - 1;
    expect(redraws).toBeGreaterThan(0);
    expect(redraws).toBeLessThanOrEqual(Math.ceil(elapsedMs / 100) + 1);
    // Where it found more solutions than that bound, each did not get a redraw of its own.
    if (report.solutionsFound > 2 * (Math.ceil(elapsedMs / 100) + 1)) expect(redraws).toBeLessThan(report.solutionsFound);
  });
});

describe('no progress line through a pipe', () => {
  it('explain on a 50x50 writes nothing on stderr', async () => {
    // The command host's stderr is a pipe, as a process's is here.
    const r = await runInProcess(['explain', big(), '--timeout', '500', '--format', 'json'], { cwd: dir });
    // The limit stops the rule engine (3), or on a fast machine it may end stuck before it (4):
    // the machine's speed decides which; either way nothing goes to stderr and the report agrees.
    expect([3, 4]).toContain(r.code);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { status: string; timedOut: boolean };
    expect(report.timedOut).toBe(r.code === 3);
    expect(report.status).toBe('stuck');
  });
});
