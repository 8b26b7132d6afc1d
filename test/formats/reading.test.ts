/**
 * What every format reads alike: line ends (LF, CRLF and a lone CR), the encoding (UTF-8, or
 * UTF-16 with a byte order mark, refused as an encoding error where it breaks), and JSON objects
 * that name a key twice (refused, not read as the last one).
 */
import { describe, expect, it } from 'vitest';
import { decodeInput } from '../../src/formats/bytes.js';
import { type FormatName, parseDocument } from '../../src/formats/detect.js';
import { refusal } from '../support/refusal.js';

/** janko 001 (4x4) in each file format, one line per row as the format writes it. */
const files: Record<Exclude<FormatName, 'url' | 'gameid'>, string[]> = {
  text: ['3 3 1 4', '4 3 2 2', '1 3 4 2', '3 4 3 2'],
  json: ['{"rows":4,"cols":4,', '"grid":[[3,3,1,4],[4,3,2,2],[1,3,4,2],[3,4,3,2]]}'],
  pzprv3: ['pzprv3', 'hitori', '4', '4', '3 3 1 4 ', '4 3 2 2 ', '1 3 4 2 ', '3 4 3 2 ', '. . . . ', '. . . . ', '. . . . ', '. . . . '],
  janko: ['begin', 'puzzle hitori', 'size 4', 'problem', '3 3 1 4', '4 3 2 2', '1 3 4 2', '3 4 3 2', 'end'],
};
const janko001 = [3, 3, 1, 4, 4, 3, 2, 2, 1, 3, 4, 2, 3, 4, 3, 2];

describe('every format ends lines at LF, CRLF and a lone CR alike', () => {
  for (const [format, lines] of Object.entries(files) as [FormatName, string[]][])
    for (const [name, end] of [
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['a lone CR', '\r'],
    ] as const)
      it(`${format} with ${name}`, () => {
        const text = lines.join(end) + end;
        expect(parseDocument(text).puzzle.values).toEqual(janko001);
        expect(parseDocument(text, { from: format }).puzzle.values).toEqual(janko001);
      });
});

describe('an encoding error is named as one, with its place, before any format reads the text', () => {
  const utf16 = (text: string, tail: number[]) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le'), ...tail]);
  const utf16be = (text: string, tail: number[]) => new Uint8Array([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16(), ...tail]);
  const decodeError = (bytes: Uint8Array) => {
    try {
      decodeInput(bytes);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('decoded without an error');
  };

  it('reads UTF-16 in either byte order', () => {
    expect(decodeInput(utf16('1 2\n2 1\n', []))).toBe('1 2\n2 1\n');
    expect(decodeInput(utf16be('1 2\n2 1\n', []))).toBe('1 2\n2 1\n');
  });

  for (const [format, lines] of Object.entries(files)) {
    const text = `${lines.join('\n')}\n`;
    const row = text.split('\n').length;
    it(`${format}: an odd last byte of UTF-16`, () => {
      expect(decodeError(utf16(text, [0x20]))).toBe(
        `input, line ${row}, column 1: not UTF-16 text: an odd number of bytes (the last byte has no pair)`,
      );
    });
    it(`${format}: a lone surrogate in UTF-16 (either order)`, () => {
      expect(decodeError(utf16(text, [0x00, 0xd8, 0x31, 0x00]))).toBe(
        `input, line ${row}, column 1: not UTF-16 text: a lone surrogate 0xD800 (half of a character)`,
      );
      expect(decodeError(utf16be(text, [0xdc, 0x00]))).toBe(
        `input, line ${row}, column 1: not UTF-16 text: a lone surrogate 0xDC00 (half of a character)`,
      );
    });
  }

  it('keeps a surrogate pair (a character beyond U+FFFF) as text', () => {
    expect(decodeInput(utf16('1 \u{1F600}', []))).toBe('1 \u{1F600}');
  });
});

describe('a JSON object that names a key twice is refused with the key and its place', () => {
  it('in a puzzle document', () => {
    expect(refusal('{"rows":2,"cols":2,"grid":[[1,2],[2,1]],\n"grid":[[1,1],[1,1]]}', 'json')).toMatch(
      /^input, line 2, column 1: the key "grid" is given twice in one object$/,
    );
  });
  it('in a nested object, and not for the same key in two objects', () => {
    expect(refusal('{"grid":[[1]],"meta":{"a":1,"a":2}}', 'json')).toMatch(/line 1, column 29: the key "a" is given twice/);
    expect(parseDocument('{"grid":[[1]],"meta":[{"a":1},{"a":2}]}').puzzle.values).toEqual([1]);
  });
  it('not for a quote and colon inside a string value', () => {
    expect(parseDocument('{"grid":[[1]],"note":"a\\":b"}').puzzle.values).toEqual([1]);
  });
});
