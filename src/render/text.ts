/**
 * Terminal drawing of a puzzle with its shading: numbers right-aligned, shaded cells as '#'.
 * With `color` (the CLI sets it only when stdout is a terminal, and never under NO_COLOR or
 * --no-color) shaded cells are solid blocks (U+2588) in dark grey, undecided numbers yellow and
 * verdicts coloured; without it the output is plain ASCII, the same bytes as ever.
 */
import { geometryOf } from '../puzzle/geometry.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';

/**
 * The one grid renderer for text: shaded cells as '#', unshaded ones as their number. A partly
 * solved grid (`null` for an undecided cell, as the rule engine leaves it) shows undecided
 * numbers in brackets ("[7]"), so the grid can be read on from where the solver stopped.
 */
export interface TextStyle {
  /** ANSI colours and Unicode blocks, for a terminal. */
  readonly color?: boolean;
}

const ansi = {
  shaded: '\x1b[90m',
  undecided: '\x1b[33m',
  good: '\x1b[32m',
  warn: '\x1b[33m',
  bad: '\x1b[31m',
  reset: '\x1b[0m',
} as const;

/** Text in a colour when `style.color` is set, plain otherwise. */
export function paint(text: string, colour: 'good' | 'warn' | 'bad', style: TextStyle = {}): string {
  return style.color ? `${ansi[colour]}${text}${ansi.reset}` : text;
}

export function renderShading(puzzle: Puzzle, cells: Shading | readonly (boolean | null)[], style: TextStyle = {}): string {
  if (!style.color) {
    const bytes = shadingBytes(puzzle, (i) => (cells[i] === true ? true : cells[i] === null ? null : false));
    if (bytes !== undefined) return asciiText(bytes);
  }
  const open = cells.some((s) => s === null);
  // A loop, not Math.max(...values): a spread of a million values overflows the call stack.
  let widest = 1;
  for (const v of puzzle.values) widest = Math.max(widest, String(v).length);
  const width = widest + (open ? 2 : 0);
  let out = '';
  const g = geometryOf(puzzle);
  for (let r = 0; r < g.rows; r++) {
    const row: string[] = [];
    for (const i of g.lines[r]!) {
      const v = String(puzzle.values[i]);
      const cell = cells[i] === true ? (style.color ? '\u2588' : '#').repeat(width) : cells[i] === null ? `[${v}]` : open ? ` ${v} ` : v;
      const padded = cell.padStart(width);
      row.push(
        style.color && cells[i] === true
          ? `${ansi.shaded}${padded}${ansi.reset}`
          : style.color && cells[i] === null
            ? `${ansi.undecided}${padded}${ansi.reset}`
            : padded,
      );
    }
    out += `${row.join(' ')}\n`;
  }
  return out;
}

/**
 * The decimal digits of a positive safe integer. Math.floor(x / 10) is exact below 2^53 (x / 10 is
 * within 0.9 of the next integer, which rounding never reaches), and unlike `%` on a number that
 * may be a double it is not a call to fmod.
 */
function digitCount(v: number): number {
  let n = 1;
  for (let x = v; x >= 10; n++) x = Math.floor(x / 10);
  return n;
}

/**
 * renderShading's plain form (no colour) as ASCII bytes, `state(i)` giving cell i's state (true
 * shaded, null undecided): the same text, written in one pass into one array of the size it will
 * have. A million cells drawn a string per cell cost a quarter of a second and several copies of
 * the text, which a time limit has to wait for; this writes each byte once. Undefined when some
 * value is not a positive safe integer (a library caller's puzzle is not checked here), which the
 * general path draws as it is.
 */
export function shadingBytes(puzzle: Puzzle, state: (i: number) => boolean | null): Uint8Array | undefined {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  let widest = 1;
  let open = false;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isSafeInteger(v) || v < 1) return undefined;
    if (v >= 10) widest = Math.max(widest, digitCount(v));
    if (!open && state(i) === null) open = true;
  }
  const width = widest + (open ? 2 : 0);
  const out = new Uint8Array(n * (width + 1));
  let at = 0;
  for (let i = 0; i < n; i++) {
    const s = state(i);
    if (s === true) {
      for (let k = 0; k < width; k++) out[at++] = hash;
    } else {
      const v = values[i]!;
      const digits = v < 10 ? 1 : digitCount(v);
      // "[7]" for an undecided cell; " 7 " for a decided one when the grid has undecided cells.
      const body = open ? digits + 2 : digits;
      for (let k = body; k < width; k++) out[at++] = space;
      if (open) out[at++] = s === null ? openBracket : space;
      for (let k = digits - 1, x = v; k >= 0; k--) {
        const q = Math.floor(x / 10);
        out[at + k] = zero + (x - 10 * q);
        x = q;
      }
      at += digits;
      if (open) out[at++] = s === null ? closeBracket : space;
    }
    out[at++] = (i + 1) % cols === 0 ? newline : space;
  }
  return out;
}

const [hash, space, openBracket, closeBracket, zero, newline] = [35, 32, 91, 93, 48, 10];

/** ASCII bytes as a string. */
export function asciiText(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/** A plain-text table, columns padded to their widest cell, right-aligned where `right[k]`. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[]): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((row) => row[k]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, k) => (right[k] ? c.padStart(widths[k]!) : c.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
