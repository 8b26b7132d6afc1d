/** `hitori-sat maxblack`: the proven maximum drawn, JSON, the 1x1 note, bad sizes, the time limit. */
import { describe, expect, it } from 'vitest';
import { linesOf, run } from './run.js';

describe('maxblack command', () => {
  it('proves the 7x7 maximum of 17 and draws a pattern with 17 shaded cells', async () => {
    const r = await run(['maxblack', '7x7']);
    expect(r.code).toBe(0);
    const lines = linesOf(r.stdout);
    expect(lines[0]).toBe('7x7: at most 17 shaded cells (proven: a valid shading with 17, none with 18)');
    const pattern = lines.slice(1, 8);
    expect(pattern.every((l) => /^[#.]( [#.]){6}$/.test(l))).toBe(true);
    expect(pattern.join('').split('#')).toHaveLength(18);
  });

  it('--format json: maxShaded, proven and the shading as rows of 0/1', async () => {
    const r = await run(['maxblack', '3x5', '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rows: number; cols: number; maxShaded: number; proven: boolean; shading: number[][] };
    expect(out).toMatchObject({ rows: 3, cols: 5, maxShaded: 6, proven: true });
    expect(out.shading.flat().filter((v) => v === 1)).toHaveLength(6);
  });

  it('says how a 1x1 board counts', async () => {
    const r = await run(['maxblack', '1x1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1x1: at most 0 shaded cells');
    expect(r.stdout).toContain('OEIS A239231 counts a(1) = 1');
  });

  it('rejects a malformed size with one line and exit code 2', async () => {
    for (const size of ['7', '0x3', '7y7', '3x-1']) {
      const r = await run(['maxblack', size]);
      expect(r.code, size).toBe(2);
      expect(linesOf(r.stderr), size).toHaveLength(1);
      expect(r.stderr).toContain('size');
    }
  });

  it('stops at --timeout with the best shading found, marked not proven, exit code 3', async () => {
    const r = await run(['maxblack', '40x40', '--timeout', '200']);
    expect(r.code).toBe(3);
    expect(linesOf(r.stdout)[0]).toMatch(/^40x40: \d+ shaded cells found, not proven the maximum/);
  });
});
