/**
 * EVERY STEP CAN BE CHECKED WHERE IT STANDS: on every janko puzzle (bench/sets/janko), each step
 * of the explanation is replayed on a plain array of colours. Before a step, every colour its
 * reason states as known (`given`) holds on the board as it stands, and the reason names that
 * cell. A probe's trial is replayed the same way on a copy, from its assumption to its clash, and
 * the clash is real: the trial board ends with a cell coloured both ways, two black neighbours,
 * a repeated white number, or white cells that black cells split. Nothing here trusts the engine's
 * board: the replay only reads the steps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../src/formats/json.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { cellLabel } from '../../src/puzzle/puzzle.js';
import { solveByRules, type Deduction } from '../../src/rules/index.js';

const jankoDir = fileURLToPath(new URL('../../bench/sets/janko/', import.meta.url));
const UNKNOWN = 0;
const WHITE = 1;
const BLACK = 2;
const code = (colour: 'white' | 'black') => (colour === 'white' ? WHITE : BLACK);

/** Replays steps on `state`; returns whether some step coloured a cell that already had the other colour. */
function replay(puzzle: Puzzle, steps: readonly Deduction[], state: Uint8Array, where: string): boolean {
  let clash = false;
  steps.forEach((d, k) => {
    const at = `${where} step ${k + 1} (${d.technique}: ${d.reason})`;
    for (const g of d.given ?? []) {
      if (state[g.cell] !== code(g.colour)) expect.fail(`${at}: ${cellLabel(puzzle.cols, g.cell)} is not ${g.colour} before the step`);
      // 2-SAT names cells by their place in the line ("c3"), every other technique by "r4c3".
      const name = cellLabel(puzzle.cols, g.cell);
      const inLine = d.technique === '2-SAT' ? name.replace(/^r\d+/, '') : name;
      const inColumn = d.technique === '2-SAT' ? name.replace(/c\d+$/, '') : name;
      if (!d.reason.includes(inLine) && !d.reason.includes(inColumn)) expect.fail(`${at}: does not name ${name}`);
    }
    if (d.probe) {
      const trial = state.slice();
      const clashed = replay(puzzle, d.probe.steps, trial, `${at} trial`);
      if (!clashed && !broken(puzzle, trial)) expect.fail(`${at}: the trial ends without a clash`);
    }
    for (const { cell, colour } of d.cells) {
      if (state[cell] !== UNKNOWN && state[cell] !== code(colour)) clash = true;
      else state[cell] = code(colour);
    }
  });
  return clash;
}

/** Whether a partial board already breaks a rule: black neighbours, a repeated white number, or split white cells. */
function broken(puzzle: Puzzle, state: Uint8Array): boolean {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  const nb = (i: number) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    return [r > 0 ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, r < rows - 1 ? i + cols : -1].filter((j) => j >= 0);
  };
  for (let i = 0; i < n; i++) {
    if (state[i] === BLACK && nb(i).some((j) => state[j] === BLACK)) return true;
    if (state[i] !== WHITE) continue;
    const r = Math.floor(i / cols);
    const c = i % cols;
    for (let j = 0; j < n; j++) {
      if (j === i || state[j] !== WHITE || values[j] !== values[i]) continue;
      if (Math.floor(j / cols) === r || j % cols === c) return true;
    }
  }
  const whites = [...state.keys()].filter((i) => state[i] === WHITE);
  if (whites.length === 0) return false;
  const seen = new Set([whites[0]!]);
  const todo = [whites[0]!];
  while (todo.length > 0) {
    for (const j of nb(todo.pop()!)) {
      if (state[j] !== BLACK && !seen.has(j)) {
        seen.add(j);
        todo.push(j);
      }
    }
  }
  return whites.some((i) => !seen.has(i));
}

describe('every premise of every step holds on the board before that step', () => {
  const files = readdirSync(jankoDir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    it(`on every janko puzzle of ${file}, probe trials included`, () => {
      const records = parseJsonLines(readFileSync(jankoDir + file, 'utf8'));
      let probes = 0;
      for (const { puzzle } of records) {
        const result = solveByRules(puzzle);
        const state = new Uint8Array(puzzle.rows * puzzle.cols);
        const clashed = replay(puzzle, result.steps, state, puzzle.id ?? '?');
        expect(clashed, puzzle.id).toBe(false);
        probes += result.steps.filter((d) => d.probe !== undefined).length;
        for (const d of result.steps) if (d.technique === 'Prob' || d.technique === 'Prob-2') expect(d.probe, puzzle.id).toBeDefined();
      }
      expect(records.length).toBeGreaterThan(0);
      if (process.env['SHOW_PROBES']) console.log(file, records.length, 'puzzles', probes, 'probe trials');
    });
  }
});
