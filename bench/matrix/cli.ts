/** The "matrix-cli" section: one `hitori-sat solve` process against `node -e 0`. */
import { spawnSync } from 'node:child_process';
import { max, median, ms, p95, progress, repoRoot, table } from '../lib.js';
import { type Context, cliPath, head } from './run.js';

const cliPuzzle = 'examples/janko-037.txt';
/** The start-up target: a solve within this many times `node -e 0`. */
const startupTarget = 1.5;

export interface WallResult {
  readonly solveMs: number[];
  readonly nodeMs: number[];
  readonly status: string;
}

export function wallTimes(runs: number): WallResult {
  const time = (args: string[]) => {
    const start = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8' });
    const elapsed = performance.now() - start;
    if (child.error || child.status !== 0)
      throw new Error(`node ${args.join(' ')} failed (exit ${child.status}): ${child.stderr.trim().split('\n')[0] ?? ''}`);
    return { elapsed, stdout: child.stdout };
  };
  const solveArgs = [cliPath, 'solve', cliPuzzle];
  time(solveArgs); // warm the file cache
  time(['-e', '0']);
  const solveMs: number[] = [];
  const nodeMs: number[] = [];
  let status = '';
  for (let k = 0; k < runs; k++) {
    const first = k % 2 === 0;
    if (!first) nodeMs.push(time(['-e', '0']).elapsed);
    const solved = time(solveArgs);
    solveMs.push(solved.elapsed);
    status = solved.stdout.trim().split('\n').at(-1) ?? '';
    if (first) nodeMs.push(time(['-e', '0']).elapsed);
  }
  progress(`  hitori-sat solve ${cliPuzzle}: median ${ms(median(solveMs))} ms; node -e 0: median ${ms(median(nodeMs))} ms`);
  return { solveMs, nodeMs, status };
}

export function cliSection(w: WallResult, ctx: Context): string {
  const row = (label: string, xs: number[]) => [label, String(xs.length), ms(median(xs)), ms(p95(xs)), ms(Math.min(...xs)), ms(max(xs))];
  const solve = median(w.solveMs);
  const node = median(w.nodeMs);
  const ratio = solve / node;
  return [
    ...head('## matrix-cli: one `hitori-sat solve` process, whole wall time', ctx),
    '',
    table(
      ['command', 'runs', 'median ms', 'p95 ms', 'min ms', 'max ms'],
      [row(`hitori-sat solve ${cliPuzzle}`, w.solveMs), row('node -e 0', w.nodeMs)],
      [false, true, true, true, true, true],
    ),
    '',
    `**solve / node -e 0 (medians): ${ratio.toFixed(2)}**; the solve costs ${ms(solve - node)} ms over starting Node. The target, ${startupTarget}x \`node -e 0\`, leaves ${ms((startupTarget - 1) * node)} ms over starting Node; in this run it is ${ratio <= startupTarget ? 'met' : 'not met'}.`,
    '',
  ].join('\n');
}
