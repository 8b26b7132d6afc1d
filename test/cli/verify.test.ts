/**
 * `solve --certificate DIR` and `verify`: the certificate a solve writes is accepted, as a folder
 * and as a tar archive made by the system's tar; a changed puzzle, a cut proof and a wrong
 * shading are each refused with exit 1 and their own message; the folder is written whole and
 * never over a folder of other files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { parseText } from '../../src/formats/text.js';
import { parseShadingFile } from '../../src/maxblack/maxblack-shading.js';
import { runInProcess } from './in-process.js';
import { fixture } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'hitori-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hasTar = spawnSync('tar', ['--version']).status === 0;

/** A fresh certificate of `puzzle` in a new folder. */
async function certify(puzzle: string, name: string): Promise<string> {
  const folder = join(dir, name);
  const r = await runInProcess(['solve', puzzle, '--certificate', folder]);
  expect(r.stderr).toMatch(new RegExp(`certificate of "\\w+" .* written to ${folder}`));
  return folder;
}

describe('solve --certificate and verify', () => {
  it('writes a certificate of a unique verdict that verify accepts, and whose solution the checker accepts', async () => {
    const folder = await certify(fixture('janko-037.txt'), 'unique');
    const puzzle = parseText(readFileSync(join(folder, 'puzzle.txt'), 'utf8'));
    const solution = parseShadingFile(readFileSync(join(folder, 'solution.txt'), 'utf8'));
    expect(checkShading(puzzle, solution.shading)).toEqual([]);
    const r = await runInProcess(['verify', folder]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/the certificate holds: unique, by deduction/);
    const json = await runInProcess(['verify', folder, '--to', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, verdict: 'unique', proofKind: 'deduction' });
  });

  it('certifies "none" and "multiple" too', async () => {
    const none = join(dir, 'none.txt');
    writeFileSync(none, '1 1\n1 1\n');
    const multiple = join(dir, 'multiple.txt');
    writeFileSync(multiple, '1 2\n2 1\n');
    for (const [file, verdict] of [
      [none, 'none'],
      [multiple, 'multiple'],
    ] as const) {
      const folder = await certify(file, verdict);
      const r = await runInProcess(['verify', folder]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`the certificate holds: ${verdict}`);
    }
  });

  it.skipIf(!hasTar)("accepts the certificate as a tar archive made by the system's tar", async () => {
    const folder = await certify(fixture('janko-002.txt'), 'for-tar');
    const archive = join(dir, 'cert.tar');
    expect(spawnSync('tar', ['--format=ustar', '-cf', archive, '-C', folder, '.']).status).toBe(0);
    // `tar -C folder .` names the files ./name: the names verify reads are plain, so pack them by name.
    const names = ['manifest.json', 'puzzle.txt', 'formula.cnf', 'solution.txt', 'proof.drat', 'README.txt'];
    expect(spawnSync('tar', ['--format=ustar', '-cf', archive, '-C', folder, ...names]).status).toBe(0);
    const r = await runInProcess(['verify', archive]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('the certificate holds: unique');
  });

  it('refuses a changed number, a cut proof and a wrong shading, each with exit 1 and its own message', async () => {
    const changes: [string, (folder: string) => void, RegExp][] = [
      [
        'number',
        (f) => {
          const p = join(f, 'puzzle.txt');
          const text = readFileSync(p, 'utf8');
          writeFileSync(
            p,
            text.replace(/\d+/, (n) => String(Number(n) === 1 ? 2 : 1)),
          );
        },
        /puzzle/i,
      ],
      [
        'proof',
        (f) => {
          const p = join(f, 'proof.drat');
          const bytes = readFileSync(p);
          // A quarter of the lemmas: the cells deduced first refute nothing yet.
          writeFileSync(p, bytes.subarray(0, Math.floor(bytes.length / 4)));
        },
        /proof\.drat/,
      ],
      [
        'shading',
        (f) => {
          const p = join(f, 'solution.txt');
          writeFileSync(
            p,
            readFileSync(p, 'utf8').replace(/[#.]/, (c) => (c === '#' ? '.' : '#')),
          );
        },
        /solution\.txt/,
      ],
    ];
    const messages = new Set<string>();
    for (const [name, change, pattern] of changes) {
      const folder = await certify(fixture('janko-037.txt'), `bad-${name}`);
      change(folder);
      const r = await runInProcess(['verify', folder]);
      expect(r.code, name).toBe(1);
      expect(r.stdout, name).toMatch(/the certificate does not hold: /);
      expect(r.stdout, name).toMatch(pattern);
      messages.add(r.stdout.replace(folder, ''));
    }
    expect(messages.size).toBe(changes.length);
  });

  it('replaces an older certificate, refuses a folder of other files, and a batch', async () => {
    const folder = await certify(fixture('janko-002.txt'), 'again');
    await certify(fixture('janko-037.txt'), 'again');
    expect(
      readFileSync(join(folder, 'puzzle.txt'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== ''),
    ).toHaveLength(17);
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const r = await runInProcess(['solve', fixture('janko-002.txt'), '--certificate', other]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/other: the folder is not empty and holds no manifest\.json/);
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(other, 'manifest.json'))).toBe(false);
    const batch = await runInProcess(['solve', fixture('bench-small.jsonl'), '--certificate', join(dir, 'batch')]);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(/--certificate goes with one puzzle, not a batch/);
  });

  it('refuses what is neither a folder nor a tar archive, with exit 2', async () => {
    const r = await runInProcess(['verify', fixture('janko-002.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a certificate: neither a folder nor a tar archive/);
  });
});
