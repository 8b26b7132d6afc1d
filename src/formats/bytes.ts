import { InputError } from '../control/errors.js';
/**
 * The bytes of an input file as text. UTF-8 (with or without a byte order mark) is read as is,
 * UTF-16 with a byte order mark is converted; anything else is refused with its place rather than
 * turned into replacement characters: a byte that is not UTF-8 (a Latin-1 file, say) and a NUL
 * byte (binary data, or UTF-16 without a byte order mark).
 */

export function decodeInput(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes.subarray(2), true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes.subarray(2), false);
  const nul = bytes.indexOf(0);
  // The native strict decoder first (valid UTF-8 is the common case, and scanning a large file
  // byte by byte in JavaScript costs tens of milliseconds); the scan only places a fault.
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  const bad = text === undefined ? firstInvalidUtf8(bytes, nul < 0 ? bytes.length : nul) : -1;
  if (bad >= 0)
    throw new InputError(
      `byte 0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')} is not UTF-8 text (a Latin-1 or other legacy file? save it as UTF-8)`,
      placeOf(bytes, bad),
    );
  if (nul >= 0)
    throw new InputError('a NUL byte: this is binary data, not a text file (or UTF-16 without a byte order mark)', placeOf(bytes, nul));
  return text ?? new TextDecoder('utf-8').decode(bytes);
}

/**
 * UTF-16 (after its byte order mark), refused where it breaks: an odd byte at the end, or a
 * surrogate without its pair. A lenient decoder would turn either into U+FFFD, which a format
 * then reports as a bad number instead of a bad encoding.
 */
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  try {
    return new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
  } catch {
    const fault = utf16Fault(bytes, littleEndian);
    throw new InputError(`not UTF-16 text: ${fault.problem}`, fault.place);
  }
}

/** Where UTF-16 bytes (no byte order mark) break, with the line and column (in code units) of the fault. */
function utf16Fault(bytes: Uint8Array, littleEndian: boolean): { problem: string; place: { line: number; column: number } } {
  const unitAt = (k: number) => (littleEndian ? bytes[k]! | (bytes[k + 1]! << 8) : (bytes[k]! << 8) | bytes[k + 1]!);
  let line = 1;
  let column = 1;
  let afterCr = false;
  const units = bytes.length >> 1;
  for (let u = 0; u < units; u++) {
    const unit = unitAt(2 * u);
    const lone = `a lone surrogate 0x${unit.toString(16).toUpperCase()} (half of a character)`;
    if (unit >= 0xdc00 && unit <= 0xdfff) return { problem: lone, place: { line, column } };
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = u + 1 < units ? unitAt(2 * u + 2) : -1;
      if (next < 0xdc00 || next > 0xdfff) return { problem: lone, place: { line, column } };
      u++;
    }
    if (unit === 0x0a && afterCr) column = 1;
    else if (unit === 0x0a || unit === 0x0d) {
      line++;
      column = 1;
    } else column++;
    afterCr = unit === 0x0d;
  }
  return { problem: 'an odd number of bytes (the last byte has no pair)', place: { line, column } };
}

/** The offset of the first byte (before `end`) that breaks UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array, end: number): number {
  let i = 0;
  while (i < end) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    // Overlong forms, surrogates and code points beyond U+10FFFF.
    const b1 = bytes[i + 1]!;
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i;
    i += length;
  }
  return -1;
}

/** Line and column (in characters, counting a multi-byte character once) of the byte at `offset`. */
function placeOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let k = 0; k < offset; k++) {
    const b = bytes[k]!;
    if (b === 0x0a || (b === 0x0d && bytes[k + 1] !== 0x0a)) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}
