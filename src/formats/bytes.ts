import { InputError } from '../job/errors.js';
/**
 * The bytes of an input file as text. UTF-8 (with or without a byte order mark) is read as is,
 * UTF-16 with a byte order mark is converted; anything else is refused with its place rather than
 * turned into replacement characters: a byte that is not UTF-8 (a Latin-1 file, say) and a NUL
 * byte (binary data, or UTF-16 without a byte order mark).
 */

export function decodeInput(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
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
