/** `hitori-sat maxblack`: the proven maximum drawn, JSON, the 1x1 note, bad sizes, the time limit. */
import { describe, expect, it } from 'vitest';
import { linesOf, repoRoot, run } from './run.js';
import { runInProcess } from './in-process.js';

describe('maxblack command', () => {
  it('proves the 7x7 maximum of 17 and draws a pattern with 17 shaded cells', async () => {
    const r = await runInProcess(['maxblack', '7x7']);
    expect(r.code).toBe(0);
    const lines = linesOf(r.stdout);
    expect(lines[0]).toBe('7x7: at most 17 shaded cells (proven: a valid shading with 17, which meets the upper bound)');
    expect(lines[1]).toMatch(/^upper bound 17 /);
    const pattern = lines.slice(2, 9);
    expect(pattern.every((l) => /^[#.]( [#.]){6}$/.test(l))).toBe(true);
    expect(pattern.join('').split('#')).toHaveLength(18);
  });

  it('--format json: maxShaded, proven and the shading as rows of 0/1', async () => {
    const r = await runInProcess(['maxblack', '3x5', '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rows: number; cols: number; maxShaded: number; proven: boolean; shading: number[][] };
    expect(out).toMatchObject({ rows: 3, cols: 5, maxShaded: 6, proven: true, provenBy: 'bound', bound: 6 });
    expect(out.shading.flat().filter((v) => v === 1)).toHaveLength(6);
  });

  it('says how a 1x1 board counts', async () => {
    const r = await runInProcess(['maxblack', '1x1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1x1: at most 0 shaded cells');
    expect(r.stdout).toContain('OEIS A239231 counts a(1) = 1');
  });

  it('rejects a malformed size with one line and exit code 2', async () => {
    for (const size of ['7', '0x3', '7y7', '3x-1']) {
      const r = await runInProcess(['maxblack', size]);
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

  it('a maximum below the bound is proven by refutation, and says so (4x8: 10, bound 11)', async () => {
    const r = await runInProcess(['maxblack', '4x8', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ maxShaded: 10, proven: true, provenBy: 'refuted', bound: 11 });
  });

  it('--at-least K prints a shading file with K or more, and exit code 1 when K is above the bound', async () => {
    const r = await runInProcess(['maxblack', '9x9', '--at-least', '27']);
    expect(r.code).toBe(0);
    expect(linesOf(r.stdout)[0]).toContain('a valid shading with 27 shaded cells (checked); upper bound 27: meets it');
    expect(linesOf(r.stdout).slice(1).join('').split('#')).toHaveLength(28);
    const above = await runInProcess(['maxblack', '9x9', '--at-least', '28']);
    expect(above.code).toBe(1);
    expect(above.stdout).toContain('above the upper bound 27');
  });

  it('--construct builds a checked shading of a large board and reads back with --check', async () => {
    const built = await runInProcess(['maxblack', '101x101', '--construct']);
    expect(built.code).toBe(0);
    expect(linesOf(built.stdout)[0]).toMatch(/^; 101x101: \d+ shaded cells \(constructed, checked\), upper bound 3401, gap [0-9]$/);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'maxblack-')), '101.txt');
    writeFileSync(file, built.stdout);
    const checked = await runInProcess(['maxblack', '--check', file]);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/^101x101: valid, \d+ shaded cells, upper bound 3401/);
    writeFileSync(file, '##.\n...\n');
    const bad = await runInProcess(['maxblack', '--check', file, '--format', 'json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ valid: false, shaded: 2 });
  });

  it('--grow adds six rows and columns to a record at its bound, and the grown file reads back with --check as the maximum', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const grown = await runInProcess(['maxblack', '--grow', join(repoRoot, 'examples', 'maxblack', '5x5.txt'), '--cuts', '2,2']);
    expect(grown.code, grown.stderr).toBe(0);
    expect(linesOf(grown.stdout)[0]).toContain('11x11: a valid shading with 41 shaded cells (checked)');
    const file = join(mkdtempSync(join(tmpdir(), 'maxblack-')), '11.txt');
    writeFileSync(file, grown.stdout);
    const checked = await runInProcess(['maxblack', '--check', file]);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/^11x11: valid, 41 shaded cells, upper bound 41: meets the bound/);
    const wrongSize = await runInProcess(['maxblack', '12x12', '--grow', join(repoRoot, 'examples', 'maxblack', '5x5.txt')]);
    expect(wrongSize.code).toBe(2);
    expect(wrongSize.stderr).toContain('makes a 11x11 board');
    writeFileSync(file, '##.\n...\n');
    const invalid = await runInProcess(['maxblack', '--grow', file]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('the shading to grow is not valid');
  });
});
