/**
 * The browser page (examples/web/index.html): paste a puzzle in any format, see it drawn, solve it
 * with a proven verdict, or step through the rule engine's explanation. It uses the library's
 * public entry only (`hitori-sat`, src/index.ts), bundled by build.js with CaDiCaL's wasm beside
 * it; nothing leaves the page. Solving and explaining run in a Web Worker (worker.ts), which
 * "Cancel" ends.
 */
import { type Explanation, type Puzzle, parse, render } from '../../src/index.js';
import { janko037 } from './example.js';
import type { Reply, Request } from './worker.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = $<HTMLTextAreaElement>('puzzle');
const board = $<HTMLDivElement>('board');
const message = $<HTMLParagraphElement>('message');
const stepsPanel = $<HTMLElement>('steps');
const stepText = $<HTMLParagraphElement>('step');
const counter = $<HTMLSpanElement>('counter');

let explanation: { puzzle: Puzzle; steps: Explanation['steps']; lines: string[]; verdict: string } | undefined;
let shown = 0;

function say(text: string, error = false): void {
  message.textContent = text;
  message.className = error ? 'error' : '';
  board.dataset['status'] = error ? 'error' : '';
}

/** The player's marks on the puzzle in the box (true shaded, false white, null not marked); newPuzzle clears them. */
let marks: (boolean | null)[] | undefined;

/** The puzzle in the text box, drawn bare; null (and the error shown) when it does not parse. */
function readPuzzle(): Puzzle | null {
  try {
    const puzzle = parse(input.value);
    board.innerHTML = render(puzzle, { to: 'svg' });
    // Cells of a readable size: a small grid is not blown up to the full width (style.css).
    board.style.setProperty('--cols', String(puzzle.cols));
    return puzzle;
  } catch (error) {
    board.innerHTML = '';
    say((error as Error).message, true);
    return null;
  }
}

let worker: Worker | undefined;
let asked = 0;
const cancel = $<HTMLButtonElement>('cancel');

/** Asks the worker; resolves with its reply, or with null when cancelled. */
function ask(kind: Request['kind'], text: string, marked?: readonly (boolean | null)[]): Promise<Reply | null> {
  worker ??= new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const id = ++asked;
  const current = worker;
  cancel.hidden = false;
  return new Promise((resolve) => {
    current.onmessage = ({ data }: MessageEvent<Reply>) => {
      if (data.id === id) resolve(data);
    };
    current.onerror = (event) => resolve({ id, error: event.message || 'the solver worker failed' });
    cancel.onclick = () => {
      current.terminate();
      worker = undefined;
      resolve(null);
    };
    current.postMessage({ id, kind, text, ...(marked === undefined ? {} : { marks: marked }) } satisfies Request);
  }).finally(() => {
    cancel.hidden = true;
  }) as Promise<Reply | null>;
}

async function onSolve(): Promise<void> {
  stepsPanel.hidden = true;
  explanation = undefined;
  const puzzle = readPuzzle();
  if (puzzle === null) return;
  say(`Solving the ${puzzle.rows}x${puzzle.cols} puzzle...`);
  const reply = await ask('solve', input.value);
  if (reply === null) return say('Cancelled.');
  if ('error' in reply || reply.kind !== 'solve') return say('error' in reply ? reply.error : 'unexpected reply', true);
  const { result } = reply;
  const first = result.solutions[0] ?? result.partial;
  if (first !== undefined) board.innerHTML = render(puzzle, { to: 'svg', cells: first });
  const verdict = {
    unique: 'Unique solution, proven: no other shading satisfies the rules.',
    multiple: 'More than one solution: this is one of them.',
    none: 'No solution: no shading satisfies the rules.',
    timeout: 'Time limit reached before the solver decided.',
    stuck: 'The rules alone could not decide every cell (undecided cells in grey).',
  }[result.status];
  say(`${verdict} (${result.engine} engine${result.backend ? `, ${result.backend}` : ''}, ${result.timeMs.toFixed(0)} ms)`);
  board.dataset['status'] = result.status;
}

async function onExplain(): Promise<void> {
  const puzzle = readPuzzle();
  if (puzzle === null) return;
  say('Explaining...');
  const reply = await ask('explain', input.value);
  if (reply === null) return say('Cancelled.');
  if ('error' in reply || reply.kind !== 'explain') return say('error' in reply ? reply.error : 'unexpected reply', true);
  const e = reply.explanation;
  explanation = { puzzle, steps: e.steps, lines: stepTexts(e.text), verdict: e.text.split('\n').at(-2) ?? '' };
  stepsPanel.hidden = false;
  show(e.steps.length);
  say(`${e.steps.length} steps. ${explanation.verdict}`);
  board.dataset['status'] = e.status;
}

/** Draws the player's marks (unmarked cells grey), the given cells outlined. */
function drawMarks(puzzle: Puzzle, highlight: readonly number[] = []): void {
  const cells = marks ?? new Array<boolean | null>(puzzle.rows * puzzle.cols).fill(null);
  board.innerHTML = render(puzzle, { to: 'svg', cells, highlight });
}

/** The cell under a click on the drawn grid (its frame is the rect with stroke-width 2), or null. */
function cellAt(puzzle: Puzzle, event: MouseEvent): number | null {
  const svg = board.querySelector('svg');
  const frame = svg?.querySelector<SVGRectElement>('rect[stroke-width="2"]');
  const toSvg = svg?.getScreenCTM()?.inverse();
  if (!svg || !frame || !toSvg) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(toSvg);
  const x = (p.x - frame.x.baseVal.value) / frame.width.baseVal.value;
  const y = (p.y - frame.y.baseVal.value) / frame.height.baseVal.value;
  if (x < 0 || x >= 1 || y < 0 || y >= 1) return null;
  return Math.floor(y * puzzle.rows) * puzzle.cols + Math.floor(x * puzzle.cols);
}

/** A click cycles the cell: not marked, shaded, marked white, not marked. */
function onBoardClick(event: MouseEvent): void {
  if (explanation !== undefined) return;
  let puzzle: Puzzle;
  try {
    puzzle = parse(input.value);
  } catch {
    return;
  }
  const i = cellAt(puzzle, event);
  if (i === null) return;
  marks ??= new Array<boolean | null>(puzzle.rows * puzzle.cols).fill(null);
  const now = marks[i];
  marks[i] = now === null ? true : now === true ? false : null;
  board.dataset['status'] = '';
  drawMarks(puzzle);
}

async function onHint(): Promise<void> {
  stepsPanel.hidden = true;
  explanation = undefined;
  const puzzle = readPuzzle();
  if (puzzle === null) return;
  drawMarks(puzzle);
  say('Checking your marks...');
  const reply = await ask('hint', input.value, marks);
  if (reply === null) return say('Cancelled.');
  if ('error' in reply || reply.kind !== 'hint') return say('error' in reply ? reply.error : 'unexpected reply', true);
  const { hint } = reply;
  const at = (c: { row: number; col: number }) => (c.row - 1) * puzzle.cols + (c.col - 1);
  const outlined =
    hint.kind === 'step'
      ? hint.cells.map(at)
      : hint.kind === 'mistakes'
        ? hint.mistakes.map(at)
        : hint.kind === 'solution-cell'
          ? [at(hint.cell)]
          : [];
  drawMarks(puzzle, outlined);
  say(hint.text.trim(), hint.kind === 'mistakes' || hint.kind === 'no-solution');
  board.dataset['status'] = `hint-${hint.kind}`;
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

/** Draws the board after the first `k` steps, the cells of step k highlighted. */
function show(k: number): void {
  if (explanation === undefined) return;
  const { puzzle, steps, lines } = explanation;
  shown = Math.max(0, Math.min(steps.length, k));
  const cells: (boolean | null)[] = new Array(puzzle.rows * puzzle.cols).fill(null);
  const highlight: number[] = [];
  steps.slice(0, shown).forEach((step, s) => {
    for (const c of step.cells) {
      const i = (c.row - 1) * puzzle.cols + (c.col - 1);
      cells[i] = c.colour === 'black';
      if (s === shown - 1) highlight.push(i);
    }
  });
  board.innerHTML = render(puzzle, { to: 'svg', cells, highlight });
  counter.textContent = `step ${shown} of ${steps.length}`;
  stepText.textContent = shown === 0 ? 'The puzzle, before any step.' : (lines[shown - 1] ?? '');
}

$('solve').addEventListener('click', () => void onSolve());
$('hint').addEventListener('click', () => void onHint());
board.addEventListener('click', onBoardClick);
$('explain').addEventListener('click', () => void onExplain());
/** A new puzzle in the box: no marks, no explanation of the old one. */
function newPuzzle(): void {
  marks = undefined;
  explanation = undefined;
  stepsPanel.hidden = true;
}
$('example').addEventListener('click', () => {
  newPuzzle();
  input.value = janko037;
  readPuzzle();
  say('');
});
$('first').addEventListener('click', () => show(0));
$('prev').addEventListener('click', () => show(shown - 1));
$('next').addEventListener('click', () => show(shown + 1));
$('last').addEventListener('click', () => show(Number.MAX_SAFE_INTEGER));
input.addEventListener('input', () => {
  newPuzzle();
  if (input.value.trim() !== '' && readPuzzle() !== null) say('');
});
// A puzzle in the address (`#https://puzz.link/p?hitori/...` or any one-line form) is loaded.
if (location.hash.length > 1) {
  input.value = decodeURIComponent(location.hash.slice(1));
  readPuzzle();
}
document.body.dataset['ready'] = 'true';
