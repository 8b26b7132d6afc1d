/**
 * A folder of small files as one POSIX tar archive (ustar), written and read symmetrically:
 * `readTar(writeTar(files))` gives back the same names and bytes. A certificate travels so from
 * the browser page (one download) to `hitori-sat verify cert.tar` or `tar xf` and a third-party
 * checker. Only what a certificate needs: regular files with plain names, no folders, links or
 * long names; anything else in an archive is refused with its place.
 *
 * Layout (POSIX.1-1988 ustar): per file a 512-byte header (name at 0, 100 bytes; mode at 100, 8;
 * uid 108, gid 116, 8 each; size at 124, 12 octal digits; mtime at 136, 12; checksum at 148, 8:
 * the byte sum of the header with the checksum field read as spaces; type flag at 156, '0' for a
 * regular file; "ustar\0" "00" at 257) then the data padded to 512 bytes; two zero blocks end it.
 */
import { InputError } from '../control/errors.js';

const block = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function octal(header: Uint8Array, at: number, width: number, value: number): void {
  const digits = value.toString(8).padStart(width - 1, '0');
  header.set(encoder.encode(digits), at);
  header[at + width - 1] = 0;
}

function checksum(header: Uint8Array): number {
  let sum = 0;
  for (let k = 0; k < block; k++) sum += k >= 148 && k < 156 ? 0x20 : header[k]!;
  return sum;
}

/** A file name a certificate may hold: letters, digits, `.`, `-`, `_`; not `.` or `..`. */
function plainName(name: string): boolean {
  return /^[A-Za-z0-9._-]{1,99}$/.test(name) && name !== '.' && name !== '..';
}

/** The archive of `files` (name -> text or bytes), in the order given; times are 0 so an archive depends on its files alone. */
export function writeTar(files: Readonly<Record<string, string | Uint8Array>>): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, content] of Object.entries(files)) {
    if (!plainName(name)) throw new InputError(`"${name}" is not a plain file name (letters, digits, ".", "-", "_")`, {}, 'tar');
    const data = typeof content === 'string' ? encoder.encode(content) : content;
    const header = new Uint8Array(block);
    header.set(encoder.encode(name), 0);
    octal(header, 100, 8, 0o644);
    octal(header, 108, 8, 0);
    octal(header, 116, 8, 0);
    octal(header, 124, 12, data.length);
    octal(header, 136, 12, 0);
    header[156] = 0x30;
    header.set(encoder.encode('ustar\u000000'), 257);
    octal(header, 148, 8, checksum(header));
    parts.push(header, data, new Uint8Array((block - (data.length % block)) % block));
  }
  parts.push(new Uint8Array(2 * block));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether `bytes` start like a ustar archive (the magic at 257). */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= block && decoder.decode(bytes.subarray(257, 262)) === 'ustar';
}

/** The files of a ustar archive written as writeTar writes (regular files, plain names). */
export function readTar(bytes: Uint8Array, source = 'tar'): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const text = (from: number, length: number) => decoder.decode(bytes.subarray(from, from + length)).replace(/\0.*$/s, '');
  let at = 0;
  for (;;) {
    if (at + block > bytes.length) throw new InputError(`the archive ends inside a header, at byte ${at}`, {}, source);
    const header = bytes.subarray(at, at + block);
    if (header.every((b) => b === 0)) return files;
    const place = `the header at byte ${at}`;
    const stored = Number.parseInt(text(at + 148, 8).trim(), 8);
    if (!(stored === checksum(header)))
      throw new InputError(`${place} has a wrong checksum: not a tar archive, or a damaged one`, {}, source);
    const name = text(at, 100);
    const type = header[156]!;
    if (type !== 0x30 && type !== 0) throw new InputError(`"${name}" (${place}) is not a regular file`, {}, source);
    if (!plainName(name)) throw new InputError(`"${name}" (${place}) is not a plain file name`, {}, source);
    if (Object.hasOwn(files, name)) throw new InputError(`"${name}" is in the archive twice (${place})`, {}, source);
    const size = Number.parseInt(text(at + 124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new InputError(`"${name}" (${place}) has no valid size`, {}, source);
    const start = at + block;
    if (start + size > bytes.length)
      throw new InputError(`"${name}" is cut short: the archive ends ${start + size - bytes.length} bytes early`, {}, source);
    files[name] = bytes.slice(start, start + size);
    at = start + Math.ceil(size / block) * block;
  }
}
