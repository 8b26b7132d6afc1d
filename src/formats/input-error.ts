/** A problem in a user's input, with where it is; the CLI prints `message` as one line. */
export interface InputPlace {
  readonly line?: number;
  readonly row?: number;
  readonly column?: number;
}

export class InputError extends Error {
  override name = 'InputError';
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

/** Parses one grid value: a positive safe integer written in decimal digits. */
export function parseValue(token: unknown, place: InputPlace): number {
  const shown = typeof token === 'string' ? `"${token}"` : JSON.stringify(token);
  const value = typeof token === 'number' ? token : typeof token === 'string' && /^\+?\d+$/.test(token) ? Number(token) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InputError(`${shown} is not a positive integer`, place);
  }
  return value;
}
