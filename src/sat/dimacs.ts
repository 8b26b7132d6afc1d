/**
 * DIMACS CNF, written and read symmetrically: `parseDimacs(toDimacs(cnf))` gives back the same
 * clauses, variable count and comments. Also reads what SAT solvers print (`s`/`v` lines in the
 * SAT competition format, MiniSat's result file, or a bare list of literals).
 */
import type { SolveStatus } from './backend.js';
import { Cnf } from './cnf.js';
import { InputError } from '../control/errors.js';

/**
 * The DIMACS text in pieces of at most about 64 KiB, for writing large formulas to a stream.
 * `units` are written as unit clauses after the formula's own (a solve's assumptions), so the
 * formula need not be copied to add them.
 */
export function* dimacsChunks(cnf: Cnf, units: readonly number[] = []): Generator<string> {
  let out = '';
  for (const comment of cnf.comments) out += comment === '' ? 'c\n' : `c ${comment}\n`;
  let numVars = cnf.numVars;
  for (const lit of units) numVars = Math.max(numVars, Math.abs(lit));
  out += `p cnf ${numVars} ${cnf.numClauses + units.length}\n`;
  const { lits, ends } = cnf.flat();
  let start = 0;
  for (const end of ends) {
    // The typed array's own join: a string per literal made a layered 17x17's 3 MB take most of
    // the time of writing a certificate, and most of its garbage.
    out += end > start ? `${lits.subarray(start, end).join(' ')} 0\n` : '0\n';
    start = end;
    if (out.length > 65536) {
      yield out;
      out = '';
    }
  }
  for (const lit of units) out += `${lit} 0\n`;
  yield out;
}

/**
 * The length in bytes of what dimacsChunks writes, counted without writing it: a command that
 * must hold the text whole (stdout under a time limit) refuses one too large before making it.
 */
export function dimacsByteLength(cnf: Cnf, units: readonly number[] = []): number {
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const comment of cnf.comments) bytes += comment === '' ? 2 : 3 + encoder.encode(comment).length;
  let numVars = cnf.numVars;
  for (const lit of units) numVars = Math.max(numVars, Math.abs(lit));
  bytes += `p cnf ${numVars} ${cnf.numClauses + units.length}\n`.length;
  const { lits, ends } = cnf.flat();
  // Each literal and the space or " 0" after it, then "0\n" or " 0\n" per clause: its literals'
  // digits and signs, one separator per literal, and 2 more.
  for (let k = 0; k < lits.length; k++) bytes += literalLength(lits[k]!) + 1;
  bytes += 2 * ends.length;
  for (const lit of units) bytes += literalLength(lit) + 3;
  return bytes;
}

/** The characters of a literal in decimal, its sign included. */
const literalLength = (lit: number): number => (lit < 0 ? 1 + digitCount(-lit) : digitCount(lit));

/** Decimal digits of `x` (a non-negative integer below 2^31), by comparisons rather than divisions. */
export const digitCount = (x: number): number =>
  x < 100000
    ? x < 100
      ? x < 10
        ? 1
        : 2
      : x < 1000
        ? 3
        : x < 10000
          ? 4
          : 5
    : x < 10000000
      ? x < 1000000
        ? 6
        : 7
      : x < 100000000
        ? 8
        : x < 1000000000
          ? 9
          : 10;

/** The whole DIMACS text of `cnf`. */
export function toDimacs(cnf: Cnf): string {
  return [...dimacsChunks(cnf)].join('');
}

/** Reads DIMACS CNF; comment lines are kept (without their "c "), the header is checked. */
export function parseDimacs(text: string): Cnf {
  const cnf = new Cnf();
  let declaredVars = -1;
  let declaredClauses = -1;
  let clause: number[] = [];
  let clauseLine = 0;
  const rows = text.split(/\r?\n/);
  let lastLine = 0;
  for (let n = 0; n < rows.length; n++) {
    const raw = rows[n]!;
    const line = raw.trim();
    if (line === '') continue;
    // SATLIB files end the clauses with a "%" line (and a stray "0" after it).
    if (line === '%') break;
    lastLine = n + 1;
    if (/^c(\s|$)/.test(raw)) {
      cnf.comments.push(raw.slice(2));
      continue;
    }
    if (line.startsWith('p')) {
      const m = /^p\s+cnf\s+(\d+)\s+(\d+)$/.exec(line);
      if (!m) throw new InputError(`bad header "${line}", expected "p cnf VARS CLAUSES"`, { line: n + 1 });
      if (declaredVars >= 0) throw new InputError('a second "p cnf" header', { line: n + 1 });
      declaredVars = Number(m[1]);
      declaredClauses = Number(m[2]);
      continue;
    }
    if (declaredVars < 0) throw new InputError('clauses before the "p cnf" header', { line: n + 1 });
    for (const token of line.split(/\s+/)) {
      const lit = Number(token);
      if (!Number.isInteger(lit) || !/^-?\d+$/.test(token)) throw new InputError(`"${showToken(token)}" is not a literal`, { line: n + 1 });
      if (Math.abs(lit) > declaredVars)
        throw new InputError(`literal ${lit} exceeds the ${declaredVars} variables of the header`, { line: n + 1 });
      if (clause.length === 0) clauseLine = n + 1;
      if (lit === 0) {
        cnf.add(clause);
        clause = [];
      } else clause.push(lit);
    }
  }
  if (declaredVars < 0) throw new InputError('no "p cnf" header', { line: Math.max(1, lastLine) });
  if (clause.length > 0) throw new InputError('the last clause is not closed by 0', { line: clauseLine });
  if (cnf.numClauses !== declaredClauses) {
    throw new InputError(`the header promises ${declaredClauses} clauses, the file has ${cnf.numClauses}`, { line: lastLine });
  }
  cnf.declare(declaredVars);
  return cnf;
}

/** The largest variable a model may name when the formula's size is not known (what DIMACS solvers take: 2^31 - 1). */
const maxVariable = 2 ** 31 - 1;

/** A token cut to a readable length for a one-line message (the CLI escapes control characters). */
function showToken(token: string): string {
  return token.length > 24 ? `${token.slice(0, 20)}...(${token.length} characters)` : token;
}

/** What a solver said: its status and, when satisfiable, the literals of its model. */
export interface SolverAnswer {
  readonly status: SolveStatus;
  /** `values[v]` is 1 (true), -1 (false) or 0 (not given) for variable v; index 0 unused. */
  readonly values: Int8Array;
}

/**
 * Reads a solver's answer in one of three forms: SAT-competition `s`/`v` lines (other lines are
 * the solver's chatter and ignored); MiniSat's result file (a status word, then the literals); or
 * a bare list of literals, taken as a model. With `variables` (the formula's count), a literal
 * beyond it is an error; a variable given both true and false always is.
 */
export function parseSolverOutput(text: string, variables?: number): SolverAnswer {
  const rows = text.split(/\r?\n/);
  // SAT-competition form when any line starts with "s" or "v" (a model may come without its status line).
  const competition = rows.some((l) => /^[sv]\s/.test(l));
  let status: SolveStatus | undefined;
  const lits: number[] = [];
  const lines: number[] = [];
  for (let n = 0; n < rows.length; n++) {
    const line = rows[n]!.trim();
    let body: string;
    if (competition) {
      if (line.startsWith('s ')) status = statusWord(line.slice(2).trim(), n + 1);
      if (!/^v(\s|$)/.test(line)) continue;
      body = line.slice(1);
    } else {
      if (line === '' || /^c(\s|$)/.test(line)) continue;
      if (status === undefined && lits.length === 0 && /^[A-Z]+$/.test(line)) {
        status = statusWord(line, n + 1);
        continue;
      }
      body = line;
    }
    for (const token of body.trim().split(/\s+/)) {
      if (token === '') continue;
      if (!/^-?\d+$/.test(token)) throw new InputError(`"${showToken(token)}" is not a literal`, { line: n + 1 });
      const lit = Number(token);
      if (lit === 0) continue;
      const limit = variables ?? maxVariable;
      if (!Number.isSafeInteger(lit) || Math.abs(lit) > limit)
        throw new InputError(
          variables === undefined
            ? `literal ${showToken(token)} is beyond the largest variable supported, ${limit}`
            : `literal ${showToken(token)} is beyond the formula's ${limit} variables (a model of another formula?)`,
          { line: n + 1 },
        );
      lits.push(lit);
      lines.push(n + 1);
    }
  }
  if (status === undefined) {
    if (lits.length === 0) throw new InputError('no "s" status line and no literals', { line: rows.length });
    status = 'satisfiable';
  }
  let top = 0;
  for (const lit of lits) top = Math.max(top, Math.abs(lit));
  const values = new Int8Array(top + 1);
  lits.forEach((lit, k) => {
    const v = Math.abs(lit);
    const value = lit > 0 ? 1 : -1;
    if (values[v] === -value)
      throw new InputError(`variable ${v} is given both true and false: the model contradicts itself`, { line: lines[k]! });
    values[v] = value;
  });
  return { status, values };
}

function statusWord(word: string, line: number): SolveStatus {
  switch (word) {
    case 'SATISFIABLE':
    case 'SAT':
      return 'satisfiable';
    case 'UNSATISFIABLE':
    case 'UNSAT':
      return 'unsatisfiable';
    case 'UNKNOWN':
    case 'INDET':
    case 'INDETERMINATE':
      return 'unknown';
    default:
      throw new InputError(`unknown solver status "${word}"`, { line: line });
  }
}
