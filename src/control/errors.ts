/**
 * The one error taxonomy. Every failure the program reports is one of five kinds, each with one
 * class and one exit code, so that the CLI, a batch record, a worker thread and a library caller
 * all tell them apart the same way (by `kind`, never by a name string):
 *
 *   input      bad input, with its place (line, row, column) and source (a file name, "stdin")
 *   too-large  an input larger than a command can handle in bounded memory (bad input too)
 *   timeout    the time limit passed
 *   solver     a SAT solver failed (a backend limit, a missing binary, a model the checker rejected)
 *   usage      a request that cannot be run as given (options that contradict each other)
 *
 * This module is a leaf: every layer may throw these (puzzle/ and sat/ included), and it imports
 * nothing of the project.
 */

export const errorKinds = ['input', 'too-large', 'timeout', 'solver', 'usage'] as const;
export type ErrorKind = (typeof errorKinds)[number];

/** The exit codes of every command; `exitCodeOf` maps an error to its code. */
export const exitCodes = {
  /** Done: solved (unique or multiple), written, proven, or a check passed. */
  solved: 0,
  /** No solution (or the answer checked is not one). */
  noSolution: 1,
  /** Bad input or usage, or an input too large. */
  badInput: 2,
  /** The time limit was reached. */
  timeout: 3,
  /** The rule engine alone could not decide every cell. */
  stuck: 4,
  /** A SAT solver failed. */
  solverFailure: 5,
} as const;

/** The one table from error kind to exit code. */
export const exitCodeOfKind: Readonly<Record<ErrorKind, number>> = {
  input: exitCodes.badInput,
  'too-large': exitCodes.badInput,
  usage: exitCodes.badInput,
  timeout: exitCodes.timeout,
  solver: exitCodes.solverFailure,
};

/** Where in an input a problem is (1-based). */
export interface InputPlace {
  readonly line?: number;
  readonly row?: number;
  readonly column?: number;
}

/** The base of every error this project raises on purpose. */
export abstract class HitoriSatError extends Error {
  abstract readonly kind: ErrorKind;
}

/** A problem in a user's input, with where it is; the message is one line: `source, line 3, column 2: problem`. */
export class InputError extends HitoriSatError {
  override name = 'InputError';
  readonly kind = 'input';
  constructor(
    readonly problem: string,
    readonly place: InputPlace = {},
    readonly source = 'input',
  ) {
    super(`${source}${describePlace(place)}: ${problem}`);
  }

  /** The same problem attributed to a named source (a file name, "stdin"). */
  withSource(source: string): InputError {
    return new InputError(this.problem, this.place, source);
  }
}

function describePlace({ line, row, column }: InputPlace): string {
  const parts: string[] = [];
  if (line !== undefined) parts.push(`line ${line}`);
  if (row !== undefined) parts.push(`row ${row}`);
  if (column !== undefined) parts.push(`column ${column}`);
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

/**
 * An input larger than a command can handle in bounded memory (a CNF over its budget, too many
 * pairs of equal numbers in the lines); the message says how large and what the limit is.
 */
export class TooLargeError extends HitoriSatError {
  override name = 'TooLargeError';
  readonly kind = 'too-large';
}

/** The time limit passed (a deadline, or an AbortSignal's timeout). */
export class TimeoutError extends HitoriSatError {
  override name = 'TimeoutError';
  readonly kind = 'timeout';
}

/** A solver could not go on (out of memory, a missing binary, a crash), or gave an answer the checker rejected. */
export class SolverError extends HitoriSatError {
  override name = 'SolverError';
  readonly kind = 'solver';
  /** `backend` names the solver that failed; the message then starts with it. */
  constructor(
    message: string,
    readonly backend?: string,
  ) {
    super(backend === undefined ? message : `${backend}: ${message}`);
  }
}

/** A request that cannot be run as given (contradicting options, an impossible specification). */
export class UsageError extends HitoriSatError {
  override name = 'UsageError';
  readonly kind = 'usage';
}

/** The kind of any thrown value: ours by its class; anything else (a bug, a dependency's throw) is a solver failure. */
export function errorKindOf(error: unknown): ErrorKind {
  if (error instanceof HitoriSatError) return error.kind;
  const kind = (error as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && (errorKinds as readonly string[]).includes(kind) ? (kind as ErrorKind) : 'solver';
}

export function exitCodeOf(error: unknown): number {
  return exitCodeOfKind[errorKindOf(error)];
}

/** An error as plain data, to cross a worker thread's boundary with its kind and place. */
export interface ErrorData {
  readonly kind: ErrorKind;
  readonly message: string;
  readonly problem?: string;
  readonly place?: InputPlace;
  readonly source?: string;
}

export function errorToData(error: unknown): ErrorData {
  if (error instanceof InputError)
    return { kind: 'input', message: error.message, problem: error.problem, place: error.place, source: error.source };
  const message = error instanceof Error ? error.message : String(error);
  const kind = errorKindOf(error);
  // A foreign error keeps its class's name in the message: it is the only clue to a bug.
  return { kind, message: error instanceof HitoriSatError || !(error instanceof Error) ? message : `${error.name}: ${message}` };
}

/** The error `errorToData` described, rebuilt with the same class and message. */
export function errorFromData(data: ErrorData): HitoriSatError {
  switch (data.kind) {
    case 'input':
      return new InputError(data.problem ?? data.message, data.place ?? {}, data.source ?? 'input');
    case 'too-large':
      return new TooLargeError(data.message);
    case 'timeout':
      return new TimeoutError(data.message);
    case 'usage':
      return new UsageError(data.message);
    case 'solver':
      return new SolverError(data.message);
  }
}

/** The first line of an error's message, as a one-line report prints it. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}
