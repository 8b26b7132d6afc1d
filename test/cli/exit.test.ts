/**
 * The command's processes with worker threads end, and end cleanly: exit code 0, no signal, nothing
 * on stderr (Node 20's exit race aborted with `Assertion failed: (data.first) != nullptr` there, or
 * hung after printing: src/pool/pool.ts, `workersExited`). A few runs as processes, each under a
 * hang guard; `npm run bench:exit` is the thousand-run stress.
 */
import { describe, expect, it } from 'vitest';
import { linesOf, run } from './run.js';

describe('a process with worker threads', () => {
  it('ends with everything printed, exit code 0, no signal, nothing on stderr', { timeout: 200_000 }, async () => {
    const runs = await Promise.all(
      [1, 2, 3].map((k) =>
        run(['generate', '5x5', '--count', '3', '--jobs', '2', '--to', 'jsonl', '--seed', `exit-${k}`], { killAfterMs: 180_000 }),
      ),
    );
    for (const r of runs) {
      expect(r.signal).toBeNull();
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const records = linesOf(r.stdout).map((line) => JSON.parse(line) as { grid: number[][] });
      expect(records).toHaveLength(3);
      for (const record of records) expect(record.grid.map((row) => row.length)).toEqual([5, 5, 5, 5, 5]);
    }
  });

  it('ends at a time limit with its busy workers terminated, exit code 3, no abort', { timeout: 200_000 }, async () => {
    const r = await run(['enumerate', '5x5', '--jobs', '2', '--timeout', '1000'], { killAfterMs: 180_000 });
    expect(r.signal).toBeNull();
    expect(r.stderr).not.toMatch(/Assertion|Native stack trace/);
    expect(r.code).toBe(3);
  });
});
