/**
 * SVG pictures: a puzzle, its solution or a partly decided grid, and an explanation drawn step by
 * step with the cells each step decides highlighted. Plain SVG 1.1 with no scripts, styles or
 * external fonts, so any viewer and any SVG-to-PNG converter draws it alike.
 *
 * Cells are a fixed 36 units and the picture scales by its viewBox, so a 50x50 grid is as sharp
 * as a 5x5 one. Numbers shrink with their digit count to stay inside their cell. Shaded cells are
 * dark with their number still readable in grey (as puzz.link draws them); undecided cells of a
 * partial grid are light grey; cells a step decides are outlined in colour, orange for shaded and
 * blue for unshaded, with a ring around a newly unshaded number. Cells where a second solution
 * differs are outlined in dashed red. A player's board in progress (`marks`, as a pzprv3 file
 * saves it) draws shaded cells dark, cells marked unshaded with a grey ring around the number (as
 * Tatham's Singles circles them) and unmarked cells plain white, so the three look distinct.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { explainStep, type ExplainRun } from '../rules/index.js';
import type { EngineResult } from '../solve/engines.js';

/** One cell's state: true shaded, false unshaded, null undecided. */
type CellState = boolean | null;

export interface BoardPicture {
  /** The cells' states; omitted for the bare puzzle (every cell drawn as unshaded). */
  readonly cells?: readonly CellState[];
  /** Cells to highlight: those a step decided. */
  readonly highlight?: ReadonlySet<number>;
  /** Cells to outline as differing from another solution (a dashed red frame). */
  readonly differ?: ReadonlySet<number>;
  /** Text above the grid, one string per line. */
  readonly caption?: readonly string[];
  /** The least width of the picture, for captions wider than a small grid. */
  readonly minWidth?: number;
  /**
   * A player's board in progress in place of `cells`: true shaded, false marked unshaded (ringed),
   * null not marked (plain white).
   */
  readonly marks?: readonly (boolean | null)[];
  /** Called once per row: a time limit's check (a 1000x1000 picture takes seconds to write). */
  readonly checkpoint?: () => void;
}

const cell = 36;
const pad = 6;
const captionLine = 16;
const colours = {
  shaded: '#222',
  shadedNumber: '#9a9a9a',
  number: '#111',
  undecided: '#e4e4e4',
  grid: '#9a9a9a',
  border: '#000',
  newShaded: '#e8590c',
  newUnshaded: '#1c7ed6',
  differ: '#e03131',
  markedWhite: '#555',
} as const;

/** Escapes text for SVG content and attributes. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fontSize(value: number): number {
  const digits = String(value).length;
  return digits <= 2 ? 17 : digits === 3 ? 14 : digits === 4 ? 11 : Math.max(6, Math.floor(cell / (digits * 0.62)));
}

function captionHeight(lines: number): number {
  return lines === 0 ? 0 : lines * captionLine + 6;
}

/** The picture's width and height in SVG units. */
function boardSize(puzzle: Puzzle, captionLines: number, minWidth = 0): { width: number; height: number } {
  return { width: Math.max(minWidth, puzzle.cols * cell + 2 * pad), height: puzzle.rows * cell + 2 * pad + captionHeight(captionLines) };
}

/** A cell's state in a picture: a bare puzzle draws every cell unshaded, and so does a player's unmarked cell. */
function stateOf(picture: BoardPicture, i: number): CellState {
  if (picture.marks !== undefined) return picture.marks[i] === true;
  const state = picture.cells?.[i];
  return state === undefined ? false : state;
}

/**
 * An SVG's text as it is written: UTF-8 bytes in chunks of a megabyte rather than a string per
 * element. A 1000x1000 picture is 137 MB of elements; as strings they filled the garbage-collected
 * heap, and when a time limit stopped the drawing, the process then took a fifth of a second past
 * the limit to free them as it ended. The numbers written are whole (cells are 36 units).
 */
class SvgText {
  private readonly full: Uint8Array[] = [];
  private chunk = new Uint8Array(chunkBytes);
  private at = 0;
  private readonly encoder = new TextEncoder();

  /** Appends text: ASCII byte by byte, anything else encoded. */
  add(text: string): this {
    for (let k = 0; k < text.length; k++) {
      const code = text.charCodeAt(k);
      if (code >= 0x80) return this.addEncoded(text.slice(k));
      if (this.at === this.chunk.length) this.next();
      this.chunk[this.at++] = code;
    }
    return this;
  }

  /** Appends a number as String(n) writes it. */
  num(n: number): this {
    if (!(Number.isSafeInteger(n) && n >= 0)) return this.add(String(n));
    let digits = 1;
    for (let x = n; x >= 10; digits++) x = Math.floor(x / 10);
    if (this.at + digits > this.chunk.length) this.next();
    for (let k = digits - 1, x = n; k >= 0; k--) {
      const q = Math.floor(x / 10);
      this.chunk[this.at + k] = 48 + (x - 10 * q);
      x = q;
    }
    this.at += digits;
    return this;
  }

  /** The text written, as UTF-8 bytes in chunks (no copy into one string). */
  bytes(): Uint8Array[] {
    return [...this.full, this.chunk.subarray(0, this.at)];
  }

  /** The text written, as one string. */
  toString(): string {
    const decoder = new TextDecoder();
    let out = '';
    for (const chunk of this.full) out += decoder.decode(chunk, { stream: true });
    return out + decoder.decode(this.chunk.subarray(0, this.at));
  }

  private addEncoded(text: string): this {
    const bytes = this.encoder.encode(text);
    for (let k = 0; k < bytes.length; k++) {
      if (this.at === this.chunk.length) this.next();
      this.chunk[this.at++] = bytes[k]!;
    }
    return this;
  }

  private next(): void {
    this.full.push(this.chunk.subarray(0, this.at));
    this.chunk = new Uint8Array(chunkBytes);
    this.at = 0;
  }
}

const chunkBytes = 1 << 20;

/** The elements of one board, its top-left corner at (0, 0), one per line, written to `out`. */
function boardElements(puzzle: Puzzle, picture: BoardPicture, out: SvgText): void {
  const { rows, cols } = puzzle;
  const caption = picture.caption ?? [];
  const top = pad + captionHeight(caption.length);
  let first = true;
  // Each element starts on a line of its own.
  const element = (): SvgText => {
    if (!first) out.add('\n');
    first = false;
    return out;
  };
  caption.forEach((line, k) => {
    element().add(
      `<text x="${pad}" y="${pad + 12 + k * captionLine}" font-size="13" font-family="sans-serif" fill="#111">${escapeXml(line)}</text>`,
    );
  });
  element().add(`<rect x="${pad}" y="${top}" width="${cols * cell}" height="${rows * cell}" fill="#fff"/>`);
  for (let i = 0; i < rows * cols; i++) {
    if (i % cols === 0) picture.checkpoint?.();
    const state = stateOf(picture, i);
    if (state === false) continue;
    const x = pad + (i % cols) * cell;
    const y = top + Math.floor(i / cols) * cell;
    element()
      .add('<rect x="')
      .num(x)
      .add('" y="')
      .num(y)
      .add(`" width="${cell}" height="${cell}" fill="${state ? colours.shaded : colours.undecided}"/>`);
  }
  // Thin lines between cells, then the frame.
  let lines = '';
  for (let c = 1; c < cols; c++) lines += `M${pad + c * cell} ${top}v${rows * cell}`;
  for (let r = 1; r < rows; r++) lines += `M${pad} ${top + r * cell}h${cols * cell}`;
  if (lines !== '') element().add(`<path d="${lines}" stroke="${colours.grid}" stroke-width="1" fill="none"/>`);
  element().add(
    `<rect x="${pad}" y="${top}" width="${cols * cell}" height="${rows * cell}" stroke="${colours.border}" stroke-width="2" fill="none"/>`,
  );
  if (picture.marks !== undefined) {
    for (let i = 0; i < rows * cols; i++) {
      if (i % cols === 0) picture.checkpoint?.();
      if (picture.marks[i] !== false) continue;
      const x = pad + (i % cols) * cell + cell / 2;
      const y = top + Math.floor(i / cols) * cell + cell / 2;
      element().add(`<circle cx="${x}" cy="${y}" r="${cell / 2 - 4}" stroke="${colours.markedWhite}" stroke-width="1.5" fill="none"/>`);
    }
  }
  for (const i of picture.highlight ?? []) {
    const state = stateOf(picture, i);
    const x = pad + (i % cols) * cell;
    const y = top + Math.floor(i / cols) * cell;
    const colour = state ? colours.newShaded : colours.newUnshaded;
    element().add(
      `<rect x="${x + 2}" y="${y + 2}" width="${cell - 4}" height="${cell - 4}" stroke="${colour}" stroke-width="3" fill="none"/>`,
    );
    if (state === false)
      element().add(
        `<circle cx="${x + cell / 2}" cy="${y + cell / 2}" r="${cell / 2 - 6}" stroke="${colour}" stroke-width="1.5" fill="none"/>`,
      );
  }
  for (const i of picture.differ ?? []) {
    const x = pad + (i % cols) * cell;
    const y = top + Math.floor(i / cols) * cell;
    element().add(
      `<rect x="${x + 3}" y="${y + 3}" width="${cell - 6}" height="${cell - 6}" stroke="${colours.differ}" stroke-width="3" stroke-dasharray="5 3" fill="none"/>`,
    );
  }
  // The numbers, a cell at a time: the bulk of a large picture, written without a string per cell.
  for (let i = 0; i < rows * cols; i++) {
    if (i % cols === 0) picture.checkpoint?.();
    const value = puzzle.values[i]!;
    const state = stateOf(picture, i);
    const x = pad + (i % cols) * cell + cell / 2;
    const y = top + Math.floor(i / cols) * cell + cell / 2;
    const fill = state === true ? colours.shadedNumber : colours.number;
    element()
      .add('<text x="')
      .num(x)
      .add('" y="')
      .num(y)
      .add('" font-size="')
      .num(fontSize(value))
      .add('" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="')
      .add(fill)
      .add('">')
      .num(value)
      .add('</text>');
  }
}

/** A whole SVG document around the elements `body` writes. */
function svgDocument(width: number, height: number, title: string, body: (out: SvgText) => void): string {
  return svgText(width, height, title, body).toString();
}

/** svgDocument's text as it was written, in chunks. */
function svgText(width: number, height: number, title: string, body: (out: SvgText) => void): SvgText {
  const out = new SvgText();
  out.add(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title>${escapeXml(title)}</title>
<rect width="${width}" height="${height}" fill="#fff"/>
`);
  body(out);
  out.add(`
</svg>
`);
  return out;
}

/** A picture of the puzzle, or of a shading or partial grid when `cells` is given. */
export function renderSvg(puzzle: Puzzle, picture: BoardPicture = {}): string {
  const { width, height } = boardSize(puzzle, picture.caption?.length ?? 0, picture.minWidth);
  const what =
    picture.marks !== undefined
      ? 'in progress'
      : picture.cells === undefined
        ? 'puzzle'
        : picture.cells.includes(null)
          ? 'partly solved'
          : 'solution';
  const title = `Hitori ${puzzle.rows}x${puzzle.cols}${puzzle.id === undefined ? '' : ` ${puzzle.id}`}, ${what}`;
  return svgDocument(width, height, picture.caption?.join(' ') ?? title, (out) => boardElements(puzzle, picture, out));
}

/**
 * The picture of a solve's outcome: its first solution (or the partial grid when the rules got
 * stuck, or the bare puzzle when there is neither); with two solutions, the cells where the
 * second differs outlined and a caption saying so.
 */
export function solvePicture(result: Pick<EngineResult, 'solutions' | 'partial' | 'differ'>): BoardPicture {
  const cells = result.solutions[0] ?? result.partial;
  if (cells === undefined) return {};
  if (result.differ === undefined) return { cells };
  const caption = [`not unique: solution 2 differs in the ${result.differ.length} outlined cell${result.differ.length === 1 ? '' : 's'}`];
  return { cells, differ: new Set(result.differ), caption, minWidth: Math.ceil(caption[0]!.length * 6.6) + 2 * pad };
}

/** One step of an explanation: its caption and the cells it decides. */
interface PictureStep {
  readonly caption: readonly string[];
  readonly cells: readonly { readonly cell: number; readonly colour: 'white' | 'black' }[];
}

/**
 * Every step as its own small board, in reading order, each showing the grid after the step with
 * the step's cells highlighted; the panels wrap into rows about 2,000 units wide.
 */
function renderStepsSvg(puzzle: Puzzle, steps: readonly PictureStep[], title: string, checkpoint?: () => void): SvgText {
  const lines = Math.max(1, ...steps.map((s) => s.caption.length));
  const { width, height } = boardSize(puzzle, lines, stepMinWidth);
  const gap = 12;
  const perRow = Math.max(1, Math.min(steps.length, Math.floor((2000 + gap) / (width + gap))));
  const state: CellState[] = new Array(puzzle.rows * puzzle.cols).fill(null);
  if (steps.length === 0)
    return svgText(width, height, title, (out) => boardElements(puzzle, { cells: state, caption: ['(no step)'] }, out));
  const rowsOfPanels = Math.max(1, Math.ceil(steps.length / perRow));
  const totalWidth = Math.max(1, Math.min(steps.length, perRow)) * (width + gap) - gap;
  const totalHeight = rowsOfPanels * (height + gap) - gap;
  // Each panel is written as its step is reached: it shows the grid as it stands after the step.
  return svgText(totalWidth, totalHeight, title, (out) =>
    steps.forEach((step, k) => {
      for (const { cell: i, colour } of step.cells) state[i] = colour === 'black';
      const x = (k % perRow) * (width + gap);
      const y = Math.floor(k / perRow) * (height + gap);
      out.add(`${k === 0 ? '' : '\n'}<g transform="translate(${x} ${y})">\n`);
      boardElements(
        puzzle,
        {
          cells: state,
          highlight: new Set(step.cells.map((c) => c.cell)),
          caption: step.caption,
          minWidth: stepMinWidth,
          ...(checkpoint === undefined ? {} : { checkpoint }),
        },
        out,
      );
      out.add('\n</g>');
    }),
  );
}

/** Panels of an explanation are at least this wide, so that short captions fit a small grid. */
const stepMinWidth = 300;

/** Words in lines of at most `room` characters, at most `most` lines, the last cut with "…". */
function wrap(text: string, room: number, most: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  if (lines.length > most) {
    lines.length = most;
    lines[most - 1] = `${lines[most - 1]!.slice(0, room - 1)}…`;
  }
  return lines.map((l) => (l.length > room ? `${l.slice(0, room - 1)}…` : l));
}

/**
 * Every step of a rule-engine solve as a small board with the cells it decides highlighted,
 * captioned with the step. `checkpoint` is called once per row of each board: a time limit's
 * check (an explanation of a 50x50 draws hundreds of megabytes).
 */
export function explainSvg(puzzle: Puzzle, run: ExplainRun, checkpoint?: () => void): string {
  return explainSvgText(puzzle, run, checkpoint).toString();
}

/**
 * explainSvg as UTF-8 bytes in chunks of a megabyte, never one string: an explanation's picture
 * is as large as `maxExplainPictureCells` allows (a few hundred megabytes), and a string of it
 * held beside the bytes (two bytes a character once a caption has a "…") doubled or tripled that.
 */
export function explainSvgBytes(puzzle: Puzzle, run: ExplainRun, checkpoint?: () => void): Uint8Array[] {
  return explainSvgText(puzzle, run, checkpoint).bytes();
}

/**
 * The cells an explanation's picture draws: every cell of the grid once per step (one board per
 * step, or one board when there is no step). Known before anything is drawn, so that a picture
 * too large is refused up front (`maxExplainPictureCells`, and for PNG the nodes resvg reads).
 */
export function explainPictureCells(puzzle: Pick<Puzzle, 'rows' | 'cols'>, run: ExplainRun): number {
  return Math.max(1, run.result.steps.length) * puzzle.rows * puzzle.cols;
}

/**
 * The most cells an explanation's SVG draws in all its boards: 2 million, twice the picture of
 * the largest puzzle (1000x1000), some 150-210 bytes each, so at most about 400 MB of SVG (a
 * 200x200's 99 steps, 4 million cells, were 2.2 GB of memory before this bound; a stuck 50x50's
 * 568 steps, 1.4 million, still fit).
 */
export const maxExplainPictureCells = 2_000_000;

function explainSvgText(puzzle: Puzzle, run: ExplainRun, checkpoint?: () => void): SvgText {
  // About 6.5 units per character at the caption's size.
  const room = Math.floor(Math.max(stepMinWidth, puzzle.cols * cell) / 6.6);
  const steps = run.result.steps.map((d, k) => ({ caption: wrap(`${k + 1}. ${explainStep(d)}`, room, 3), cells: d.cells }));
  const id = puzzle.id === undefined ? '' : ` ${puzzle.id}`;
  return renderStepsSvg(
    puzzle,
    steps,
    `Hitori ${puzzle.rows}x${puzzle.cols}${id}: ${steps.length} steps of the rule engine, ${run.result.status}`,
    checkpoint,
  );
}
