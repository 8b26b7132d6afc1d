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
