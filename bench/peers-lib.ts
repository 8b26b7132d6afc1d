/**
 * The pure parts of `npm run bench:peers` (bench/peers.ts): a puzzle as the game ID that Simon
 * Tatham's Singles reads, the lines printed by the timing harness (bench/peers/singles-harness.c),
 * the source files of his collection's `common` library (from its CMakeLists.txt), and whether an
 * APT sources file already has a deb-src entry.
 */
import { documentOf } from '../src/formats/document.js';
import { formatGameId } from '../src/formats/gameid.js';
import { InputError } from '../src/control/errors.js';
import type { Puzzle, Shading } from '../src/puzzle/puzzle.js';

/**
 * The Singles game ID of a puzzle (`17x17:g295...`), or undefined when Singles cannot hold it:
 * a side outside 2..62 or a number above max(width, height) (what src/formats/gameid.ts refuses).
 */
export function singlesGameId(puzzle: Puzzle): string | undefined {
  try {
    return formatGameId(documentOf(puzzle)).trim();
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
}

export const harnessStatuses = ['solved', 'stuck', 'impossible', 'invalid'] as const;
export type HarnessStatus = (typeof harnessStatuses)[number];

/** One puzzle as the harness reports it. */
export interface HarnessResult {
  /** `solved`: every cell decided and the grid valid; `stuck`: deductions ran out; `impossible`: a contradiction; `invalid`: the ID was refused. */
  readonly status: HarnessStatus;
  /** The median of the timed solves, in nanoseconds. */
  readonly medianNs: number;
  /** The fastest timed solve, in nanoseconds. */
  readonly minNs: number;
  /** After the first solve, per cell in reading order: true black, false circled (white), null undecided; empty for `invalid`. */
  readonly cells: readonly (boolean | null)[];
}

/**
 * Reads the harness's standard output: one line `<index> <status> <median ns> <min ns> <cells>`
 * per game ID, in input order. Throws when a line is malformed, out of order, or when the count
 * is not `expected`: a broken harness must not pass for a slow or stuck solver.
 */
export function parseHarnessOutput(text: string, expected: number): HarnessResult[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length !== expected) throw new Error(`the harness printed ${lines.length} result line(s) for ${expected} game ID(s)`);
  return lines.map((line, k) => {
    const m = /^(\d+) ([a-z]+) (\d+) (\d+) ([#o.]+|-)$/.exec(line.trim());
    if (m === null)
      throw new Error(`harness line ${k + 1} is not "<index> <status> <median ns> <min ns> <cells>": ${JSON.stringify(line)}`);
    if (Number(m[1]) !== k) throw new Error(`harness line ${k + 1} has index ${m[1]}, expected ${k}`);
    const status = m[2] as HarnessStatus;
    if (!harnessStatuses.includes(status)) throw new Error(`harness line ${k + 1}: unknown status ${JSON.stringify(m[2])}`);
    if ((status === 'invalid') !== (m[5] === '-'))
      throw new Error(`harness line ${k + 1}: cells ${JSON.stringify(m[5])} with status ${status}`);
    const cells = m[5] === '-' ? [] : [...m[5]!].map((c) => (c === '#' ? true : c === 'o' ? false : null));
    return { status, medianNs: Number(m[3]), minNs: Number(m[4]), cells };
  });
}

/** Whether the harness's grid is exactly a shading: every cell decided, black where it is shaded. */
export function sameAsShading(cells: readonly (boolean | null)[], shading: Shading): boolean {
  return cells.length === shading.length && cells.every((cell, i) => cell === shading[i]);
}

/**
 * The C files of the collection's `common` library, as its CMakeLists.txt lists them in
 * `add_library(common ...)`, without the platform's own (`${platform_common_sources}`: the GTK
 * front end on Unix, which a command-line solver does not link). Undefined when there is no such
 * list (an older source tree, built another way).
 */
export function commonLibrarySources(cmakeLists: string): string[] | undefined {
  const m = /add_library\(\s*common\s([^)]*)\)/.exec(cmakeLists.replace(/#[^\n]*/g, ''));
  if (m === null) return undefined;
  const files = m[1]!.split(/\s+/).filter((word) => word.endsWith('.c') && !word.includes('$'));
  return files.length > 0 ? files : undefined;
}

/**
 * Whether an APT sources text (a one-line `.list` or a deb822 `.sources` file) has an enabled
 * source-package entry: a `deb-src` line, or a stanza whose `Types:` include `deb-src` and that
 * is not `Enabled: no`.
 */
export function hasDebSrc(text: string): boolean {
  if (/^[ \t]*deb-src[ \t]/m.test(text)) return true;
  return text.split(/\n[ \t]*\n/).some((stanza) => /^Types:.*\bdeb-src\b/im.test(stanza) && !/^Enabled:[ \t]*no\b/im.test(stanza));
}
