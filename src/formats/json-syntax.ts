/**
 * A JSON reader for user input. Valid JSON whose numbers a double holds exactly goes through
 * JSON.parse (fast, and not recursive in V8). Everything else is read by a parser of its own,
 * iterative rather than recursive: an explicit stack holds the open arrays and objects, so
 * neither a deeply nested file nor a very long one can exhaust the call stack. It reports the first syntax error with its line and column (Node's JSON.parse names no
 * position for some errors), and it keeps what JSON.parse would lose: a number that a double
 * cannot hold (`1e400`, an integer beyond 2^53) becomes a `JsonNumber` with its text, so that the
 * error names the number as written instead of `null` or a rounded value.
 */
import { showText } from './input-error.js';
import { InputError } from '../control/errors.js';
import { Limit } from '../control/limit.js';

/**
 * A text longer than this is read by the careful parser when a limit bounds the read: JSON.parse
 * cannot be stopped, and a grid of a million one-value rows takes it over a second.
 */
const uninterruptibleChars = 1 << 20;
/** How many values the careful parser reads between two looks at the limit. */
const checkEveryValues = 4096;

/** A JSON number that a double does not hold exactly (beyond 2^53, or beyond the double range). */
class JsonNumber {
  constructor(readonly text: string) {}
}

/** How deep arrays and objects may nest; the formats read here need 3 levels. */
const maxJsonDepth = 256;

interface Frame {
  readonly array?: unknown[];
  readonly object?: Record<string, unknown>;
  key: string;
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const wordPattern = /[^\s,:[\]{}"]{1,40}/y;

/**
 * Parses a JSON text. A syntax error becomes an InputError naming the line and column, counted
 * from `firstLine` (the text's line in its file, for JSON Lines). Past `limit` it throws its
 * TimeoutError.
 */
export function readJson(text: string, firstLine = 1, limit = Limit.none): unknown {
  // Fast path: V8's JSON.parse, exact unless a number has 16 or more digits or a 3-digit
  // exponent (then a double may not hold it); anything else, errors included, goes the careful way.
  // A long text under a limit goes the careful way too, which asks the limit as it reads.
  if (!(limit.bounded && text.length > uninterruptibleChars) && !/\d{16}|[eE][+-]?\d{3}/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Read again below, to say where it goes wrong.
    }
    // JSON.parse keeps the last of a key given twice, silently. Every key is a string followed by
    // a colon, so a text with no more of those than the value has keys has no duplicate (a colon
    // after a quote inside a string value only sends it the careful way, which tells exactly).
    if (value !== undefined && keyTokens(text) <= keyCount(value)) return value;
  }
  return readJsonCarefully(text, firstLine, limit);
}

/** How many times a quote is followed (after blanks) by a colon: at least the number of keys. */
function keyTokens(text: string): number {
  return text.match(/"[ \t\r\n]*:/g)?.length ?? 0;
}

/** The number of keys of every object in a parsed value (iteratively: a long array of numbers is a flat loop). */
function keyCount(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) if (typeof item === 'object' && item !== null) stack.push(item);
    } else
      for (const key of Object.keys(v)) {
        count++;
        stack.push((v as Record<string, unknown>)[key]);
      }
  }
  return count;
}

function readJsonCarefully(text: string, firstLine: number, limit: Limit): unknown {
  let at = 0;
  let values = 0;
  const n = text.length;
  const stack: Frame[] = [];
  const fail = (what?: string): never => {
    throw syntaxError(text, at, firstLine, what);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at++;
      else return;
    }
  };
  const string = (): string => {
    // at is on the opening quote
    const start = ++at;
    let out = '';
    let from = start;
    for (;;) {
      if (at >= n) fail('unexpected end of input in a string');
      const c = text.charCodeAt(at);
      if (c === 0x22) break;
      if (c < 0x20) fail(`a raw control character "${showText(text[at]!)}" in a string`);
      if (c === 0x5c) {
        out += text.slice(from, at);
        const e = text[at + 1];
        const simple =
          e === undefined
            ? undefined
            : ({ '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as const)[e as 'b'];
        if (simple !== undefined) {
          out += simple;
          at += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
          out += String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16));
          at += 6;
        } else {
          at++;
          fail(e === undefined ? 'unexpected end of input in a string' : `a bad escape \\${showText(e)} in a string`);
        }
        from = at;
        continue;
      }
      at++;
    }
    out += text.slice(from, at);
    at++; // closing quote
    return out;
  };
  const key = (frame: Frame) => {
    space();
    if (text.charCodeAt(at) !== 0x22) fail();
    const keyAt = at;
    frame.key = string();
    if (Object.hasOwn(frame.object!, frame.key))
      throw syntaxError(text, keyAt, firstLine, `the key "${showText(frame.key, 40)}" is given twice in one object`, '');
    space();
    if (text.charCodeAt(at) !== 0x3a) fail();
    at++;
  };

  for (;;) {
    // A value starts here.
    if (++values % checkEveryValues === 0) limit.check();
    space();
    let value: unknown;
    const c = text.charCodeAt(at);
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxJsonDepth) fail(`arrays and objects nested more than ${maxJsonDepth} deep`);
      at++;
      space();
      if (c === 0x7b) {
        if (text.charCodeAt(at) === 0x7d) {
          at++;
          value = {};
        } else {
          const frame: Frame = { object: {}, key: '' };
          stack.push(frame);
          key(frame);
          continue;
        }
      } else if (text.charCodeAt(at) === 0x5d) {
        at++;
        value = [];
      } else {
        stack.push({ array: [], key: '' });
        continue;
      }
    } else if (c === 0x22) {
      value = string();
    } else {
      numberPattern.lastIndex = at;
      const m = numberPattern.exec(text);
      if (m !== null) {
        const parsed = Number(m[0]);
        value = !Number.isFinite(parsed) || (Number.isInteger(parsed) && !Number.isSafeInteger(parsed)) ? new JsonNumber(m[0]) : parsed;
        at += m[0].length;
      } else if (text.startsWith('true', at)) {
        value = true;
        at += 4;
      } else if (text.startsWith('false', at)) {
        value = false;
        at += 5;
      } else if (text.startsWith('null', at)) {
        value = null;
        at += 4;
      } else fail();
    }
    // A value ended: close every container it completes, or go on to the next value.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) {
        space();
        if (at < n) fail(`${describeAt(text, at)} after the end of the JSON value`);
        return value;
      }
      space();
      const next = text.charCodeAt(at);
      if (frame.array !== undefined) {
        frame.array.push(value);
        if (next === 0x2c) {
          at++;
          break;
        }
        if (next !== 0x5d) fail();
        at++;
        value = frame.array;
      } else {
        Object.defineProperty(frame.object, frame.key, { value, enumerable: true, writable: true, configurable: true });
        if (next === 0x2c) {
          at++;
          key(frame);
          break;
        }
        if (next !== 0x7d) fail();
        at++;
        value = frame.object;
      }
      stack.pop();
    }
  }
}

/** `unexpected "x"` (the word at `at`, escaped and cut) or `unexpected end of input`. */
function describeAt(text: string, at: number): string {
  if (at >= text.length) return 'unexpected end of input';
  wordPattern.lastIndex = at;
  const word = wordPattern.exec(text)?.[0] ?? text[at]!;
  return `unexpected "${showText(word, 20)}"`;
}

function syntaxError(text: string, at: number, firstLine: number, what?: string, prefix = 'not valid JSON: '): InputError {
  // Lines end at LF, CRLF or a lone CR, as in the text format.
  let line = firstLine;
  let lineStart = 0;
  for (let k = 0; k < at && k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) {
      line++;
      lineStart = k + 1;
    }
  }
  return new InputError(`${prefix}${what ?? describeAt(text, at)}`, { line, column: at - lineStart + 1 });
}
