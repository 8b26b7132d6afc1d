/**
 * What the library checks at its door, with the CLI's kind of errors: a puzzle object built by
 * hand (not parsed) and option names. A bad value is an InputError naming the field and the
 * place (row, column), never a wrong answer or a TypeError from deep inside.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { InputError } from '../control/errors.js';

/**
 * The puzzle, checked: `rows` and `cols` positive whole numbers, `values` an array of
 * `rows * cols` positive safe integers, `id` a string when present. Returns the same object.
 *
 * @example
 * validatePuzzle({ rows: 2, cols: 2, values: [1, 2, 3] });
 * // throws InputError: puzzle: "values" has 3 numbers, but 2 rows x 2 columns need 4
 */
export function validatePuzzle(puzzle: unknown, source = 'puzzle'): Puzzle {
  const fail = (problem: string, place = {}) => new InputError(problem, place, source);
  if (typeof puzzle !== 'object' || puzzle === null || Array.isArray(puzzle))
    throw fail(`expected an object { rows, cols, values }, got ${describe(puzzle)}`);
  const { rows, cols, values, id } = puzzle as Record<string, unknown>;
  for (const [name, n] of [
    ['rows', rows],
    ['cols', cols],
  ] as const) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
      throw fail(`"${name}" must be a positive whole number, got ${describe(n)}`);
  }
  const r = rows as number;
  const c = cols as number;
  if (!Array.isArray(values)) throw fail(`"values" must be an array of ${r * c} numbers, got ${describe(values)}`);
  if (values.length !== r * c) throw fail(`"values" has ${values.length} numbers, but ${r} rows x ${c} columns need ${r * c}`);
  // A plain loop: a callback per value costs tens of milliseconds on a million cells.
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
      throw fail(`${describe(v)} is not a positive integer`, { row: Math.floor(i / c) + 1, column: (i % c) + 1 });
  }
  if (id !== undefined && typeof id !== 'string') throw fail(`"id" must be a string, got ${describe(id)}`);
  return puzzle as Puzzle;
}

/** A shading for `puzzle`: an array of rows * cols booleans. */
export function validateShading(puzzle: Puzzle, shading: unknown, name = 'solution'): readonly boolean[] {
  const n = puzzle.rows * puzzle.cols;
  if (!Array.isArray(shading) || shading.length !== n || shading.some((s) => typeof s !== 'boolean'))
    throw new InputError(`"${name}" must be an array of ${n} booleans (true = shaded), got ${describe(shading)}`, {}, 'options');
  return shading as boolean[];
}

/** A player's marks (true shaded, false marked unshaded, null not marked), one per cell, or an InputError. */
export function validateMarks(puzzle: Puzzle, marks: unknown): readonly (boolean | null)[] {
  const n = puzzle.rows * puzzle.cols;
  if (!Array.isArray(marks) || marks.length !== n || marks.some((m) => m !== null && typeof m !== 'boolean'))
    throw new InputError(`"marks" must be an array of ${n} values, each true, false or null, got ${describe(marks)}`, {}, 'options');
  return marks as (boolean | null)[];
}

/** `value` if it is one of `choices` (or undefined), else an InputError listing them. */
export function validateChoice<T extends string>(option: string, value: unknown, choices: readonly T[]): T | undefined {
  if (value === undefined || (choices as readonly unknown[]).includes(value)) return value as T | undefined;
  throw new InputError(`${option} ${describe(value)} is not one of ${choices.join(', ')}`, {}, 'options');
}

/** `value` if it is a positive whole number (or undefined), else an InputError. */
export function validateCount(option: string, value: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max)
    throw new InputError(`${option} must be a whole number from 1 to ${max}, got ${describe(value)}`, {}, 'options');
  return value;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return String(value);
}
