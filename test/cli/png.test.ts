/**
 * `--to png`: the picture rasterised. The PNGs are read back by a decoder written here (chunks,
 * zlib, the five scanline filters), and each cell's background pixel is compared with the
 * solution janko.at publishes: dark exactly where it shades. Binary output never goes to a
 * terminal, and a batch (JSON lines) refuses it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/render/png.js';
import { cliPath, fixturesDir, published } from './run.js';
import { runInProcess, runInProcessBytes } from './in-process.js';

interface Image {
  width: number;
  height: number;
  /** RGBA, row-major. */
  pixels: Uint8Array;
}

/** Decodes an 8-bit RGBA, non-interlaced PNG (what resvg writes); anything else fails the test. */
function decodePng(bytes: Buffer): Image {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9], body[12]]).toEqual([8, 6, 0]); // bit depth 8, RGBA, no interlace
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const byte = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const predictor = [0, left, up, (left + up) >> 1, paeth][filter];
      if (predictor === undefined) throw new Error(`PNG filter ${filter} unknown`);
      pixels[y * stride + x] = (byte + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

/**
 * Rows of 1 (dark) / 0 (light) from each cell's background, sampled 5 units inside its top-left
 * corner, away from the number. The picture's geometry: a 6-unit margin, 36-unit cells, 2 pixels
 * per unit.
 */
function darkCells(image: Image, rows: number, cols: number): number[][] {
  const scale = image.width / (cols * 36 + 12);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      const x = Math.round((6 + c * 36 + 5) * scale);
      const y = Math.round((6 + r * 36 + 5) * scale);
      const i = (y * image.width + x) * 4;
      const brightness = (image.pixels[i]! + image.pixels[i + 1]! + image.pixels[i + 2]!) / 3;
      return brightness < 128 ? 1 : 0;
    }),
  );
}

const janko037 = published('janko-037');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-png-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether PNG drawing refuses for want of a font, as `--to png` does on a system without one. */
const fontsMissing = await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').then(
  () => false,
  (error: Error) => /needs a font/.test(error.message),
);
if (fontsMissing) console.warn('skipped: --to png needs a font installed (Debian: apt-get install fonts-dejavu-core)');

describe.skipIf(fontsMissing)('--to png', () => {
  it('solve --to png draws the published solution: a cell is dark exactly where it is shaded', async () => {
    // Its stdout is a pipe in the command host, as through a shell's redirection.
    const out = await runInProcessBytes(['solve', 'janko-037.txt', '--to', 'png']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const image = decodePng(out.stdout);
    expect(image.width).toBe((17 * 36 + 12) * 2);
    expect(image.height).toBe((17 * 36 + 12) * 2);
    expect(darkCells(image, 17, 17)).toEqual(janko037.solution);
  });

  it('convert --to png -o writes the puzzle with the answer its file carries, and the bare puzzle all light', async () => {
    const answered = await runInProcess(['convert', 'janko-037.json', '--to', 'png', '-o', join(dir, 'answer.png')]);
    expect(answered.stderr).toBe('');
    expect(answered.code).toBe(0);
    expect(darkCells(decodePng(readFileSync(join(dir, 'answer.png'))), 17, 17)).toEqual(janko037.solution);
    const bare = await runInProcess(['convert', 'janko-037.txt', '--to', 'png', '-o', join(dir, 'bare.png')]);
    expect(bare.code).toBe(0);
    expect(
      darkCells(decodePng(readFileSync(join(dir, 'bare.png'))), 17, 17)
        .flat()
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('explain --to png is the picture of every step, its SVG at 2 pixels per unit', async () => {
    const svg = await runInProcess(['explain', 'janko-002.txt', '--to', 'svg']);
    const [width, height] = (/viewBox="0 0 (\d+) (\d+)"/.exec(svg.stdout) ?? []).slice(1).map(Number);
    const out = await runInProcessBytes(['explain', 'janko-002.txt', '--to', 'png']);
    expect(out.code, out.stderr).toBe(0);
    const image = decodePng(out.stdout);
    expect([image.width, image.height]).toEqual([width! * 2, height! * 2]);
  });

  it('scales a picture longer than 16,384 pixels down to that length (a long explanation), keeping its shape', async () => {
    // Tall and thin, as an explanation's column of boards; dark on the left half only.
    const tall = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40000" viewBox="0 0 100 40000"><rect width="100" height="40000" fill="#fff"/><rect width="50" height="40000" fill="#222"/></svg>`;
    const image = decodePng(Buffer.from(await svgToPng(tall)));
    expect(image.height).toBe(16_384);
    expect(image.width).toBe(Math.round((100 * 16_384) / 40_000));
    const row = 8000 * image.width * 4;
    expect(image.pixels[row]).toBeLessThan(128);
    expect(image.pixels[row + (image.width - 1) * 4]).toBeGreaterThan(128);
  });

  const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
  it.skipIf(!hasScript)('is refused on a terminal, before any work: one line, exit 2', () => {
    // script(1) runs the command on a pseudo-terminal and copies what it shows.
    const r = spawnSync('script', ['-qec', `'${process.execPath}' '${cliPath}' solve janko-037.txt --to png`, '/dev/null'], {
      cwd: fixturesDir,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stdout.trim()).toBe('hitori-sat: stdout: --to png writes a binary picture: give -o FILE or redirect stdout to a file');
  });

  it('is refused in a batch, whose lines are JSON: exit 2', async () => {
    const out = await runInProcess(['convert', '-', '--batch', '--to', 'png'], {
      stdin: `${readFileSync(join(fixturesDir, 'janko-037.json'), 'utf8')}\n`,
    });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/no binary picture: use --to svg/);
  });
});
