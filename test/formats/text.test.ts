import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/formats/text.js';
import { InputError, TimeoutError } from '../../src/control/errors.js';
import { Limit } from '../../src/control/limit.js';
import { mulberry32 } from '../support/brute-force.js';

/** What parseText gives: the puzzle, or the error's kind and text. */
function outcome(text: string): unknown {
  try {
    return parseText(text);
  } catch (error) {
    if (error instanceof InputError) return { error: error.message };
    throw error;
  }
}

const pieces = [
  '1',
  '2',
  '17',
  '007',
  '+3',
  '0',
  '-4',
  'x',
  '1.5',
  '12345678901234567',
  '9007199254740991',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '\f',
  '\v',
];

describe('plain text', () => {
  // The ASCII scanner and the general reader (taken when the text holds any non-ASCII character;
  // an ideographic space at the end is white space to both) must agree on every text: the same
  // puzzle, or the same error at the same place.
  it('reads every ASCII text exactly as the general reader does, errors and their places included', () => {
    const next = mulberry32(20261127);
    for (let k = 0; k < 3000; k++) {
      let text = '';
      const length = 1 + Math.floor(next() * 30);
      for (let t = 0; t < length; t++) text += pieces[Math.floor(next() * pieces.length)];
      expect(outcome(text), JSON.stringify(text)).toEqual(outcome(`${text}\u3000`));
    }
  });

  it('reads rectangular grids of random numbers, in any line ending', () => {
    const next = mulberry32(7);
    for (let k = 0; k < 200; k++) {
      const rows = 1 + Math.floor(next() * 6);
      const cols = 1 + Math.floor(next() * 6);
      const values = Array.from({ length: rows * cols }, () => 1 + Math.floor(next() * 1e6));
      const ending = ['\n', '\r\n', '\r'][k % 3]!;
      const text = Array.from({ length: rows }, (_, r) => values.slice(r * cols, (r + 1) * cols).join(' ')).join(ending);
      expect(parseText(`\uFEFF${text}${ending}`)).toEqual({ rows, cols, values });
    }
  });

  it('names the line of a row of the wrong length', () => {
    expect(() => parseText('1 2\n\n3 4\n5\n')).toThrow(/row 3 has 1 values, row 1 has 2/);
    try {
      parseText('1 2\n\n3 4\n5\n');
    } catch (error) {
      expect((error as InputError).place).toMatchObject({ line: 4, row: 3 });
    }
  });

  it('stops a large grid with a TimeoutError once its limit has passed, and reads a small one whole', () => {
    const past = Limit.at(Date.now() - 1);
    expect(parseText('1 2\n2 1\n', undefined, past).values).toEqual([1, 2, 2, 1]);
    const text = `${Array.from({ length: 300 }, () => Array.from({ length: 300 }, (_, c) => c + 1).join(' ')).join('\n')}\n`;
    expect(() => parseText(text, undefined, past)).toThrow(TimeoutError);
    expect(() => parseText(`${text}\u3000`, undefined, past)).toThrow(TimeoutError);
  });
});
