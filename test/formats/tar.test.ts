/**
 * The tar archive of a certificate: what writeTar writes, the system's tar (an independent
 * reader and writer) reads, and the other way round; damaged archives are refused with a place.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/control/errors.js';
import { isTar, readTar, writeTar } from '../../src/formats/tar.js';

const hasTar = spawnSync('tar', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'hitori-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = {
  'manifest.json': '{"verdict":"unique"}\n',
  'proof.drat': new Uint8Array([0x61, 0x02, 0x00, 0xff, 0x00]),
  'empty.txt': '',
  'big.cnf': `p cnf 3 1\n${'1 -2 3 0\n'.repeat(300)}`,
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('tar archives', () => {
  it('reads back the names and bytes it wrote, in order', () => {
    const archive = writeTar(files);
    expect(archive.length % 512).toBe(0);
    expect(isTar(archive)).toBe(true);
    const back = readTar(archive);
    expect(Object.keys(back)).toEqual(Object.keys(files));
    expect(text(back['manifest.json']!)).toBe(files['manifest.json']);
    expect(Array.from(back['proof.drat']!)).toEqual(Array.from(files['proof.drat']));
    expect(back['empty.txt']!.length).toBe(0);
    expect(text(back['big.cnf']!)).toBe(files['big.cnf']);
  });

  it.skipIf(!hasTar)("writes what the system's tar lists and unpacks byte for byte", () => {
    const archive = join(dir, 'written.tar');
    writeFileSync(archive, writeTar(files));
    const listed = spawnSync('tar', ['tf', archive], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(Object.keys(files));
    const out = join(dir, 'unpacked');
    mkdirSync(out);
    expect(spawnSync('tar', ['xf', archive, '-C', out]).status).toBe(0);
    expect(Array.from(readFileSync(join(out, 'proof.drat')))).toEqual(Array.from(files['proof.drat']));
    expect(readFileSync(join(out, 'big.cnf'), 'utf8')).toBe(files['big.cnf']);
  });

  it.skipIf(!hasTar)("reads what the system's tar writes (ustar)", () => {
    const from = join(dir, 'from');
    mkdirSync(from);
    writeFileSync(join(from, 'a.txt'), 'first\n');
    writeFileSync(join(from, 'b.bin'), new Uint8Array([1, 2, 3]));
    const archive = join(dir, 'system.tar');
    expect(spawnSync('tar', ['--format=ustar', '-cf', archive, '-C', from, 'a.txt', 'b.bin']).status).toBe(0);
    const back = readTar(readFileSync(archive));
    expect(text(back['a.txt']!)).toBe('first\n');
    expect(Array.from(back['b.bin']!)).toEqual([1, 2, 3]);
  });

  it('refuses a damaged header, a cut archive, a file twice and a name with a path, each with its place', () => {
    const archive = writeTar({ 'a.txt': 'x'.repeat(600) });
    const damaged = archive.slice();
    damaged[10] = 0x41;
    expect(() => readTar(damaged, 'c.tar')).toThrow(/header at byte 0 has a wrong checksum/);
    expect(() => readTar(archive.slice(0, 900), 'c.tar')).toThrow(/"a.txt" is cut short/);
    expect(() => readTar(archive.slice(0, 1536), 'c.tar')).toThrow(/ends inside a header, at byte 1536/);
    const twice = new Uint8Array([...writeTar({ 'a.txt': '1' }).slice(0, 1024), ...writeTar({ 'a.txt': '2' })]);
    expect(() => readTar(twice)).toThrow(/"a.txt" is in the archive twice/);
    expect(() => writeTar({ '../escape': 'x' })).toThrow(InputError);
    expect(() => writeTar({ 'dir/file': 'x' })).toThrow(/not a plain file name/);
  });
});
