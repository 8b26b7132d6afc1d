/**
 * A certificate's CNF as DIMACS bytes, written and read without a string per line or per literal:
 * a layered 17x17 is 118,000 clauses and 2.9 MB of DIMACS, written by every certificate and read
 * by every check, and strings of that size were most of the time and the garbage of both.
 *
 * Writing gives the text of src/sat/dimacs.ts's `toDimacs`, byte for byte (comments, the header,
 * one clause per line). Reading takes any DIMACS CNF the way `parseDimacs` does (comments, the
 * header before the clauses, whitespace of any kind including CRLF, a clause over several lines,
 * no final newline, SATLIB's closing "%") into flat typed arrays, and refuses what it refuses (a
 * token that is not a literal, a literal beyond the header's variables, a last clause without its
 * 0); unlike it, a comment may be indented, and the count of clauses is the caller's to judge.
 */
import type { Cnf } from '../sat/cnf.js';
import { digitCount } from '../sat/dimacs.js';

/** A syntax error, at a line (1-based) of the text. */
export class DimacsSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a DIMACS CNF holds: its comments (without "c "), its header's counts, its clauses back to back. */
export interface DimacsClauses {
  readonly comments: string[];
  readonly numVars: number;
  /** The clause count the header declares (`ends.length` is the count read). */
  readonly numClauses: number;
  readonly lits: Int32Array;
  /** `ends[k]` is one past the last literal of clause k in `lits`. */
  readonly ends: Int32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The DIMACS text of `cnf` as UTF-8 bytes: what `toDimacs(cnf)` gives, encoded. */
export function dimacsBytes(cnf: Cnf): Uint8Array {
  let head = '';
  for (const comment of cnf.comments) head += comment === '' ? 'c\n' : `c ${comment}\n`;
  head += `p cnf ${cnf.numVars} ${cnf.numClauses}\n`;
  const headBytes = encoder.encode(head);
  const { lits, ends } = cnf.flat();
  // Room for the widest literal everywhere (sign, digits, space), and "0\n" per clause: one
  // allocation, a tenth more than the text at most on a layered CNF; the view ends at the text.
  const out = new Uint8Array(headBytes.length + lits.length * (digitCount(cnf.numVars) + 2) + 2 * ends.length);
  out.set(headBytes);
  let at = headBytes.length;
  let start = 0;
  for (let c = 0; c < ends.length; c++) {
    const end = ends[c]!;
    for (let k = start; k < end; k++) {
      let lit = lits[k]!;
      if (lit < 0) {
        out[at++] = 45; // '-'
        lit = -lit;
      }
      // The digits from the last, written backwards into their place.
      at += digitCount(lit);
      let p = at - 1;
      for (; lit >= 10; p--) {
        const q = (lit / 10) | 0;
        out[p] = 48 + lit - 10 * q;
        lit = q;
      }
      out[p] = 48 + lit;
      out[at++] = 32;
    }
    out[at++] = 48; // '0'
    out[at++] = 10;
    start = end;
  }
  return out.subarray(0, at);
}

/** Space, tab, newline, vertical tab, form feed, carriage return. */
const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13);

/** Reads DIMACS CNF bytes; throws DimacsSyntaxError naming the line of the first thing that is not DIMACS. */
export function readDimacsBytes(bytes: Uint8Array): DimacsClauses {
  const n = bytes.length;
  const comments: string[] = [];
  let numVars = -1;
  let numClauses = -1;
  // A literal takes two bytes or more, a clause's 0 two: the guesses below are grown if short.
  let lits = new Int32Array(Math.max(64, n >> 2));
  let litCount = 0;
  let ends = new Int32Array(Math.max(16, n >> 4));
  let clauseCount = 0;
  let line = 1;
  /** The line where the clause being read starts (0 when none is open). */
  let clauseLine = 0;
  let lineStart = true;
  let at = 0;
  const lineEnd = (from: number) => {
    let end = bytes.indexOf(10, from);
    if (end < 0) end = n;
    return end;
  };
  while (at < n) {
    const b = bytes[at]!;
    if (isSpace(b)) {
      if (b === 10) {
        line++;
        lineStart = true;
      }
      at++;
      continue;
    }
    if (lineStart && b === 99 /* c */ && (at + 1 === n || isSpace(bytes[at + 1]!))) {
      const end = lineEnd(at);
      const textEnd = end > at && bytes[end - 1] === 13 ? end - 1 : end;
      comments.push(decoder.decode(bytes.subarray(Math.min(at + 2, textEnd), textEnd)));
      at = end;
      continue;
    }
    // SATLIB files end the clauses with a "%" line (and a stray "0" after it).
    if (lineStart && b === 37 /* % */ && decoder.decode(bytes.subarray(at, lineEnd(at))).trim() === '%') break;
    if (lineStart && b === 112 /* p */) {
      const end = lineEnd(at);
      const text = decoder.decode(bytes.subarray(at, end)).trim();
      const m = /^p\s+cnf\s+(\d+)\s+(\d+)$/.exec(text);
      if (m === null) throw new DimacsSyntaxError(line, `bad header "${text.slice(0, 40)}", expected "p cnf VARS CLAUSES"`);
      if (numVars >= 0) throw new DimacsSyntaxError(line, 'a second "p cnf" header');
      numVars = Number(m[1]);
      numClauses = Number(m[2]);
      at = end;
      continue;
    }
    lineStart = false;
    // One literal, read in the same pass that finds its end: this loop sees every byte of the file.
    const from = at;
    const negative = b === 45; /* - */
    if (negative) at++;
    let value = 0;
    for (; at < n; at++) {
      const digit = bytes[at]! - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    if (at === from + (negative ? 1 : 0) || (at < n && !isSpace(bytes[at]!))) {
      while (at < n && !isSpace(bytes[at]!)) at++;
      const token = decoder.decode(bytes.subarray(from, Math.min(at, from + 24)));
      throw new DimacsSyntaxError(line, `"${token}${at - from > 24 ? '...' : ''}" is not a literal`);
    }
    if (numVars < 0) throw new DimacsSyntaxError(line, 'clauses before the "p cnf" header');
    if (value > numVars || value > 0x7fffffff)
      throw new DimacsSyntaxError(line, `literal ${negative ? '-' : ''}${value} exceeds the ${numVars} variables of the header`);
    if (value === 0) {
      if (clauseCount === ends.length) {
        const grown = new Int32Array(ends.length * 2);
        grown.set(ends);
        ends = grown;
      }
      ends[clauseCount++] = litCount;
      clauseLine = 0;
      continue;
    }
    if (clauseLine === 0) clauseLine = line;
    if (litCount === lits.length) {
      const grown = new Int32Array(lits.length * 2);
      grown.set(lits);
      lits = grown;
    }
    lits[litCount++] = negative ? -value : value;
  }
  if (numVars < 0) throw new DimacsSyntaxError(Math.max(1, line), 'no "p cnf" header');
  if (clauseLine !== 0) throw new DimacsSyntaxError(clauseLine, 'the last clause is not closed by 0');
  return { comments, numVars, numClauses, lits: lits.subarray(0, litCount), ends: ends.subarray(0, clauseCount) };
}
