/**
 * The browser page (examples/web/index.html): paste a puzzle in any format, see it drawn, solve it
 * with a proven verdict, or step through the rule engine's explanation. It uses the library's
 * public entry only (`hitori-sat`, src/index.ts), bundled by build.js with CaDiCaL's wasm beside
 * it; nothing leaves the page.
 */
import { type Explanation, explain, type Puzzle, parse, render, solve } from '../../src/index.js';
import { janko037 } from './example.js';

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

/** The puzzle in the text box, drawn bare; null (and the error shown) when it does not parse. */
function readPuzzle(): Puzzle | null {
  try {
    const puzzle = parse(input.value);
    board.innerHTML = render(puzzle, { to: 'svg' });
    return puzzle;
  } catch (error) {
    board.innerHTML = '';
    say((error as Error).message, true);
    return null;
  }
}

/** Lets the browser paint the message before the page's thread is busy solving. */
const paint = () => new Promise((resolve) => setTimeout(resolve, 20));

async function onSolve(): Promise<void> {
  stepsPanel.hidden = true;
  explanation = undefined;
  const puzzle = readPuzzle();
  if (puzzle === null) return;
  say(`Solving the ${puzzle.rows}x${puzzle.cols} puzzle...`);
  await paint();
  try {
    const result = await solve(puzzle, { timeoutMs: 60_000 });
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
  } catch (error) {
    say((error as Error).message, true);
  }
}

async function onExplain(): Promise<void> {
  const puzzle = readPuzzle();
  if (puzzle === null) return;
  say('Explaining...');
  await paint();
  try {
    const e = explain(puzzle, { timeoutMs: 60_000 });
    const lines = e.text.split('\n');
    explanation = { puzzle, steps: e.steps, lines: lines.slice(0, e.steps.length), verdict: lines.at(-2) ?? '' };
    stepsPanel.hidden = false;
    show(e.steps.length);
    say(`${e.steps.length} steps. ${explanation.verdict}`);
    board.dataset['status'] = e.status;
  } catch (error) {
    say((error as Error).message, true);
  }
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
$('explain').addEventListener('click', () => void onExplain());
$('example').addEventListener('click', () => {
  input.value = janko037;
  readPuzzle();
  say('');
});
$('first').addEventListener('click', () => show(0));
$('prev').addEventListener('click', () => show(shown - 1));
$('next').addEventListener('click', () => show(shown + 1));
$('last').addEventListener('click', () => show(Number.MAX_SAFE_INTEGER));
input.addEventListener('input', () => {
  if (input.value.trim() !== '' && readPuzzle() !== null) say('');
});
// A puzzle in the address (`#https://puzz.link/p?hitori/...` or any one-line form) is loaded.
if (location.hash.length > 1) {
  input.value = decodeURIComponent(location.hash.slice(1));
  readPuzzle();
}
document.body.dataset['ready'] = 'true';
