/**
 * The browser page (examples/web/index.html): play a Hitori puzzle, ask for a hint, solve it with
 * a proven verdict, step through the rule engine's explanation, or generate a new one. It uses the
 * library's public entry only (`hitori-sat`, src/index.ts), bundled by build.js with CaDiCaL's wasm
 * beside it; nothing leaves the page. Solving, explaining, hints and generating run in a Web Worker
 * (worker.ts), which "Cancel" ends; reading the puzzle and checking the player's shading (`check`)
 * run here.
 *
 * The board is drawn by the page, one element per cell (so that it scales to a phone and a click
 * or tap lands on a cell): `data-state` is `unmarked`, `shaded` or `white` (marked white, drawn
 * with a circle); `data-break` a rule the marks break (breaks.ts); `data-outline` a cell a hint
 * or a step names. The address keeps the puzzle and the marks (address.ts).
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
  type HintReport,
  type Level,
  type NumberChange,
  type Puzzle,
  parse,
  type Symmetry,
} from '../../src/index.js';
import { addressOf, marksFrom, readAddress } from './address.js';
import { type Break, ruleBreaks } from './breaks.js';
import { janko037 } from './example.js';
import type { Reply, Request } from './worker.js';
import { mountCollection, recordProgress } from './collection/panel.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = $<HTMLTextAreaElement>('puzzle');
const board = $<HTMLDivElement>('board');
const message = $<HTMLParagraphElement>('message');
const stepsPanel = $<HTMLElement>('steps');
const stepText = $<HTMLParagraphElement>('step');
const counter = $<HTMLSpanElement>('counter');
const undoButton = $<HTMLButtonElement>('undo');
const redoButton = $<HTMLButtonElement>('redo');
const cancel = $<HTMLButtonElement>('cancel');

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
/** The outlines of the last hint, and the cells its deduction reasons from, until the marks change. */
let hinted = new Map<number, Outline>();
let premised: ReadonlySet<number> = new Set();
/** What the board shows: the player's marks, a solve's answer, or a step of the explanation. */
let view: 'play' | 'solution' | 'explain' = 'play';
let explanation: { steps: Explanation['steps']; lines: string[]; verdict: string } | undefined;
let shown = 0;

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
  board.style.setProperty('--cols', String(next.cols));
  const cells: HTMLElement[] = [];
  for (let i = 0; i < n; i++) {
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset['i'] = String(i);
    const value = String(next.values[i]);
    cell.dataset['digits'] = String(value.length);
    cell.textContent = value;
    cells.push(cell);
  }
  board.replaceChildren(...cells);
  board.dataset['status'] = '';
  selected = Math.min(selected, n - 1);
  // Marks from an address are judged at once: a finished board shared by a link says "solved".
  changed(nextMarks !== undefined);
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
  board.dataset['status'] = error === '' ? '' : 'error';
  undoButton.disabled = true;
  redoButton.disabled = true;
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

/** Draws the board: each cell's state, the rule it breaks, its outline. */
function draw(cells: readonly Mark[], outlines: ReadonlyMap<number, Outline>, breaks: readonly (Break | null)[] = []): void {
  if (puzzle === null) return;
  const { cols, values } = puzzle;
  board.querySelectorAll<HTMLElement>('.cell').forEach((cell, i) => {
    const state = cells[i] === true ? 'shaded' : cells[i] === false ? 'white' : 'unmarked';
    cell.dataset['state'] = state;
    setData(cell, 'break', breaks[i] ?? null);
    setData(cell, 'outline', outlines.get(i) ?? null);
    cell.setAttribute('aria-label', `r${Math.floor(i / cols) + 1}c${(i % cols) + 1} ${values[i]} ${state}`);
  });
  board.dataset['view'] = view;
  const map = mode === 'set' && view === 'play' && verdict?.puzzle === puzzle ? verdict.map : null;
  const changes = mode === 'set' && view === 'play' && fix?.puzzle === puzzle ? fix.changes : [];
  board.querySelectorAll<HTMLElement>('.cell').forEach((cell, i) => {
    setData(cell, 'map', map?.status === 'multiple' && map.cells[i] === null ? 'free' : null);
    const change = changes.find((c) => c.cell === i);
    setData(cell, 'fix', change === undefined ? null : String(change.to));
  });
}

function setData(element: HTMLElement, key: string, value: string | null): void {
  if (value === null) delete element.dataset[key];
  else element.dataset[key] = value;
}

/** Draws the player's marks with the rule breaks they make and the last hint's outlines and premises. */
function drawPlay(): void {
  if (mode === 'set') {
    drawSet();
    return;
  }
  if (puzzle === null) return;
  draw(marks, hinted, ruleBreaks(puzzle, marks));
  board.querySelectorAll<HTMLElement>('.cell').forEach((cell, i) => {
    setData(cell, 'premise', premised.has(i) ? 'yes' : null);
  });
}

function clearHint(): void {
  hinted = new Map();
  premised = new Set();
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
  explanation = undefined;
  stepsPanel.hidden = true;
}

/**
 * After the marks change: draw them, keep them in the address, and say "solved" when the shaded
 * cells keep all three rules (the library's checker; unmarked cells count as white).
 */
function changed(judge = true): void {
  clearHint();
  drawPlay();
  writeAddress();
  undoButton.disabled = (mode === 'set' ? setPast : past).length === 0;
  redoButton.disabled = (mode === 'set' ? setFuture : future).length === 0;
  if (mode === 'play' && puzzle !== null) recordProgress(puzzleAddress, puzzle, marks); // collection: saved progress
  if (!judge || puzzle === null || mode === 'set') return;
  const shading = marks.map((m) => m === true);
  const solved = check(puzzle, shading).length === 0;
  say(solved ? 'Solved: the shaded cells keep all three rules.' : '');
  board.dataset['status'] = solved ? 'play-solved' : '';
}

function writeAddress(): void {
  history.replaceState(null, '', addressOf(puzzleAddress, marks));
}

/** A new set of marks, undoable. */
function commit(next: Mark[]): void {
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

/** A click or tap on cell i: not marked, shaded, white, not marked; `backwards` (right click, long press) the other way. */
function onCell(i: number, backwards: boolean): void {
  if (puzzle === null) return;
  leaveViews();
  if (mode === 'set') {
    select(i);
    return;
  }
  const now = marks[i] ?? null;
  const next = marks.slice();
  next[i] = backwards ? (now === null ? false : now === false ? true : null) : now === null ? true : now === true ? false : null;
  commit(next);
}

/** The cell under a point of the screen, or null. */
function cellAt(x: number, y: number): number | null {
  const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('.cell');
  return cell && board.contains(cell) ? Number(cell.dataset['i']) : null;
}

/**
 * The press in progress: a cell is marked when the pointer is lifted over the cell it went down
 * on; a finger or pen held on a cell for `longPressMs` marks it the other way at once (the right
 * click of a touch screen).
 */
let pressed: { id: number; cell: number; button: number; done: boolean } | null = null;
let longPress: ReturnType<typeof setTimeout> | undefined;
const longPressMs = 450;
board.addEventListener('pointerdown', (event) => {
  clearTimeout(longPress);
  const cell = cellAt(event.clientX, event.clientY);
  pressed =
    cell === null || (event.button !== 0 && event.button !== 2) ? null : { id: event.pointerId, cell, button: event.button, done: false };
  const press = pressed;
  if (press !== null && event.pointerType !== 'mouse' && mode === 'play')
    longPress = setTimeout(() => {
      if (pressed !== press) return;
      press.done = true;
      onCell(press.cell, true);
    }, longPressMs);
});
board.addEventListener('pointerup', (event) => {
  clearTimeout(longPress);
  const press = pressed;
  pressed = null;
  if (press === null || press.done || press.id !== event.pointerId || cellAt(event.clientX, event.clientY) !== press.cell) return;
  onCell(press.cell, press.button === 2);
});
// A scroll or a zoom that starts on the board marks nothing.
board.addEventListener('pointercancel', () => {
  clearTimeout(longPress);
  pressed = null;
});
// No menu on the board (the right click and the long press are the player's).
board.addEventListener('contextmenu', (event) => event.preventDefault());

document.addEventListener('keydown', (event) => {
  if (mode === 'set' && !event.ctrlKey && !event.metaKey && !event.altKey && onSetterKey(event)) return event.preventDefault();
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  // The text box keeps its own undo.
  if ((event.target as HTMLElement | null)?.closest('textarea, input, select')) return;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) travel(true);
  else if (key === 'y' || (key === 'z' && event.shiftKey)) travel(false);
  else return;
  event.preventDefault();
});

let worker: Worker | undefined;
let asked = 0;
type Ask = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** Asks the worker; resolves with its reply, or with null when cancelled. */
function ask(request: Ask): Promise<Reply | null> {
  worker ??= new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const id = ++asked;
  const current = worker;
  cancel.hidden = false;
  return new Promise<Reply | null>((resolve) => {
    current.onmessage = ({ data }: MessageEvent<Reply>) => {
      if (data.id === id) resolve(data);
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
  stepsPanel.hidden = false;
  show(e.steps.length);
  say(`${e.steps.length} steps. ${explanation.verdict} Click the grid to go back to your marks.`);
  board.dataset['status'] = e.status;
}

/** The outlines of a hint: the cells a step decides, a wrong mark, the one cell SAT gives. */
function hintOutlines(hint: HintReport, cols: number): Map<number, Outline> {
  const at = (c: { row: number; col: number }) => (c.row - 1) * cols + (c.col - 1);
  const colour = (c: { colour: 'black' | 'white' }): Outline => (c.colour === 'black' ? 'shaded' : 'white');
  if (hint.kind === 'step') return new Map(hint.cells.map((c) => [at(c), colour(c)]));
  if (hint.kind === 'mistakes') return new Map(hint.mistakes.map((c) => [at(c), 'mistake']));
  if (hint.kind === 'solution-cell') return new Map([[at(hint.cell), colour(hint.cell)]]);
  return new Map();
}

async function onHint(): Promise<void> {
  const target = current();
  if (target === null) return;
  leaveViews();
  const sent = marks;
  say('Checking your marks...');
  board.dataset['status'] = 'hinting';
  const reply = replyOf(await ask({ kind: 'hint', text: input.value, marks: sent }), 'hint');
  if (reply === null || target !== puzzle) return;
  if (sent !== marks) return say('Your marks changed while they were checked: ask again.');
  const { hint } = reply;
  hinted = hintOutlines(hint, target.cols);
  // The cells the deduction reasons from (their numbers or colours), marked apart from those it decides.
  premised = new Set(
    hint.kind === 'step' ? hint.premises.map((c) => (c.row - 1) * target.cols + (c.col - 1)).filter((i) => !hinted.has(i)) : [],
  );
  drawPlay();
  say(hint.text.trim(), hint.kind === 'mistakes' || hint.kind === 'no-solution');
  board.dataset['status'] = `hint-${hint.kind}`;
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
  const seed = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  const at = loaded;
  const what = options.pattern === undefined ? 'a new' : 'numbers around your shading for a';
  say(`Making ${what} ${rows}x${cols} puzzle${level === undefined ? '' : ` of class ${level}`}...`);
  board.dataset['status'] = 'generating';
  const reply = replyOf(await ask({ kind: 'generate', rows, cols, seed, ...options }), 'generate');
  // The player put another puzzle on the board meanwhile: keep theirs.
  if (reply === null || at !== loaded) return;
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
/** When the last edit was made (performance.now()), for the verdict's time. */
let editedAt = 0;
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

function askSetter(request: Extract<Ask, { kind: 'verdict' | 'rate' | 'repair' | 'svg' }>, restart = false): Promise<Reply | null> {
  if (restart && setWorker !== undefined && setBusy > 0) {
    setWorker.terminate();
    setWorker = undefined;
    for (const resolve of setPending.values()) resolve(null);
    setPending.clear();
    setBusy = 0;
  }
  if (setWorker === undefined) {
    const created = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    // How many setter's workers have been started (the first, and one per restart).
    board.dataset['setterWorkers'] = String(Number(board.dataset['setterWorkers'] ?? 0) + 1);
    created.onmessage = ({ data }: MessageEvent<Reply>) => {
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
}

/** The board in the setter's mode: the verdict's map (when it is for these numbers), the selection and the fix. */
function drawSet(): void {
  if (puzzle === null) return;
  const map = verdict?.puzzle === puzzle ? verdict.map : null;
  const cells: Mark[] = puzzle.values.map((_, i) => (map === null || map.status === 'none' ? null : (map.cells[i] ?? null)));
  const outlines = new Map<number, Outline>();
  if (fix?.puzzle === puzzle) for (const c of fix.changes) outlines.set(c.cell, 'fix');
  outlines.set(selected, 'selected');
  draw(cells, outlines);
}

function select(i: number): void {
  selected = i;
  typed = null;
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
  input.value = addressForm(next);
  setPuzzle(next);
}

async function onSuggest(): Promise<void> {
  const target = puzzle;
  if (target === null) return;
  showVerdict('Looking for the fewest changes that make the solution unique...', 'set-repairing');
  const reply = await askSetter({ kind: 'repair', puzzle: target }, true);
  if (target !== puzzle || mode !== 'set' || reply === null) return;
  if ('error' in reply || reply.kind !== 'repair') return showVerdict('error' in reply ? reply.error : 'unexpected reply', 'set-error');
  const result = reply.repair;
  const first = result.repairs[0];
  if (first === undefined) {
    const why = {
      repaired: 'no change is needed',
      'beyond-bound': `more than ${result.maxChanges} changes would be needed`,
      impossible: 'no change of numbers can make it unique',
      timeout: 'the time limit came first',
    }[result.status];
    return showVerdict(`No fix: ${why}.`, 'set-no-fix');
  }
  fix = { puzzle: target, changes: first.changes };
  applyButton.hidden = false;
  drawSet();
  const { cols } = target;
  const list = first.changes.map((c) => `r${Math.floor(c.cell / cols) + 1}c${(c.cell % cols) + 1} ${c.from} → ${c.to}`).join(', ');
  const count = first.changes.length;
  showVerdict(`Fix (${count} change${count === 1 ? '' : 's'}, the fewest, proven): ${list}.`, 'set-fix');
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
$('apply').addEventListener('click', applyFix);
$('latin').addEventListener('click', latinFill);
$('export-url').addEventListener('click', () => exportText('url'));
$('export-pzprv3').addEventListener('click', () => exportText('pzprv3'));
$('export-gameid').addEventListener('click', () => exportText('gameid'));
$('export-png').addEventListener('click', () => void exportPng());
// collection: the collection, the daily puzzle and offline use open puzzles through the address.
mountCollection($('collection'), { go: (address) => location.assign(address) });
// Without a puzzle in the address, a new one to play.
if (!readAddressBar()) void onNew();
document.body.dataset['ready'] = 'true';
