/**
 * A hint in a player's words: one short sentence per step, the reason before the conclusion, no
 * technique code, cells named as the board labels them ("row 5, column 13"). Each technique has
 * its own small reason (as each of Tatham's singles.c techniques has its own reason string),
 * written from the deduction's own cells: the premises in the order its technique lists them
 * (src/rules/*.ts), the cells it decides, and for a probe its failed trial.
 *
 * Also where a step's player should look (`stepFocus`: the pattern, without colours, so that the
 * first grade of a graded hint points at the place without giving the cell away) and, for a
 * probe, the trial drawn on the board (`stepTrial`: the assumption, the cells it forced, why it
 * fails).
 */
import { cellName, type Puzzle } from '../../puzzle/puzzle.js';
import { listing, plural } from '../../rules/lines.js';
import type { CellColour, Colour, Deduction, TechniqueCode } from '../../rules/types.js';

/** Words for one technique's step. */
type Phrase = (d: Deduction, w: Words) => string;

/** What the phrases name cells and numbers with. */
interface Words {
  /** "row 5, column 13". */
  at(i: number): string;
  /** The number in cell i. */
  v(i: number): number;
  /** Where a few cells are: "row 9, columns 7-9", "column 3, rows 6-7", or their names. */
  span(cells: readonly number[]): string;
  /** "row" or "column": the line two cells share. */
  lineOf(a: number, b: number): string;
  /** "row 8" or "column 3": the line two cells share, by its number. */
  lineName(a: number, b: number): string;
  /** What the step decides: "row 2, column 3 is shaded and row 2, column 4 stays white". */
  outcome(cells: readonly CellColour[]): string;
  /** "it is shaded" / "it stays white", for the step's one cell. */
  itIs(colour: Colour): string;
}

function wordsFor(puzzle: Puzzle): Words {
  const { cols } = puzzle;
  const row = (i: number) => Math.floor(i / cols) + 1;
  const col = (i: number) => (i % cols) + 1;
  const at = (i: number) => cellName(puzzle, i);
  const range = (xs: number[]) => {
    // Not spreads: a region of a large grid would overflow the call stack.
    const lo = xs.reduce((m, x) => Math.min(m, x), Number.POSITIVE_INFINITY);
    const hi = xs.reduce((m, x) => Math.max(m, x), Number.NEGATIVE_INFINITY);
    return lo === hi ? `${lo}` : `${lo}-${hi}`;
  };
  const span = (cells: readonly number[]) => {
    const rows = cells.map(row);
    const colsOf = cells.map(col);
    if (cells.length === 1) return at(cells[0]!);
    if (rows.every((r) => r === rows[0])) return `row ${rows[0]}, columns ${range(colsOf)}`;
    if (colsOf.every((c) => c === colsOf[0])) return `column ${colsOf[0]}, rows ${range(rows)}`;
    return `rows ${range(rows)}, columns ${range(colsOf)}`;
  };
  const named = (cells: readonly number[]) =>
    cells.length <= 3 ? listing(cells.map(at)) : `${cells.slice(0, 2).map(at).join(', ')} and ${cells.length - 2} more cells`;
  return {
    at,
    v: (i) => puzzle.values[i]!,
    span,
    lineOf: (a, b) => (row(a) === row(b) ? 'row' : 'column'),
    lineName: (a, b) => (row(a) === row(b) ? `row ${row(a)}` : `column ${col(a)}`),
    outcome(cells) {
      const black = cells.filter((c) => c.colour === 'black').map((c) => c.cell);
      const white = cells.filter((c) => c.colour === 'white').map((c) => c.cell);
      const parts: string[] = [];
      if (black.length > 0) parts.push(`${named(black)} ${plural(black.length, 'is', 'are')} shaded`);
      if (white.length > 0) parts.push(`${named(white)} ${plural(white.length, 'stays', 'stay')} white`);
      return parts.join(' and ');
    },
    itIs: (colour) => (colour === 'black' ? 'it is shaded' : 'it stays white'),
  };
}

/** The one cell a step decides (the techniques that decide one cell at a time). */
const one = (d: Deduction): CellColour => d.cells[0]!;

/** "so it stays white" for one cell, "so row 1, column 2 and ... stay white" for several. */
const conclusion = (d: Deduction, w: Words, subject: string): string =>
  d.cells.length === 1 && subject !== '' ? `${subject} ${w.itIs(one(d).colour).replace(/^it /, '')}` : w.outcome(d.cells);

/** Why a probe's trial fails, from the clash the rule engine reports (src/rules/board.ts words it). */
function clashWords(clash: string): string {
  if (clash.includes('can no longer be connected')) return 'the white cells would be split in two';
  if (clash.includes('share an edge')) return 'two shaded cells would touch';
  const repeated = /^r(\d+)c(\d+) and r\d+c\d+ are both white and both show (\d+)/.exec(clash);
  if (repeated !== null) return `two white ${repeated[3]}s would share a line`;
  if (clash.includes('but it is already')) return 'a cell would have to be both shaded and white';
  return 'a rule would be broken';
}

/** Every technique's phrase (the type makes the table complete: a new technique needs its words). */
const phrases: Readonly<Record<TechniqueCode, Phrase>> = {
  UC: (d, w) => {
    const x = one(d).cell;
    return `No other ${w.v(x)} in its row or column can stay white, so the ${w.v(x)} at ${w.at(x)} needs no shading and stays white (the puzzle has one solution).`;
  },
  NoB: (d, w) => {
    const b = d.premises[0]!;
    return d.cells.length === 1
      ? `Shaded cells never touch: ${w.at(one(d).cell)} is next to the shaded ${w.at(b)}, so it stays white.`
      : `Shaded cells never touch, so the cells next to the shaded ${w.at(b)} stay white.`;
  },
  DoW: (d, w) => {
    const white = d.premises[0]!;
    const x = one(d).cell;
    const where =
      d.cells.length === 1 ? `${w.v(white)} in its ${w.lineOf(white, x)} (${w.at(x)}) is` : `${w.v(white)}s in its row and column are`;
    return `The ${w.v(white)} at ${w.at(white)} is white, so the other ${where} shaded.`;
  },
  'Sim-M3': (d, w) => {
    const [a, b] = d.premises as [number, number];
    return `The two ${w.v(a)}s either side of the ${w.v(b)} at ${w.at(b)} can't both stay white, so one is shaded and the ${w.v(b)} stays white.`;
  },
  'Sim-U3': (d, w) => {
    const [a, b, c] = d.premises as [number, number, number];
    const all = d.cells.length === 3 ? 'both ends are shaded and the middle one stays white' : w.outcome(d.cells);
    return `Three ${w.v(a)}s side by side (${w.span([a, b, c])}): shading the middle one would leave both ends white, so ${all}.`;
  },
  'Sim-U*': (d, w) => {
    const [a, b] = d.premises as [number, number];
    return `One of the two ${w.v(a)}s side by side at ${w.span([a, b])} stays white, so ${conclusion(d, w, `the other ${w.v(a)} in that ${w.lineOf(a, b)}`)}.`;
  },
  'Sim-M4': (d, w) => {
    const [p, q, r, s] = d.premises as [number, number, number, number];
    const all = d.cells.length === 4 ? 'both ends are shaded and the middle two stay white' : w.outcome(d.cells);
    return `In ${w.v(p)} ${w.v(q)} ${w.v(p)} ${w.v(q)} (${w.span([p, q, r, s])}) one ${w.v(p)} and one ${w.v(q)} are shaded without touching, so ${all}.`;
  },
  'Sim-M*': (d, w) => {
    const [p, q, , s] = d.premises as [number, number, number, number];
    return `In ${w.v(p)} ${w.v(q)} ${w.v(q)} ${w.v(p)} (${w.span([p, s])}) one ${w.v(q)} is shaded, so a ${w.v(p)} beside it stays white and ${conclusion(d, w, `the other ${w.v(p)} in that ${w.lineOf(p, s)}`)}.`;
  },
  '2-SAT': (d, w) => {
    // The premises are the whole line.
    const line = d.premises.length > 1 ? w.lineName(d.premises[0]!, d.premises[1]!) : 'this line';
    return d.cells.length === 1
      ? `Within ${line} alone, the other colour for ${w.at(one(d).cell)} leads to a repeat or to touching shaded cells, so ${w.itIs(one(d).colour)}.`
      : `Within ${line} alone, only one colouring avoids a repeat and touching shaded cells, so ${w.outcome(d.cells)}.`;
  },
  DP: (d, w) => {
    const [a, b, a2, b2] = d.premises as [number, number, number, number];
    return `The touching ${w.v(a)} and ${w.v(b)} at ${w.span([a, b])} can't both be shaded, so the ${w.v(a2)} at ${w.at(a2)} or the ${w.v(b2)} at ${w.at(b2)} is; ${conclusion(d, w, `${w.at(one(d).cell)} touches both, so it`)}.`;
  },
  SbP: (d, w) => {
    const [a1, b1, a2, b2] = d.premises as [number, number, number, number];
    return `The pairs ${w.v(a1)} ${w.v(b1)} at ${w.span([a1, b1])} and ${w.span([a2, b2])} keep exactly one ${w.v(a1)} and one ${w.v(b1)} white, so ${w.outcome(d.cells)}.`;
  },
  CP: (d, w) => {
    const all = d.cells.length === 4 ? 'the corner and its diagonal are shaded, the other two white' : w.outcome(d.cells);
    return `The corner square at ${w.span(d.premises)} holds two pairs; shading both cells beside the corner would cut it off, so ${all}.`;
  },
  DoT: (d, w) => {
    // Premises: the corner, its two neighbours, the diagonal; three of them show one number.
    const shown = d.premises.map(w.v).find((x, _, all) => all.filter((y) => y === x).length >= 3) ?? w.v(d.premises[0]!);
    return `In the corner square at ${w.span(d.premises)} three cells show ${shown}, and shading both cells beside the corner would cut it off, so ${w.outcome(d.cells)}.`;
  },
  'BoP-D': (d, w) =>
    `The pairs stacked against the edge at ${w.span(d.premises)} are shaded like a checkerboard, so ${w.outcome(d.cells)} beside them.`,
  'BoP-T': (d, w) =>
    `The pairs stacked against the edge at ${w.span(d.premises)} are shaded like a checkerboard, so ${w.outcome(d.cells)} beside them.`,
  BoP: (d, w) =>
    `The pairs stacked against the edge at ${w.span(d.premises)} are shaded like a checkerboard, so ${w.outcome(d.cells)} beside them.`,
  'NCO-C': (d, w) =>
    `The corner cell at ${w.at(d.premises[0]!)}, next to a shaded cell, has one way out left, so ${w.at(one(d).cell)} stays white.`,
  'NCO-B': (d, w) =>
    `The edge cell at ${w.at(d.premises[0]!)}, between shaded cells, has one way out left, so ${w.at(one(d).cell)} stays white.`,
  EP: (d, w) => enclosed(d, w),
  'EP-B': (d, w) => enclosed(d, w),
  'EP-M': (d, w) => enclosed(d, w),
  NCO: (d, w) => `Shading ${w.at(one(d).cell)} would cut white cells off from the rest, so it stays white.`,
  'NCO-K': (d, w) =>
    `Shading ${w.at(one(d).cell)} would force the cells around it until white cells are cut off from the rest, so it stays white.`,
  Prob: (d, w) => probe(d, w),
  'Prob-C': (d, w) => {
    const p = d.premises[0]!;
    return `Whether ${w.at(p)} is shaded or white, ${w.outcome(d.cells)}.`;
  },
  'Prob-2': (d, w) => probe(d, w),
};

/** EP, EP-B, EP-M: premises [the closed-in cell, one of the pair, its partner, the shaded neighbours]. */
function enclosed(d: Deduction, w: Words): string {
  const [r, a, partner] = d.premises as [number, number, number];
  return `One of the ${w.v(a)}s at ${w.at(a)} and ${w.at(partner)} is shaded; either way ${w.at(one(d).cell)} is the only way out of ${w.at(r)}, so it stays white.`;
}

/** Prob, Prob-2: the cell tried with the other colour, and why the trial fails. */
function probe(d: Deduction, w: Words): string {
  const { cell, colour } = one(d);
  const tried = colour === 'black' ? 'white' : 'shaded';
  const why = d.probe === undefined ? 'a rule would be broken' : clashWords(d.probe.clash);
  return `If ${w.at(cell)} were ${tried}, ${why}, so ${w.itIs(colour)}.`;
}

/** The hint in plain words (see the header). */
export function stepWords(puzzle: Puzzle, d: Deduction): string {
  return phrases[d.technique](d, wordsFor(puzzle));
}

/** Where to look: the step's pattern (its premises, the colours it reads, the cells it decides; a probe's trial), in reading order. */
export function stepFocus(d: Deduction): number[] {
  const cells = new Set<number>([...d.premises, ...(d.given ?? []).map((g) => g.cell), ...d.cells.map((c) => c.cell)]);
  const trial = stepTrial(d);
  if (trial !== undefined) for (const c of [...trial.assumed, ...trial.cells]) cells.add(c.cell);
  return [...cells].sort((a, b) => a - b);
}

export interface TrialCells {
  /** The cell(s) assumed, with the colour tried. */
  readonly assumed: readonly CellColour[];
  /** The cells the trial then forced, in order, up to the clash (each once, its first colour). */
  readonly cells: readonly CellColour[];
  /** Why the trial fails, in words. */
  readonly why: string;
}

/** A probe's failed trial as cells to draw (Prob, Prob-2); undefined for every other step. */
export function stepTrial(d: Deduction): TrialCells | undefined {
  if (d.probe === undefined) return undefined;
  const [first, ...rest] = d.probe.steps;
  const assumed = first?.cells ?? [];
  const seen = new Set(assumed.map((c) => c.cell));
  const cells: CellColour[] = [];
  const add = (steps: readonly Deduction[]) => {
    for (const s of steps)
      for (const c of s.cells)
        if (!seen.has(c.cell)) {
          seen.add(c.cell);
          cells.push(c);
        }
  };
  add(rest);
  return { assumed, cells, why: clashWords(d.probe.clash) };
}
