/**
 * The page's icon, drawn from one description as SVG (icon.svg) and as PNG (icon-192.png,
 * icon-512.png: the sizes a browser asks of an installable web app), so that the two agree.
 * The picture: janko 001 (4x4), solved: its five shaded cells dark, the others white, on the
 * page's blue.
 *
 * The PNG is written by hand (8-bit RGBA, one IDAT compressed by node:zlib, CRC-32 per chunk):
 * a few lines instead of a dependency.
 */
import { deflateSync } from 'node:zlib';

const blue = [0x19, 0x71, 0xc2];
const white = [0xff, 0xff, 0xff];
const dark = [0x22, 0x22, 0x22];
/** janko 001's solution: cells 1, 7, 9, 12, 15 (row by row) shaded. */
const shaded = new Set([1, 7, 9, 12, 15]);
/** In units of a 64-unit square: the board's margin, a cell's pitch and the gap between cells. */
const margin = 6;
const pitch = 13;
const gap = 2;

/** The cells' squares, in the 64-unit square: [x, y, size, colour]. */
function squares() {
  const out = [];
  for (let i = 0; i < 16; i++) {
    const x = margin + (i % 4) * pitch + gap / 2;
    const y = margin + Math.floor(i / 4) * pitch + gap / 2;
    out.push([x, y, pitch - gap, shaded.has(i) ? dark : white]);
  }
  return out;
}

const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

export function iconSvg() {
  const cells = squares()
    .map(([x, y, s, c]) => `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${hex(c)}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="${hex(blue)}"/>${cells}</svg>\n`;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** The icon as a `size` x `size` PNG (square corners: a platform rounds or masks them itself). */
export function iconPng(size) {
  const unit = size / 64;
  const rows = Buffer.alloc((size * 4 + 1) * size);
  const cells = squares();
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      // The colour at the pixel's centre.
      const u = (x + 0.5) / unit;
      const v = (y + 0.5) / unit;
      const cell = cells.find(([cx, cy, s]) => u >= cx && u < cx + s && v >= cy && v < cy + s);
      const [r, g, b] = cell === undefined ? blue : cell[3];
      const k = y * (size * 4 + 1) + 1 + x * 4;
      rows[k] = r;
      rows[k + 1] = g;
      rows[k + 2] = b;
      rows[k + 3] = 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
