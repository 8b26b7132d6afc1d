/**
 * NO UNSOUND DEDUCTION: on every janko puzzle (bench/sets/janko, 881 puzzles) and a sample of
 * 300 menneske puzzles (test/fixtures/menneske-sample.jsonl), every step of the engine agrees
 * with the published solution, no puzzle ends in a contradiction, and a solved board is the
 * published solution, proven unique.
 *
 * EVERY STEP CAN BE CHECKED WHERE IT STANDS: on every janko puzzle, each step of the explanation
 * is replayed on a plain array of colours. Before a step, every colour its reason states as known
 * (`given`) holds on the board as it stands, and the reason names that cell. A probe's trial is
 * replayed the same way on a copy, from its assumption to its clash, and the clash is real: the
 * trial board ends with a cell coloured both ways, two black neighbours, a repeated white number,
 * or white cells that black cells split. Nothing here trusts the engine's board: the replay only
 * reads the steps.
 *
 * Both read one run of the engine on each janko puzzle (`solvedJanko`): a run of all 881 took
 * 3 s of CPU, and the two checks were two files that each ran them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonLines, type PuzzleRecord } from '../../src/formats/json.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { cellLabel } from '../../src/puzzle/puzzle.js';
import { rate, solveByRules, type Deduction, type RulesResult } from '../../src/rules/index.js';

const jankoDir = fileURLToPath(new URL('../../bench/sets/janko/', import.meta.url));
const menneskeFile = fileURLToPath(new URL('../fixtures/menneske-sample.jsonl', import.meta.url));

const jankoFiles = readdirSync(jankoDir)
  .filter((name) => name.endsWith('.jsonl'))
  .sort();

/** The engine's run on each puzzle of a janko set file, made once for the tests of this file that read it. */
const jankoRuns = new Map<string, { record: PuzzleRecord; result: RulesResult }[]>();
function solvedJanko(file: string): { record: PuzzleRecord; result: RulesResult }[] {
  let runs = jankoRuns.get(file);
  if (runs === undefined) {
    runs = parseJsonLines(readFileSync(jankoDir + file, 'utf8')).map((record) => ({ record, result: solveByRules(record.puzzle) }));
    jankoRuns.set(file, runs);
  }
  return runs;
}

function checkAgainstSolution(record: PuzzleRecord, result = solveByRules(record.puzzle)): 'solved' | 'stuck' {
  const id = record.puzzle.id ?? '?';
  const solution = record.solution!.flat().map((v) => (v === 1 ? 'black' : 'white'));
  for (const d of result.steps) {
    for (const { cell, colour } of d.cells) {
      if (colour !== solution[cell]) expect.fail(`${id}: ${d.technique} says ${cell} ${colour}: ${d.reason}`);
    }
  }
  expect(result.status, id).not.toBe('contradiction');
  if (result.status === 'solved') {
    expect(
      result.shading!.map((b) => (b ? 'black' : 'white')),
      id,
    ).toEqual(solution);
    expect(result.unique, id).toBe(true);
  }
  return result.status === 'solved' ? 'solved' : 'stuck';
}

describe('no unsound deduction', () => {
  it('on any of the 881 janko puzzles', { timeout: 120_000 }, () => {
    const runs = jankoFiles.flatMap((file) => solvedJanko(file));
    expect(runs).toHaveLength(881);
    const solved = runs.map(({ record, result }) => checkAgainstSolution(record, result)).filter((s) => s === 'solved').length;
    // Measured in bench/rules.ts; here only a floor, so that a regression shows.
    expect(solved).toBeGreaterThanOrEqual(878);
  });

  it('on 300 menneske puzzles, and each gets a difficulty class', () => {
    const records = parseJsonLines(readFileSync(menneskeFile, 'utf8'));
    expect(records).toHaveLength(300);
    for (const record of records) {
      expect(checkAgainstSolution(record), record.puzzle.id).toBe('solved');
      const rating = rate(record.puzzle);
      expect(rating.class, record.puzzle.id).not.toBeNull();
      expect(
        rating.result.shading!.map((b) => (b ? 1 : 0)),
        record.puzzle.id,
      ).toEqual(record.solution!.flat());
    }
  });
});

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
  for (const file of jankoFiles) {
    it(`on every janko puzzle of ${file}, probe trials included`, () => {
      const runs = solvedJanko(file);
      let probes = 0;
      for (const {
        record: { puzzle },
        result,
      } of runs) {
        const state = new Uint8Array(puzzle.rows * puzzle.cols);
        const clashed = replay(puzzle, result.steps, state, puzzle.id ?? '?');
        expect(clashed, puzzle.id).toBe(false);
        for (const d of result.steps) {
          if (d.probe !== undefined) probes++;
          if (d.technique === 'Prob' || d.technique === 'Prob-2') expect(d.probe, puzzle.id).toBeDefined();
        }
      }
      expect(runs.length).toBeGreaterThan(0);
      if (process.env['SHOW_PROBES']) console.log(file, runs.length, 'puzzles', probes, 'probe trials');
    });
  }
});
