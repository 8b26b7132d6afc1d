/**
 * The browser page (examples/web/index.html): play a Hitori puzzle, ask for a hint, solve it with
 * a proven verdict, step through the rule engine's explanation, or generate a new one. It uses the
 * library's public entry only (`hitori-sat`, src/index.ts), bundled by build.js with CaDiCaL's wasm
 * beside it; nothing leaves the page. Solving, explaining, hints and generating run in a Web Worker
 * (worker.ts), which "Cancel" ends; it is started, and the solver compiled, as soon as a puzzle is
 * on the board, so that the first hint does not wait for them. Reading the puzzle and checking the
 * player's shading (`check`) run here.
 *
 * The board is drawn by the page, one element per cell, in a grid the keyboard and a screen reader
 * can use (`role="grid"`, one `role="row"` per row, `role="gridcell"` cells labelled with their
 * row, column, number and state; one cell in the tab order, the cursor, which arrow keys move).
 * `data-state` is `unmarked`, `shaded` or `white` (marked white, drawn with a circle); `data-break`
 * a rule the marks break (breaks.ts); `data-outline` a cell a hint or a step names; `data-focus`
 * where a hint says to look; `data-assumed` a cell a probing hint assumes. Rows and columns are
 * labelled 1..R and 1..C, as hints name them (`r5c13`). The cells are `--cell` pixels square:
 * fitted to the screen, scaled by the zoom (+/- and a two-finger pinch, which pans too and marks
 * nothing). A drag marks a run of cells with the state its first cell got. The address keeps the
 * puzzle and the marks (address.ts).
 *
 * A hint comes in three grades, one per press of "Hint" (H): where to look (cells tinted), which
 * cell (outlined in its colour), why (the rule in words; the technique and the engine's text
 * behind "Details"). The worker is asked again only when the marks have changed.
 *
 * Setter's mode ("Set"): a click selects a cell (`data-outline="selected"`), a number typed or
 * picked replaces its number, arrow keys move. After each edit (debounced; the setter's worker is
 * ended and started again when an edit comes while it works) the verdict: the ambiguity map, drawn
 * as forced shaded / forced white (circled) / free (`data-map="free"`), and for a unique puzzle
 * its class (`rate`). "Suggest a fix" shows `repair`'s changes (`data-outline="fix"`, `data-fix`
 * the new number), which "Apply" makes as one undoable edit. Export: the puzz.link URL, pzprv3 and
 * the Singles game ID (`format`), and PNG (the library's SVG rasterised in a canvas).
 */
import {
  type AmbiguityResult,
  check,
  type Explanation,
  format,
  generationProblem,
  type HintReport,
  type Level,
  type NumberChange,
  type ProgressEvent,
  type Puzzle,
  parse,
  type Symmetry,
} from '../../src/index.js';
import { addressOf, marksFrom, readAddress } from './address.js';
import { type Break, ruleBreaks } from './breaks.js';
import { janko037 } from './example.js';
import type { Progress, Reply, Request } from './worker.js';
import { mountCollection, nextFromCollection, recordProgress, savedTime } from './collection/panel.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = $<HTMLTextAreaElement>('puzzle');
const board = $<HTMLDivElement>('board');
const viewport = $<HTMLDivElement>('viewport');
const message = $<HTMLParagraphElement>('message');
const certificateButton = $<HTMLButtonElement>('certificate');
const stepsPanel = $<HTMLElement>('steps');
const stepText = $<HTMLParagraphElement>('step');
const counter = $<HTMLSpanElement>('counter');
const undoButton = $<HTMLButtonElement>('undo');
const redoButton = $<HTMLButtonElement>('redo');
const cancel = $<HTMLButtonElement>('cancel');
const backButton = $<HTMLButtonElement>('back');
const grades = $<HTMLOListElement>('grades');
const hintDetails = $<HTMLDetailsElement>('hint-details');
const finish = $<HTMLDivElement>('finish');
const timer = $<HTMLSpanElement>('timer');
const circleOption = $<HTMLInputElement>('circle-neighbours');
const timerOption = $<HTMLInputElement>('show-timer');

/** A cell's state: true shaded, false white (marked, or decided), null not marked. */
type Mark = boolean | null;
/** Why a cell is outlined: a cell a hint or step decides shaded or white, a wrong mark, a cell where two solutions differ. */
type Outline = 'shaded' | 'white' | 'mistake' | 'differ' | 'selected' | 'fix';

/** The puzzle on the board (null: none, or the text box does not parse). */
let puzzle: Puzzle | null = null;
/** Why the text box does not parse, when it does not. */
let parseError = '';
/** The puzzle's one-line form for the address (addressForm). */
let puzzleAddress = '';
/** How many puzzles have been put on the board: work for an older one is dropped. */
let loaded = 0;
/** The player's marks, and the marks before each change (undo) and after each undone one (redo). */
let marks: Mark[] = [];
let past: Mark[][] = [];
let future: Mark[][] = [];
/** The outlines of the last hint, the cells its deduction reasons from, where to look, a probe's assumed cells; until the marks change. */
let hinted = new Map<number, Outline>();
let premised: ReadonlySet<number> = new Set();
let focused: ReadonlySet<number> = new Set();
let assumed = new Map<number, 'shaded' | 'white'>();
/** The last hint, the marks it was asked for and the grade shown (1 where, 2 which cell, 3 why). */
let held: { readonly report: HintReport; readonly marks: Mark[]; grade: 1 | 2 | 3 } | null = null;
/** What the board shows: the player's marks, a solve's answer, or a step of the explanation. */
let view: 'play' | 'solution' | 'explain' = 'play';
let explanation: { steps: Explanation['steps']; lines: string[]; verdict: string } | undefined;
let shown = 0;
/** The keyboard's cursor: the cell in the tab order (in Set mode, the selected cell). */
let cursor = 0;

const stored = (key: string) => {
  try {
    return localStorage.getItem(`hitori-sat.${key}`);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    localStorage.setItem(`hitori-sat.${key}`, value);
  } catch {
    // Storage refused (a private window): the choice lasts this visit.
  }
};

function say(text: string, error = false): void {
  message.textContent = text;
  message.className = error ? 'error' : '';
}

/** Puts a puzzle on the board, with the given marks or none, and a fresh undo history. */
function setPuzzle(next: Puzzle, nextMarks?: Mark[], edit = false): void {
  puzzle = next;
  if (!edit) {
    setPast = [];
    setFuture = [];
  }
  fix = null;
  verdict = null;
  loaded++;
  parseError = '';
  const n = next.rows * next.cols;
  marks = nextMarks ?? new Array<Mark>(n).fill(null);
  past = [];
  future = [];
  clearHint();
  closeViews();
  puzzleAddress = addressForm(next);
  viewport.style.setProperty('--cols', String(next.cols));
  viewport.style.setProperty('--rows', String(next.rows));
  board.setAttribute('aria-label', `the grid, ${next.rows} rows by ${next.cols} columns`);
  const rows: HTMLElement[] = [];
  for (let r = 0; r < next.rows; r++) {
    const row = document.createElement('div');
    row.className = 'row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < next.cols; c++) {
      const i = r * next.cols + c;
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      cell.tabIndex = -1;
      cell.dataset['i'] = String(i);
      const value = String(next.values[i]);
      cell.dataset['digits'] = String(value.length);
      cell.textContent = value;
      row.append(cell);
    }
    rows.push(row);
  }
  board.replaceChildren(...rows);
  const label = (k: number) => {
    const span = document.createElement('span');
    span.textContent = String(k);
    return span;
  };
  $('col-labels').replaceChildren(...Array.from({ length: next.cols }, (_, c) => label(c + 1)));
  $('row-labels').replaceChildren(...Array.from({ length: next.rows }, (_, r) => label(r + 1)));
  board.dataset['status'] = '';
  selected = Math.min(selected, n - 1);
  cursor = -1;
  setCursor(Math.min(selected, n - 1));
  zoomPx = null;
  fitBoard();
  // The clock goes on from the time saved for this puzzle (collection/storage.ts), if any.
  startClock(savedTime(puzzleAddress, n));
  // Marks from an address are judged at once: a finished board shared by a link says "solved".
  changed(nextMarks !== undefined);
  warm(next);
  if (mode === 'set') {
    buildPicker();
    askVerdict();
  }
}

/** The puzzle's one-line form for the address: its puzz.link URL, or JSON for numbers a URL cannot hold. */
function addressForm(next: Puzzle): string {
  try {
    return format(next, { to: 'url' }).trim();
  } catch {
    return format(next, { to: 'json' }).trim();
  }
}

/** No puzzle: the board is cleared. */
function clearPuzzle(error: string): void {
  puzzle = null;
  loaded++;
  parseError = error;
  closeViews();
  board.replaceChildren();
  $('col-labels').replaceChildren();
  $('row-labels').replaceChildren();
  board.dataset['status'] = error === '' ? '' : 'error';
  undoButton.disabled = true;
  redoButton.disabled = true;
  finish.hidden = true;
  verdict = null;
  fix = null;
  if (mode === 'set') showVerdict('', '');
}

/** The puzzle on the board; when there is none, says why and gives null. */
function current(): Puzzle | null {
  if (puzzle === null)
    say(parseError === '' ? 'Paste a puzzle, load the example or make a new puzzle first.' : parseError, parseError !== '');
  return puzzle;
}

const cellElements = () => board.querySelectorAll<HTMLElement>('.cell');

/** Draws the board: each cell's state, the rule it breaks, its outline, its label for a screen reader. */
function draw(cells: readonly Mark[], outlines: ReadonlyMap<number, Outline>, breaks: readonly (Break | null)[] = []): void {
  if (puzzle === null) return;
  const { cols, values } = puzzle;
  const words = { shaded: 'shaded', white: 'circled', unmarked: 'not marked' } as const;
  cellElements().forEach((cell, i) => {
    const state = cells[i] === true ? 'shaded' : cells[i] === false ? 'white' : 'unmarked';
    cell.dataset['state'] = state;
    setData(cell, 'break', breaks[i] ?? null);
    setData(cell, 'outline', outlines.get(i) ?? null);
    setData(cell, 'premise', null);
    setData(cell, 'focus', null);
    setData(cell, 'assumed', null);
    const notes = [breaks[i] ? `breaks a rule (${breaks[i]})` : '', outlines.has(i) ? `hint: ${outlines.get(i)}` : ''].filter((s) => s);
    cell.setAttribute(
      'aria-label',
      `row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}: ${values[i]}, ${words[state]}${notes.map((s) => `, ${s}`).join('')}`,
    );
  });
  board.dataset['view'] = view;
  backButton.hidden = view === 'play';
  const map = mode === 'set' && view === 'play' && verdict?.puzzle === puzzle ? verdict.map : null;
  const changes = mode === 'set' && view === 'play' && fix?.puzzle === puzzle ? fix.changes : [];
  cellElements().forEach((cell, i) => {
    setData(cell, 'map', map?.status === 'multiple' && map.cells[i] === null ? 'free' : null);
    const change = changes.find((c) => c.cell === i);
    setData(cell, 'fix', change === undefined ? null : String(change.to));
  });
}

function setData(element: HTMLElement, key: string, value: string | null): void {
  if (value === null) delete element.dataset[key];
  else element.dataset[key] = value;
}

/** Draws the player's marks with the rule breaks they make and the last hint's tints, outlines and premises. */
function drawPlay(): void {
  if (mode === 'set') {
    drawSet();
    return;
  }
  if (puzzle === null) return;
  draw(marks, hinted, ruleBreaks(puzzle, marks));
  cellElements().forEach((cell, i) => {
    setData(cell, 'premise', premised.has(i) ? 'yes' : null);
    setData(cell, 'focus', focused.has(i) ? 'yes' : null);
    setData(cell, 'assumed', assumed.get(i) ?? null);
  });
}

function clearHint(): void {
  hinted = new Map();
  premised = new Set();
  focused = new Set();
  assumed = new Map();
  held = null;
  grades.hidden = true;
  hintDetails.hidden = true;
  hintDetails.open = false;
}

/** Back to the player's marks from a solve's answer or an explanation. */
function leaveViews(): void {
  if (view === 'play') return;
  closeViews();
  say('');
  drawPlay();
}

/** No solve's answer or explanation shown any more (the caller draws the board). */
function closeViews(): void {
  view = 'play';
  certificateButton.hidden = true;
  explanation = undefined;
  stepsPanel.hidden = true;
  backButton.hidden = true;
}

/**
 * After the marks change: draw them, keep them in the address, and say "solved" when the shaded
 * cells keep all three rules (the library's checker; unmarked cells count as white): the board
 * turns green, the clock stops, and the time and a next puzzle are offered.
 */
function changed(judge = true): void {
  clearHint();
  drawPlay();
  writeAddress();
  undoButton.disabled = (mode === 'set' ? setPast : past).length === 0;
  redoButton.disabled = (mode === 'set' ? setFuture : future).length === 0;
  if (mode === 'play' && puzzle !== null) recordProgress(puzzleAddress, puzzle, marks); // collection: saved progress
  if (!judge || puzzle === null || mode === 'set') {
    finish.hidden = true;
    tick();
    return;
  }
  const shading = marks.map((m) => m === true);
  const solved = check(puzzle, shading).length === 0;
  say(solved ? 'Solved: the shaded cells keep all three rules.' : '');
  board.dataset['status'] = solved ? 'play-solved' : '';
  if (solved) stopClock();
  else if (clock.stopped) resumeClock(true);
  finish.hidden = !solved;
  $('finish-time').textContent = solved ? `in ${clockText(clockMs())}` : '';
  board.dataset['solvedMs'] = solved ? clockMs().toFixed(0) : '';
  tick();
}

function writeAddress(): void {
  history.replaceState(null, '', addressOf(puzzleAddress, marks));
}

/**
 * A new set of marks, undoable. With "circle the neighbours" on, each newly shaded cell's
 * unmarked neighbours are marked white with it (a shaded cell's neighbours are never shaded).
 */
function commit(next: Mark[]): void {
  if (circleOption.checked && puzzle !== null) {
    const { rows, cols } = puzzle;
    for (let i = 0; i < next.length; i++) {
      if (next[i] !== true || marks[i] === true) continue;
      const r = Math.floor(i / cols);
      const c = i % cols;
      for (const j of [r > 0 ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, r < rows - 1 ? i + cols : -1])
        if (j >= 0 && next[j] === null) next[j] = false;
    }
  }
  past.push(marks);
  future = [];
  marks = next;
  changed();
}

/** Undo (`back`) or redo: of the marks, or in Set mode of the number edits. */
function travel(back: boolean): void {
  if (mode === 'set') {
    if (back) undoEdit(setPast, setFuture);
    else undoEdit(setFuture, setPast);
    return;
  }
  const [from, to] = back ? [past, future] : [future, past];
  const state = from.pop();
  if (state === undefined) return;
  leaveViews();
  to.push(marks);
  marks = state;
  changed();
}

/** The state after `now` on a click (not marked, shaded, white, not marked) or `backwards` (right click, long press). */
const cycled = (now: Mark, backwards: boolean): Mark =>
  backwards ? (now === null ? false : now === false ? true : null) : now === null ? true : now === true ? false : null;

/** A click or tap on cell i: its state cycled. A solve's answer or an explanation is left by its button, not by the board. */
function onCell(i: number, backwards: boolean): void {
  if (puzzle === null || view !== 'play') return;
  setCursor(i);
  if (mode === 'set') {
    select(i);
    return;
  }
  setMark(i, cycled(marks[i] ?? null, backwards));
}

function setMark(i: number, state: Mark): void {
  if (puzzle === null || view !== 'play' || mode !== 'play' || (marks[i] ?? null) === state) return;
  const next = marks.slice();
  next[i] = state;
  commit(next);
}

/** The cell under a point of the screen, or null. */
function cellAt(x: number, y: number): number | null {
  const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('.cell');
  return cell && board.contains(cell) ? Number(cell.dataset['i']) : null;
}

/** The cursor onto cell i: the one cell in the tab order; `focus` moves the keyboard's focus there too. */
function setCursor(i: number, focus = false): void {
  const cells = cellElements();
  if (i < 0 || i >= cells.length) return;
  if (cursor !== i) {
    const before = cells[cursor];
    if (before) before.tabIndex = -1;
    cursor = i;
  }
  const cell = cells[i]!;
  cell.tabIndex = 0;
  if (focus) cell.focus();
}

/* ---------- Pointer: a click or tap marks, a drag marks a run, two fingers pan and pinch ---------- */

/**
 * The press in progress: a cell is marked when the pointer is lifted over the cell it went down
 * on; a finger or pen held on a cell for `longPressMs` marks it the other way at once (the right
 * click of a touch screen). Moved onto another cell, the press becomes a stroke: the first cell
 * takes its next state and every cell the pointer crosses takes the same; the stroke is one undo
 * step. A second finger ends the stroke, putting its cells back: two fingers pan and zoom.
 */
let pressed: {
  readonly id: number;
  readonly cell: number;
  readonly button: number;
  done: boolean;
  /** The state a stroke paints, once the pointer has left the first cell. */
  state?: Mark;
  readonly before: Mark[];
} | null = null;
let longPress: ReturnType<typeof setTimeout> | undefined;
const longPressMs = 450;
/** Fingers and pointers down on the board, where they are. */
const pointers = new Map<number, { x: number; y: number }>();
let pinch: {
  readonly distance: number;
  readonly px: number;
  readonly x: number;
  readonly y: number;
  readonly left: number;
  readonly top: number;
} | null = null;

function endPress(restore: boolean): void {
  clearTimeout(longPress);
  if (restore && pressed?.state !== undefined) {
    marks = pressed.before;
    drawPlay();
  }
  pressed = null;
}

board.addEventListener('pointerdown', (event) => {
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size >= 2) {
    endPress(true);
    startPinch();
    return;
  }
  endPress(false);
  const cell = cellAt(event.clientX, event.clientY);
  pressed =
    cell === null || (event.button !== 0 && event.button !== 2)
      ? null
      : { id: event.pointerId, cell, button: event.button, done: false, before: marks };
  if (pressed !== null && event.pointerType === 'mouse') board.setPointerCapture(event.pointerId);
  const press = pressed;
  if (press !== null && event.pointerType !== 'mouse' && mode === 'play')
    longPress = setTimeout(() => {
      if (pressed !== press || press.state !== undefined) return;
      press.done = true;
      onCell(press.cell, true);
    }, longPressMs);
});
board.addEventListener('pointermove', (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pinch !== null) return movePinch();
  const press = pressed;
  if (press === null || press.id !== event.pointerId || press.done || mode !== 'play' || view !== 'play' || puzzle === null) return;
  const cell = cellAt(event.clientX, event.clientY);
  if (cell === null || (press.state === undefined && cell === press.cell)) return;
  if (press.state === undefined) {
    clearTimeout(longPress);
    press.state = cycled(press.before[press.cell] ?? null, press.button === 2);
    marks = press.before.slice();
    marks[press.cell] = press.state;
  }
  if (marks[cell] === press.state) return;
  marks = marks.slice();
  marks[cell] = press.state;
  drawPlay();
});
board.addEventListener('pointerup', (event) => {
  pointers.delete(event.pointerId);
  if (pinch !== null) {
    if (pointers.size < 2) pinch = null;
    return;
  }
  clearTimeout(longPress);
  const press = pressed;
  pressed = null;
  if (press === null || press.done || press.id !== event.pointerId) return;
  if (press.state !== undefined) {
    const painted = marks;
    marks = press.before;
    commit(painted);
  } else if (cellAt(event.clientX, event.clientY) === press.cell) onCell(press.cell, press.button === 2);
});
// A scroll or a zoom that the browser takes over marks nothing.
board.addEventListener('pointercancel', (event) => {
  pointers.delete(event.pointerId);
  if (pointers.size < 2) pinch = null;
  endPress(true);
});
// The board's touches are its own (marks, a stroke, a pinch): no tap or double tap for the browser to make of them.
board.addEventListener('touchend', (event) => event.preventDefault(), { passive: false });
// No menu on the board (the right click and the long press are the player's).
board.addEventListener('contextmenu', (event) => event.preventDefault());

/* ---------- Zoom: cells fitted to the screen, or larger, in a viewport that scrolls ---------- */

/** The cell size that fits the board on the screen, and the player's zoom (null: fitted). */
let fitPx = 40;
let zoomPx: number | null = null;
const maxCellPx = 64;

const cellPx = () => zoomPx ?? fitPx;

/** Fits the cells to the room beside the panel (wide screens) or above its bar (narrow ones). */
function fitBoard(): void {
  if (puzzle === null) return;
  const narrow = matchMedia('(max-width: 50rem)').matches;
  const game = document.querySelector<HTMLElement>('.game')!;
  const label = document.querySelector<HTMLElement>('.corner')!.offsetWidth;
  const width = narrow ? game.clientWidth : game.clientWidth - $('panel').offsetWidth - 16;
  const top = viewport.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(200, window.innerHeight - top - (narrow ? $('bar').offsetHeight + 4 : 8));
  viewport.style.setProperty('--view-height', `${height}px`);
  const across = (room: number, n: number) => (room - label - 4 - (n - 1)) / n;
  fitPx = Math.max(12, Math.min(48, Math.floor(Math.min(across(width, puzzle.cols), across(height, puzzle.rows)))));
  if (zoomPx !== null && zoomPx <= fitPx) zoomPx = null;
  viewport.style.setProperty('--cell', `${cellPx()}px`);
  board.dataset['cellPx'] = String(cellPx());
}

function zoomTo(px: number): void {
  zoomPx = px <= fitPx ? null : Math.min(maxCellPx, px);
  viewport.style.setProperty('--cell', `${cellPx()}px`);
  board.dataset['cellPx'] = String(Math.round(cellPx()));
}

/** The zoom's steps: the fitted size, then 32-px cells (a finger's width), 40, 50 and 64. */
function zoomStep(inwards: boolean): void {
  const now = cellPx();
  const ladder = [fitPx, ...[32, 40, 50, maxCellPx].filter((px) => px > fitPx)];
  const next = inwards ? ladder.find((px) => px > now + 0.5) : ladder.findLast((px) => px < now - 0.5);
  if (next === undefined) return;
  const middle = { x: viewport.scrollLeft + viewport.clientWidth / 2, y: viewport.scrollTop + viewport.clientHeight / 2 };
  zoomTo(next);
  const ratio = cellPx() / now;
  viewport.scrollLeft = middle.x * ratio - viewport.clientWidth / 2;
  viewport.scrollTop = middle.y * ratio - viewport.clientHeight / 2;
}

function startPinch(): void {
  const [a, b] = [...pointers.values()];
  if (a === undefined || b === undefined) return;
  pinch = {
    distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
    px: cellPx(),
    x: (a.x + b.x) / 2,
    y: (a.y + b.y) / 2,
    left: viewport.scrollLeft,
    top: viewport.scrollTop,
  };
}

/** The pinch scales the cells by the fingers' spread, and pans: the point under the fingers stays under them. */
function movePinch(): void {
  const [a, b] = [...pointers.values()];
  if (pinch === null || a === undefined || b === undefined) return;
  zoomTo(pinch.px * (Math.hypot(a.x - b.x, a.y - b.y) / pinch.distance));
  const ratio = cellPx() / pinch.px;
  const box = viewport.getBoundingClientRect();
  const x = (a.x + b.x) / 2;
  const y = (a.y + b.y) / 2;
  viewport.scrollLeft = (pinch.left + pinch.x - box.left) * ratio - (x - box.left);
  viewport.scrollTop = (pinch.top + pinch.y - box.top) * ratio - (y - box.top);
}

/* ---------- Keyboard ---------- */

/**
 * On the board: arrows, Home and End (Ctrl: the first and last cell) move the cursor; in Play,
 * Space or x shades (again: clears), o circles (again: clears), Enter cycles as a click does,
 * Backspace, Delete or 0 clears. In Set mode the setter's keys (digits) act on the cursor's cell.
 */
board.addEventListener('keydown', (event) => {
  if (puzzle === null || event.altKey || event.metaKey) return;
  const { rows, cols } = puzzle;
  const r = Math.floor(cursor / cols);
  const c = cursor % cols;
  const moves: Record<string, number> = {
    ArrowUp: r > 0 ? cursor - cols : cursor,
    ArrowDown: r < rows - 1 ? cursor + cols : cursor,
    ArrowLeft: c > 0 ? cursor - 1 : cursor,
    ArrowRight: c < cols - 1 ? cursor + 1 : cursor,
    Home: event.ctrlKey ? 0 : r * cols,
    End: event.ctrlKey ? rows * cols - 1 : r * cols + cols - 1,
  };
  const move = moves[event.key];
  if (move !== undefined) {
    event.preventDefault();
    event.stopPropagation();
    setCursor(move, true);
    if (mode === 'set') select(move);
    return;
  }
  if (event.ctrlKey || mode !== 'play') return;
  const now = marks[cursor] ?? null;
  const key = event.key.toLowerCase();
  if (key === ' ' || key === 'x') setMark(cursor, now === true ? null : true);
  else if (key === 'o') setMark(cursor, now === false ? null : false);
  else if (key === 'enter') onCell(cursor, event.shiftKey);
  else if (key === 'backspace' || key === 'delete' || key === '0') setMark(cursor, null);
  else return;
  event.preventDefault();
  event.stopPropagation();
});

document.addEventListener('keydown', (event) => {
  if (mode === 'set' && !event.ctrlKey && !event.metaKey && !event.altKey && onSetterKey(event)) return event.preventDefault();
  // The text box keeps its own keys and undo.
  if ((event.target as HTMLElement | null)?.closest('textarea, input, select')) return;
  if (!event.ctrlKey && !event.metaKey && !event.altKey) {
    const key = event.key.toLowerCase();
    if (key === 'h' && mode === 'play') void onHint();
    else if (key === 'u') travel(true);
    else return;
    return event.preventDefault();
  }
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) travel(true);
  else if (key === 'y' || (key === 'z' && event.shiftKey)) travel(false);
  else return;
  event.preventDefault();
});

/* ---------- The clock: the time on this puzzle, paused while the page is hidden ---------- */

const clock = { elapsed: 0, since: null as number | null, stopped: false };
const clockMs = () => clock.elapsed + (clock.since === null ? 0 : performance.now() - clock.since);

function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const [h, m] = [Math.floor(s / 3600), Math.floor(s / 60) % 60];
  const two = (k: number) => String(k).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

function startClock(fromMs = 0): void {
  clock.elapsed = fromMs;
  clock.stopped = false;
  clock.since = document.hidden ? null : performance.now();
  tick();
}

function pauseClock(): void {
  if (clock.since !== null) clock.elapsed += performance.now() - clock.since;
  clock.since = null;
}

function stopClock(): void {
  pauseClock();
  clock.stopped = true;
}

function resumeClock(unstop = false): void {
  if (unstop) clock.stopped = false;
  if (!clock.stopped && clock.since === null && !document.hidden) clock.since = performance.now();
}

function tick(): void {
  timer.hidden = !timerOption.checked || mode !== 'play' || puzzle === null;
  timer.textContent = clockText(clockMs());
  board.dataset['clockMs'] = clockMs().toFixed(0);
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) pauseClock();
  else resumeClock();
  tick();
});
setInterval(tick, 1000);

/* ---------- The worker ---------- */

let worker: Worker | undefined;
let asked = 0;
type Ask = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

const newWorker = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

/**
 * The worker started, and the solver in it compiled and run once on the puzzle, while the player
 * looks at the board: the first hint then finds them ready. Its reply (id 0) is no one's.
 */
let warmed = false;
function warm(target: Puzzle): void {
  if (warmed) return;
  warmed = true;
  worker ??= newWorker();
  worker.postMessage({ id: 0, kind: 'warm', puzzle: target } satisfies Request);
}

/** Asks the worker; resolves with its reply, or with null when cancelled. */
function ask(request: Ask, onProgress?: (event: ProgressEvent) => void): Promise<Reply | null> {
  worker ??= newWorker();
  const id = ++asked;
  const current = worker;
  cancel.hidden = false;
  return new Promise<Reply | null>((resolve) => {
    current.onmessage = ({ data }: MessageEvent<Reply | Progress>) => {
      if (data.id !== id) return;
      if ('progress' in data) onProgress?.(data.progress);
      else resolve(data);
    };
    current.onerror = (event) => resolve({ id, error: event.message || 'the solver worker failed' });
    cancel.onclick = () => {
      current.terminate();
      worker = undefined;
      resolve(null);
    };
    current.postMessage({ ...request, id } as Request);
  }).finally(() => {
    if (id === asked) cancel.hidden = true;
  });
}

/** The reply of a kind, or null after saying what went wrong (cancelled, an error). */
function replyOf<K extends Exclude<Reply, { error: string }>['kind']>(reply: Reply | null, kind: K): Extract<Reply, { kind: K }> | null {
  if (reply === null) {
    say('Cancelled.');
    return null;
  }
  if ('error' in reply || reply.kind !== kind) {
    say('error' in reply ? reply.error : 'unexpected reply', true);
    board.dataset['status'] = 'error';
    return null;
  }
  return reply as Extract<Reply, { kind: K }>;
}

async function onSolve(): Promise<void> {
  const target = current();
  if (target === null) return;
  leaveViews();
  const at = loaded;
  say(`Solving the ${target.rows}x${target.cols} puzzle...`);
  const reply = replyOf(await ask({ kind: 'solve', text: input.value }), 'solve');
  if (reply === null || at !== loaded) return;
  const { result } = reply;
  const first = result.solutions[0] ?? result.partial;
  if (first !== undefined) {
    view = 'solution';
    finish.hidden = true;
    draw(first, new Map((result.differ ?? []).map((i) => [i, 'differ'])));
  }
  const verdict = {
    unique: 'Unique solution, proven: no other shading satisfies the rules.',
    multiple: 'More than one solution: this is one of them; the cells where a second one differs are outlined.',
    none: 'No solution: no shading satisfies the rules.',
    timeout: 'Time limit reached before the solver decided.',
    stuck: 'The rules alone could not decide every cell (undecided cells unmarked).',
  }[result.status];
  say(`${verdict} (${result.engine} engine${result.backend ? `, ${result.backend}` : ''}, ${result.timeMs.toFixed(0)} ms)`);
  board.dataset['status'] = result.status;
  // A proven verdict can be taken away with its proof.
  certificateButton.hidden = !(result.status === 'unique' || result.status === 'multiple' || result.status === 'none');
}

/** The certificate of the solved puzzle's verdict, downloaded as one tar archive. */
async function onCertificate(): Promise<void> {
  if (current() === null) return;
  const at = loaded;
  say('Making the certificate (the CNF, the solutions, a DRAT proof; checked before it is given)...');
  const reply = replyOf(await ask({ kind: 'certificate', text: input.value }), 'certificate');
  if (reply === null || at !== loaded) return;
  const name = `hitori-certificate-${(puzzle?.id ?? `${puzzle?.rows}x${puzzle?.cols}`).replace(/[^A-Za-z0-9._-]/g, '_')}.tar`;
  const url = URL.createObjectURL(new Blob([reply.archive as BlobPart], { type: 'application/x-tar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  say(`Certificate of "${reply.verdict}" downloaded (${name}): check it with hitori-sat verify ${name}, or unpack it for drat-trim.`);
}

async function onExplain(): Promise<void> {
  if (current() === null) return;
  leaveViews();
  const at = loaded;
  say('Explaining...');
  const reply = replyOf(await ask({ kind: 'explain', text: input.value }), 'explain');
  if (reply === null || at !== loaded) return;
  const e = reply.explanation;
  explanation = { steps: e.steps, lines: stepTexts(e.text), verdict: e.text.split('\n').at(-2) ?? '' };
  view = 'explain';
  finish.hidden = true;
  stepsPanel.hidden = false;
  show(e.steps.length);
  say(`${e.steps.length} steps. ${explanation.verdict}`);
  board.dataset['status'] = e.status;
}

/* ---------- Hints in three grades ---------- */

interface CellRef {
  readonly row: number;
  readonly col: number;
}

const cellName = (c: CellRef) => `r${c.row}c${c.col}`;

/** Names of cells for a sentence: the first six, then how many more. */
function cellNames(cells: readonly CellRef[]): string {
  const names = cells.map(cellName);
  return names.length <= 6 ? names.join(', ') : `${names.slice(0, 6).join(', ')} and ${names.length - 6} more`;
}

/** Shows the held hint at its grade: the board's tints and outlines, the words, the details. */
function showHint(): void {
  if (held === null || puzzle === null) return;
  const { report: hint, grade } = held;
  const { cols } = puzzle;
  const at = (c: CellRef) => (c.row - 1) * cols + (c.col - 1);
  const colour = (c: { colour: 'black' | 'white' }): Outline => (c.colour === 'black' ? 'shaded' : 'white');
  hinted = new Map();
  premised = new Set();
  focused = new Set();
  assumed = new Map();
  grades.hidden = hint.kind !== 'step';
  hintDetails.hidden = true;
  board.dataset['hintGrade'] = hint.kind === 'step' ? String(grade) : '';
  if (hint.kind !== 'step') {
    if (hint.kind === 'mistakes') hinted = new Map(hint.mistakes.map((c) => [at(c), 'mistake']));
    if (hint.kind === 'solution-cell') hinted = new Map([[at(hint.cell), colour(hint.cell)]]);
    drawPlay();
    // Plain words where the library gives them (wrong marks, a cell from the solution).
    say(('words' in hint ? hint.words : hint.text).trim(), hint.kind === 'mistakes' || hint.kind === 'no-solution');
    return;
  }
  const step = hint;
  const where = step.focus.length > 0 ? step.focus : [...step.premises, ...step.cells];
  focused = new Set(where.map(at));
  for (const li of grades.querySelectorAll('li')) {
    if (Number(li.dataset['grade']) === grade) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  }
  const unique = [...new Map(where.map((c) => [at(c), c])).values()];
  const lines = [`Where to look: ${cellNames(unique)} (tinted).`];
  if (grade >= 2) {
    hinted = new Map(step.cells.map((c) => [at(c), colour(c)]));
    const decided = (want: 'black' | 'white') => step.cells.filter((c) => c.colour === want);
    const part = (cells: readonly CellRef[], what: string) =>
      cells.length === 0 ? [] : [`${cellNames(cells)} ${cells.length === 1 ? 'is' : 'are'} ${what}`];
    lines.push(`Which cell: ${[...part(decided('black'), 'shaded'), ...part(decided('white'), 'white')].join('; ')} (outlined).`);
  }
  if (grade >= 3) {
    lines.push(`Why: ${step.words}`);
    // A probe's trial: the cells it assumed, drawn with a dashed ring.
    const trial = step.trial?.assumed ?? [];
    for (const t of trial) assumed.set(at(t), t.colour === 'black' ? 'shaded' : 'white');
    if (trial.length > 0)
      lines.push(
        `The trial assumed ${trial.map((t) => `${cellName(t)} ${t.colour === 'black' ? 'shaded' : 'white'}`).join(', ')} (dashed ring).${step.trial?.why ? ` ${step.trial.why}` : ''}`,
      );
    premised = new Set(step.premises.map(at).filter((i) => !hinted.has(i)));
    $('hint-technique').textContent =
      `${step.name} (${step.technique}), class ${step.class}${step.assumesUnique ? ', assumes one solution' : ''}`;
    $('hint-text').textContent = step.text.trim();
    hintDetails.hidden = false;
  } else lines.push('Press Hint again for more.');
  drawPlay();
  say(lines.join('\n'));
}

/** How many hints the worker has been asked for (a press that only shows more asks none). */
let hintsAsked = 0;

/**
 * "Hint" (H): with the marks as they were at the last hint, its next grade; after a change, the
 * worker is asked for a new hint, shown at grade 1.
 */
async function onHint(): Promise<void> {
  const target = current();
  if (target === null) return;
  leaveViews();
  if (held !== null && held.marks === marks) {
    if (held.grade < 3) held.grade = (held.grade + 1) as 2 | 3;
    showHint();
    board.dataset['status'] = `hint-${held.report.kind}`;
    return;
  }
  const sent = marks;
  say('Checking your marks...');
  board.dataset['status'] = 'hinting';
  hintsAsked++;
  board.dataset['hintsAsked'] = String(hintsAsked);
  const started = performance.now();
  performance.mark('hint-asked');
  const reply = replyOf(
    await ask({ kind: 'hint', text: input.value, marks: sent, ...(circleOption.checked ? { circleNeighbours: true } : {}) }),
    'hint',
  );
  if (reply === null || target !== puzzle) return;
  if (sent !== marks) return say('Your marks changed while they were checked: ask again.');
  performance.measure('hint', 'hint-asked');
  board.dataset['hintMs'] = (performance.now() - started).toFixed(1);
  held = { report: reply.hint, marks: sent, grade: 1 };
  showHint();
  board.dataset['status'] = `hint-${reply.hint.kind}`;
}

/** A new puzzle of the chosen size and class, made by the library's generator in the worker. */
async function onNew(): Promise<void> {
  const [rows, cols] = $<HTMLSelectElement>('size').value.split('x').map(Number) as [number, number];
  const chosen = $<HTMLSelectElement>('class').value;
  const level = chosen === '' ? undefined : (chosen as Level);
  const symmetry = $<HTMLSelectElement>('symmetry').value;
  await generate(rows, cols, {
    ...(level === undefined ? {} : { level }),
    ...(symmetry === '' ? {} : { symmetry: symmetry as Symmetry }),
  });
}

/** After a solved puzzle: a new one of the same size (and the chosen class). */
async function onNextPuzzle(): Promise<void> {
  const done = puzzle;
  if (done === null) return onNew();
  // The next unsolved puzzle of this size in the collection; a new one made when there is none.
  const next = nextFromCollection(puzzleAddress, done.rows, done.cols);
  if (next !== null) return location.assign(next);
  const chosen = $<HTMLSelectElement>('class').value;
  await generate(done.rows, done.cols, chosen === '' ? {} : { level: chosen as Level });
}

/**
 * New numbers around the shading marked on the board (a setter draws the solution first): the
 * generator makes it the only solution, or says why no numbering can (touching shaded cells, a
 * cut-off region, a cell that could be shaded too).
 */
async function onPattern(): Promise<void> {
  const target = current();
  if (target === null) return;
  const chosen = $<HTMLSelectElement>('class').value;
  await generate(target.rows, target.cols, {
    pattern: marks.map((m) => m === true),
    ...(chosen === '' ? {} : { level: chosen as Level }),
  });
}

/** A new puzzle from the library's generator in the worker, put on the board. */
async function generate(
  rows: number,
  cols: number,
  options: { readonly level?: Level; readonly symmetry?: Symmetry; readonly pattern?: readonly boolean[] },
): Promise<void> {
  const { level } = options;
  // A size, class and symmetry the generator cannot reach in time is refused at once, with the
  // measured reason (the library's table, from bench:generate-class), instead of a long wait.
  const refused =
    options.pattern === undefined
      ? generationProblem({
          rows,
          cols,
          ...(level === undefined ? {} : { class: level }),
          ...(options.symmetry === undefined ? {} : { symmetry: options.symmetry }),
        })
      : null;
  if (refused !== null) {
    say(`Not made: ${refused}. Choose another class or symmetry.`, true);
    board.dataset['status'] = 'generate-refused';
    return;
  }
  const seed = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  const at = loaded;
  const what = options.pattern === undefined ? 'a new' : 'numbers around your shading for a';
  const making = `Making ${what} ${rows}x${cols} puzzle${level === undefined ? '' : ` of class ${level}`}...`;
  say(making);
  board.dataset['status'] = 'generating';
  const started = performance.now();
  // The generator's progress (its tries and time), while the page waits: "Cancel" stops it.
  const progress = (event: ProgressEvent) => {
    if (at === loaded) say(`${making} ${event.message}`);
  };
  const reply = replyOf(await ask({ kind: 'generate', rows, cols, seed, ...options }, progress), 'generate');
  // The player put another puzzle on the board meanwhile: keep theirs.
  if (reply === null || at !== loaded) return;
  board.dataset['generateMs'] = (performance.now() - started).toFixed(0);
  const { generated } = reply;
  input.value = addressForm(generated.puzzle);
  setPuzzle(generated.puzzle);
  const around = options.pattern === undefined ? '' : ' around your shading';
  say(`A new ${rows}x${cols} puzzle${around}, class ${generated.class ?? 'beyond the rules'}, with one solution (proven).`);
  board.dataset['status'] = 'generated';
}

/**
 * Each step's text: its numbered line, with the indented lines under it (a probe's trial, which
 * are not steps of their own), so that step k shows the reason of step k.
 */
function stepTexts(text: string): string[] {
  const texts: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d+\. /.test(line)) texts.push(line);
    else if (/^\s+\S/.test(line) && texts.length > 0) texts[texts.length - 1] += `\n${line}`;
  }
  return texts;
}

/** Draws the board after the first `k` steps, the cells of step k outlined. */
function show(k: number): void {
  if (explanation === undefined || puzzle === null) return;
  const { steps, lines } = explanation;
  const { cols } = puzzle;
  shown = Math.max(0, Math.min(steps.length, k));
  const cells: Mark[] = new Array<Mark>(puzzle.rows * cols).fill(null);
  const outlines = new Map<number, Outline>();
  steps.slice(0, shown).forEach((step, s) => {
    for (const c of step.cells) {
      const i = (c.row - 1) * cols + (c.col - 1);
      cells[i] = c.colour === 'black';
      if (s === shown - 1) outlines.set(i, c.colour === 'black' ? 'shaded' : 'white');
    }
  });
  draw(cells, outlines);
  counter.textContent = `step ${shown} of ${steps.length}`;
  stepText.textContent = shown === 0 ? 'The puzzle, before any step.' : (lines[shown - 1] ?? '');
}

/** The puzzle in the text box onto the board, with the given marks or none. */
function readInput(marksText: string | null = null): void {
  if (input.value.trim() === '') {
    clearPuzzle('');
    say('');
    return;
  }
  let next: Puzzle;
  try {
    next = parse(input.value);
  } catch (error) {
    clearPuzzle((error as Error).message);
    say(parseError, true);
    return;
  }
  const n = next.rows * next.cols;
  const given = marksText === null ? null : marksFrom(marksText, n);
  setPuzzle(next, given ?? undefined);
  say(given === null && marksText !== null ? `The marks in the address do not fit this ${next.rows}x${next.cols} puzzle: left off.` : '');
}

/** The puzzle (and marks) in the address onto the board; false when the address has none. */
function readAddressBar(): boolean {
  const { puzzle: text, marks: marksText } = readAddress(location.hash);
  if (text.trim() === '') return false;
  input.value = text;
  readInput(marksText);
  return true;
}

/* ---------- Setter's mode ---------- */

type Mode = 'play' | 'set';
let mode: Mode = 'play';
/** The selected cell (setter's mode). */
let selected = 0;
/** The numbers before each edit (undo) and after each undone one (redo), setter's mode. */
let setPast: number[][] = [];
let setFuture: number[][] = [];
/** The verdict on the numbers on the board; null while it is worked out. */
let verdict: { readonly puzzle: Puzzle; readonly map: AmbiguityResult } | null = null;
/** The fix suggested for the numbers on the board. */
let fix: { readonly puzzle: Puzzle; readonly changes: readonly NumberChange[] } | null = null;
/**
 * When the numbers on the board were made (performance.now()): the edit, a Latin fill, or the
 * verdict's request for numbers that came otherwise (a link, a new puzzle, Set pressed). A
 * verdict's time is counted from there, never from the page's load.
 */
let editedAt = 0;
let editedFor: Puzzle | null = null;
/**
 * Whether the setter asked to see the solution; hidden by default. For an ambiguous puzzle the
 * board shows one of the solutions the verdict found (`shownSolution`, "Another solution" cycles),
 * the cells where they differ still marked, and that is the solution "keep" keeps.
 */
let showSolution = false;
let shownSolution = 0;
/** The last repair search's progress line, kept to say what was proven when it is stopped. */
let repairProgress = '';
/**
 * Edits that come while the setter's worker works are gathered: the verdict on the last of them
 * is asked when the worker is free; work that has gone on longer than `restartAfterMs` (a long
 * map, a fix, a rating) is ended instead, the worker started again, and the verdict asked at once.
 */
let queued: Puzzle | null = null;
const restartAfterMs = 150;
/** A digit typed: a second one within this time makes a two-digit number (10..). */
let typed: { digits: string; at: number } | null = null;
const verdictText = $<HTMLParagraphElement>('verdict');
const applyButton = $<HTMLButtonElement>('apply');
const exportBox = $<HTMLTextAreaElement>('export-text');
const pngLink = $<HTMLAnchorElement>('png-link');

/** The setter's own worker: ended and started again when an edit comes while it works. */
let setWorker: Worker | undefined;
let setBusy = 0;
/** When the setter's worker was last given work while free (performance.now()). */
let busySince = 0;
const setPending = new Map<number, (reply: Reply | null) => void>();
const setProgress = new Map<number, (event: ProgressEvent) => void>();

/** Ends the setter's worker and whatever it was doing (an edit's restart, or "Stop" on a search). */
function endSetter(): void {
  setWorker?.terminate();
  setWorker = undefined;
  for (const resolve of setPending.values()) resolve(null);
  setPending.clear();
  setProgress.clear();
  setBusy = 0;
}

function askSetter(
  request: Extract<Ask, { kind: 'verdict' | 'rate' | 'repair' | 'svg' }>,
  restart = false,
  onProgress?: (event: ProgressEvent) => void,
): Promise<Reply | null> {
  if (restart && setWorker !== undefined && setBusy > 0) endSetter();
  if (setWorker === undefined) {
    const created = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    // How many setter's workers have been started (the first, and one per restart).
    board.dataset['setterWorkers'] = String(Number(board.dataset['setterWorkers'] ?? 0) + 1);
    created.onmessage = ({ data }: MessageEvent<Reply | Progress>) => {
      if ('progress' in data) {
        setProgress.get(data.id)?.(data.progress);
        return;
      }
      setProgress.delete(data.id);
      const resolve = setPending.get(data.id);
      setPending.delete(data.id);
      setBusy = setPending.size;
      resolve?.(data);
      if (setBusy === 0 && queued !== null) {
        const next = queued;
        queued = null;
        if (next === puzzle && mode === 'set') void verdictOf(next);
      }
    };
    created.onerror = (event) => {
      for (const [id, resolve] of setPending) resolve({ id, error: event.message || 'the solver worker failed' });
      setPending.clear();
      setBusy = 0;
    };
    setWorker = created;
  }
  const id = ++asked;
  const target = setWorker;
  if (setBusy === 0) busySince = performance.now();
  return new Promise<Reply | null>((resolve) => {
    setPending.set(id, resolve);
    if (onProgress !== undefined) setProgress.set(id, onProgress);
    setBusy = setPending.size;
    target.postMessage({ ...request, id } as Request);
  });
}

function setMode(next: Mode): void {
  if (mode === next) return;
  leaveViews();
  mode = next;
  document.body.dataset['mode'] = next;
  $('mode-play').setAttribute('aria-pressed', String(next === 'play'));
  $('mode-set').setAttribute('aria-pressed', String(next === 'set'));
  $('setter').hidden = next !== 'set';
  say('');
  board.dataset['status'] = '';
  if (next === 'set') {
    clearHint();
    buildPicker();
    askVerdict();
  } else {
    queued = null;
    fix = null;
    applyButton.hidden = true;
  }
  changed(false);
  fitBoard();
}

/** The board in the setter's mode: the verdict's map (when it is for these numbers), the selection and the fix. */
function drawSet(): void {
  if (puzzle === null) return;
  const map = verdict?.puzzle === puzzle ? verdict.map : null;
  // The forced cells are the solution: drawn only when the setter asks ("Show the solution"), so
  // that nobody looking over the setter's shoulder sees it. The free cells (data-map) always show.
  const shown = map !== null && showSolution ? solutionShown(map) : null;
  const cells: Mark[] = puzzle.values.map((_, i) => shown?.[i] ?? null);
  const other = $<HTMLButtonElement>('other-solution');
  other.hidden = shown === null || map === null || map.solutions.length < 2;
  if (map !== null)
    other.textContent = `Another solution (${(shownSolution % Math.max(1, map.solutions.length)) + 1} of ${map.solutions.length} found)`;
  const outlines = new Map<number, Outline>();
  if (fix?.puzzle === puzzle) for (const c of fix.changes) outlines.set(c.cell, 'fix');
  outlines.set(selected, 'selected');
  draw(cells, outlines);
}

/** The solution drawn when the setter shows it: the only one, or one of those the verdict found. */
function solutionShown(map: AmbiguityResult): readonly boolean[] | null {
  if (map.status === 'none' || map.solutions.length === 0) return null;
  return map.solutions[shownSolution % map.solutions.length]!;
}

function select(i: number): void {
  selected = i;
  typed = null;
  setCursor(i);
  drawSet();
}

function showVerdict(text: string, status: string): void {
  verdictText.textContent = text;
  board.dataset['status'] = status;
}

/** After an edit: the verdict asked again shortly, the worker restarted if it is still at the last one. */
function askVerdict(): void {
  queued = null;
  fix = null;
  applyButton.hidden = true;
  if (puzzle === null) return;
  if (editedFor !== puzzle) {
    editedAt = performance.now();
    editedFor = puzzle;
  }
  $('stop-repair').hidden = true;
  showVerdict('Checking...', 'set-checking');
  if (setBusy > 0 && performance.now() - busySince < restartAfterMs) queued = puzzle;
  else void verdictOf(puzzle);
}

async function verdictOf(target: Puzzle): Promise<void> {
  const reply = await askSetter({ kind: 'verdict', puzzle: target }, setBusy > 0);
  if (target !== puzzle || mode !== 'set' || reply === null) return;
  if ('error' in reply || reply.kind !== 'verdict') return showVerdict('error' in reply ? reply.error : 'unexpected reply', 'set-error');
  const { map } = reply;
  verdict = { puzzle: target, map };
  shownSolution = 0;
  const ms = performance.now() - editedAt;
  board.dataset['verdictMs'] = ms.toFixed(0);
  board.dataset['mapMs'] = map.timeMs.toFixed(0);
  drawSet();
  const took = `(${ms.toFixed(0)} ms)`;
  if (map.status === 'none') return showVerdict(`No solution: no shading keeps the three rules. ${took}`, 'set-none');
  if (map.status === 'multiple')
    return showVerdict(
      `Ambiguous: ${map.free} of ${map.cells.length} cells differ between solutions (blue); the others are the same in every solution. ${took}`,
      'set-multiple',
    );
  showVerdict(`Unique solution, proven; rating... ${took}`, 'set-unique-rating');
  const rated = await askSetter({ kind: 'rate', puzzle: target });
  if (target !== puzzle || mode !== 'set' || rated === null || 'error' in rated || rated.kind !== 'rate') return;
  const level = rated.level === null ? 'beyond the rules' : `class ${rated.level} (${rated.name})`;
  showVerdict(`Unique solution, proven: ${level}. ${took}`, 'set-unique');
}

/** New numbers on the board, undoable (setter's mode). */
function editValues(values: number[], record = true): void {
  if (puzzle === null) return;
  if (record) {
    setPast.push(puzzle.values.slice());
    setFuture = [];
  }
  editedAt = performance.now();
  const next: Puzzle = { rows: puzzle.rows, cols: puzzle.cols, values };
  editedFor = next;
  input.value = addressForm(next);
  // The same grid: only the changed cells' numbers are written (a new puzzle all the same).
  const before = puzzle.values;
  puzzle = next;
  loaded++;
  fix = null;
  verdict = null;
  marks = new Array<Mark>(values.length).fill(null);
  past = [];
  future = [];
  closeViews();
  puzzleAddress = addressForm(next);
  board.querySelectorAll<HTMLElement>('.cell').forEach((cell, i) => {
    if (before[i] === values[i]) return;
    const value = String(values[i]);
    cell.dataset['digits'] = String(value.length);
    cell.textContent = value;
  });
  changed(false);
  askVerdict();
}

function undoEdit(from: number[][], to: number[][]): void {
  const values = from.pop();
  if (values === undefined || puzzle === null) return;
  leaveViews();
  to.push(puzzle.values.slice());
  editValues(values, false);
}

/** The largest number a cell may hold: the longer side of the grid. */
const symbols = (p: Puzzle) => Math.max(p.rows, p.cols);

function setNumber(value: number): void {
  if (puzzle === null || value < 1 || value > symbols(puzzle) || puzzle.values[selected] === value) return;
  const values = puzzle.values.slice();
  values[selected] = value;
  editValues(values);
}

/** A key in the setter's mode: a digit sets the selected cell's number, an arrow moves; true when used. */
function onSetterKey(event: KeyboardEvent): boolean {
  if (puzzle === null || (event.target as HTMLElement | null)?.closest('textarea, input, select')) return false;
  const { rows, cols } = puzzle;
  const move = { ArrowUp: -cols, ArrowDown: cols, ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (move !== undefined) {
    const r = Math.floor(selected / cols);
    const c = selected % cols;
    if (event.key === 'ArrowLeft' && c === 0) return true;
    if (event.key === 'ArrowRight' && c === cols - 1) return true;
    const next = selected + move;
    if (next >= 0 && next < rows * cols && (r > 0 || move > -cols)) select(next);
    return true;
  }
  if (!/^[0-9]$/.test(event.key)) return false;
  const now = performance.now();
  const digits = typed !== null && now - typed.at < 800 ? typed.digits + event.key : event.key;
  const value = Number(digits);
  if (value >= 1 && value <= symbols(puzzle)) {
    setNumber(value);
    typed = { digits, at: now };
  } else if (Number(event.key) >= 1) {
    setNumber(Number(event.key));
    typed = { digits: event.key, at: now };
  }
  return true;
}

/** The number picker, for touch: one button per number the grid may hold. */
function buildPicker(): void {
  const picker = $<HTMLDivElement>('picker');
  if (puzzle === null) {
    picker.replaceChildren();
    return;
  }
  const buttons: HTMLButtonElement[] = [];
  for (let v = 1; v <= symbols(puzzle); v++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = String(v);
    button.dataset['value'] = String(v);
    button.addEventListener('click', () => setNumber(v));
    buttons.push(button);
  }
  picker.replaceChildren(...buttons);
}

/** A new grid of the chosen size, filled with a Latin square (every line holds each number once). */
function latinFill(): void {
  const [rows, cols] = $<HTMLSelectElement>('size').value.split('x').map(Number) as [number, number];
  const n = Math.max(rows, cols);
  const values = Array.from({ length: rows * cols }, (_, i) => ((Math.floor(i / cols) + (i % cols)) % n) + 1);
  const next: Puzzle = { rows, cols, values };
  editedAt = performance.now();
  editedFor = next;
  input.value = addressForm(next);
  setPuzzle(next);
}

/**
 * "Suggest a fix": `repair` in the setter's worker, the fewest number changes (to 1..K+1) that make
 * the puzzle unique, over any solution or keeping the solution shown ("keep" option: the first
 * solution of the verdict), proven. It runs until it is proven, with each bound proven shown as
 * it comes; "Stop" ends it and says what was proven so far. What the verdict says is the scope
 * the library proved (`scope`, `values`), and its time is counted from the press.
 */
async function onSuggest(): Promise<void> {
  const target = puzzle;
  if (target === null) return;
  const keepIt = $<HTMLInputElement>('keep-solution').checked;
  const kept = keepIt && verdict?.puzzle === target ? (solutionShown(verdict.map) ?? undefined) : undefined;
  const scope = kept === undefined ? 'over any solution' : 'keeping the solution shown';
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  repairProgress = '';
  const stop = $<HTMLButtonElement>('stop-repair');
  stop.hidden = false;
  showVerdict(`Looking for the fewest changes that make it unique, ${scope}...`, 'set-repairing');
  const progress = (event: ProgressEvent) => {
    if (target !== puzzle || mode !== 'set') return;
    repairProgress = event.message.replace(/^repair: /, '');
    showVerdict(`Looking for the fewest changes, ${scope}: ${repairProgress} (${seconds()})`, 'set-repairing');
  };
  const request = { kind: 'repair', puzzle: target, ...(kept === undefined ? {} : { keep: kept }) } as const;
  const reply = await askSetter(request, true, progress);
  stop.hidden = true;
  if (target !== puzzle || mode !== 'set') return;
  if (reply === null) {
    const proven = repairProgress === '' ? 'nothing proven yet' : repairProgress;
    return showVerdict(`Search stopped after ${seconds()}: ${proven}. "Suggest a fix" searches again.`, 'set-repair-stopped');
  }
  if ('error' in reply || reply.kind !== 'repair') return showVerdict('error' in reply ? reply.error : 'unexpected reply', 'set-error');
  const result = reply.repair;
  board.dataset['repairMs'] = (performance.now() - started).toFixed(0);
  const within = `${result.scope === 'any-solution' ? 'over any solution' : 'keeping the solution shown'}, with numbers 1..${result.values}`;
  const first = result.repairs[0];
  if (first === undefined) {
    const why = {
      repaired: 'no change is needed: it is unique already',
      'beyond-bound': `no repair with ${result.maxChanges ?? 0} or fewer changes ${within} (proven)`,
      impossible: `no change of numbers ${within} can make it unique (proven)`,
      timeout: `no repair with ${Math.max(0, result.provenBelow - 1)} or fewer changes ${within} (proven); the time limit came first`,
    }[result.status];
    return showVerdict(`No fix: ${why}. (${seconds()})`, 'set-no-fix');
  }
  fix = { puzzle: target, changes: first.changes };
  applyButton.hidden = false;
  drawSet();
  const { cols } = target;
  const list = first.changes
    .map((c) => `${cellName({ row: Math.floor(c.cell / cols) + 1, col: (c.cell % cols) + 1 })} ${c.from} → ${c.to}`)
    .join(', ');
  const count = first.changes.length;
  showVerdict(`Fix: ${count} change${count === 1 ? '' : 's'}, the fewest ${within} (proven): ${list}. (${seconds()})`, 'set-fix');
}

function applyFix(): void {
  if (puzzle === null || fix?.puzzle !== puzzle) return;
  const values = puzzle.values.slice();
  for (const c of fix.changes) values[c.cell] = c.to;
  editValues(values);
}

function exportText(to: 'url' | 'pzprv3' | 'gameid'): void {
  if (puzzle === null) return;
  try {
    exportBox.value = format(puzzle, { to }).trim();
  } catch (error) {
    exportBox.value = (error as Error).message;
  }
  exportBox.hidden = false;
  exportBox.dataset['format'] = to;
  exportBox.select();
  void navigator.clipboard?.writeText(exportBox.value).catch(() => undefined);
}

/** The puzzle's picture (the library's SVG) rasterised at twice its size, offered as a PNG download. */
async function exportPng(): Promise<void> {
  const target = puzzle;
  if (target === null) return;
  const reply = await askSetter({ kind: 'svg', puzzle: target });
  if (target !== puzzle || reply === null || 'error' in reply || reply.kind !== 'svg') return;
  const image = new Image();
  const url = URL.createObjectURL(new Blob([reply.svg], { type: 'image/svg+xml' }));
  try {
    image.src = url;
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth * scale;
  canvas.height = image.naturalHeight * scale;
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  pngLink.href = canvas.toDataURL('image/png');
  pngLink.download = `hitori-${target.rows}x${target.cols}.png`;
  pngLink.hidden = false;
}

$('solve').addEventListener('click', () => void onSolve());
certificateButton.addEventListener('click', () => void onCertificate());
$('hint').addEventListener('click', () => void onHint());
$('explain').addEventListener('click', () => void onExplain());
$('new').addEventListener('click', () => void onNew());
$('pattern').addEventListener('click', () => void onPattern());
undoButton.addEventListener('click', () => travel(true));
redoButton.addEventListener('click', () => travel(false));
$('clear').addEventListener('click', () => {
  if (puzzle === null || marks.every((m) => m === null)) return;
  leaveViews();
  commit(new Array<Mark>(marks.length).fill(null));
});
$('example').addEventListener('click', () => {
  input.value = janko037;
  readInput();
});
$('first').addEventListener('click', () => show(0));
$('prev').addEventListener('click', () => show(shown - 1));
$('next').addEventListener('click', () => show(shown + 1));
$('last').addEventListener('click', () => show(Number.MAX_SAFE_INTEGER));
input.addEventListener('input', () => readInput());
// A link someone shared, or an address typed in: `#https://puzz.link/p?hitori/...&marks=...`, or any one-line form.
window.addEventListener('hashchange', () => readAddressBar());
$('mode-play').addEventListener('click', () => setMode('play'));
$('mode-set').addEventListener('click', () => setMode('set'));
$('suggest').addEventListener('click', () => void onSuggest());
$('stop-repair').addEventListener('click', endSetter);
$('other-solution').addEventListener('click', () => {
  shownSolution++;
  drawSet();
});
$('show-solution').addEventListener('click', () => {
  showSolution = !showSolution;
  $('show-solution').setAttribute('aria-pressed', String(showSolution));
  $('show-solution').textContent = showSolution ? 'Hide the solution' : 'Show the solution';
  drawSet();
});
$('apply').addEventListener('click', applyFix);
$('latin').addEventListener('click', latinFill);
$('export-url').addEventListener('click', () => exportText('url'));
$('export-pzprv3').addEventListener('click', () => exportText('pzprv3'));
$('export-gameid').addEventListener('click', () => exportText('gameid'));
$('export-png').addEventListener('click', () => void exportPng());
// collection: the collection, the daily puzzle and offline use open puzzles through the address.
mountCollection($('collection'), { go: (address) => location.assign(address), elapsedMs: clockMs });
backButton.addEventListener('click', () => {
  leaveViews();
  cellElements()[cursor]?.focus();
});
$('next-puzzle').addEventListener('click', () => void onNextPuzzle());
$('zoom-in').addEventListener('click', () => zoomStep(true));
$('zoom-out').addEventListener('click', () => zoomStep(false));
window.addEventListener('resize', () => fitBoard());
// On a narrow screen the bar is fixed to the bottom of the screen: the page keeps room for it below.
new ResizeObserver(() => {
  const fixed = getComputedStyle($('bar')).position === 'fixed';
  document.body.style.paddingBottom = fixed ? `${$('bar').offsetHeight + 8}px` : '';
}).observe($('bar'));
// The player's options, kept in this browser.
circleOption.checked = stored('circleNeighbours') === 'true';
timerOption.checked = stored('showTimer') === 'true';
circleOption.addEventListener('change', () => store('circleNeighbours', String(circleOption.checked)));
timerOption.addEventListener('change', () => {
  store('showTimer', String(timerOption.checked));
  tick();
});
// Without a puzzle in the address, a new one to play.
if (!readAddressBar()) void onNew();
document.body.dataset['ready'] = 'true';
