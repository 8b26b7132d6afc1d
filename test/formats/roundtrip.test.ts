/**
 * Every format reads back what it writes, on every bundled janko puzzle (881, bench/sets/janko),
 * with the published solution wherever the format has a place for one; and detection names the
 * format each writer produced. The expectation is the set's own record, never the code's output.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDocument, formats, parseDocument, type FormatName } from '../../src/formats/detect.js';
import type { PuzzleDocument } from '../../src/formats/document.js';
import { expectSame } from '../support/expect-same.js';

interface JankoRecord {
  id: string;
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

const setDir = fileURLToPath(new URL('../../bench/sets/janko/', import.meta.url));
const records: JankoRecord[] = readdirSync(setDir)
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) =>
    readFileSync(`${setDir}${name}`, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as JankoRecord),
  );

function documentOfRecord(r: JankoRecord): PuzzleDocument {
  return {
    puzzle: { rows: r.rows, cols: r.cols, values: r.grid.flat(), id: r.id },
    solution: r.solution.flat().map((v) => v === 1),
  };
}

/** What a format keeps of a document: the numbers always, the id where it has a field, the answer where it has a place. */
function kept(doc: PuzzleDocument, format: FormatName) {
  const { rows, cols, values } = doc.puzzle;
  return {
    rows,
    cols,
    values: [...values],
    id: format === 'json' ? doc.puzzle.id : undefined,
    solution: formats[format].holdsSolution ? doc.solution : undefined,
  };
}

function read(doc: PuzzleDocument) {
  const { rows, cols, values, id } = doc.puzzle;
  return { rows, cols, values: [...values], id, solution: doc.solution === undefined ? undefined : [...doc.solution] };
}

/** Singles allows numbers only up to max(width, height); these janko puzzles go beyond it. */
const singlesCanHold = (r: JankoRecord) => Math.max(...r.grid.flat()) <= Math.max(r.rows, r.cols);

describe('every format round-trips every bundled janko puzzle', () => {
  it('has all 881 janko puzzles to test', () => {
    expect(records).toHaveLength(881);
  });

  for (const format of ['text', 'json', 'url', 'pzprv3', 'janko'] as const) {
    it(`${format}: parse(format(puzzle)) gives back the numbers${formats[format].holdsSolution ? ' and the published solution' : ''}, and is detected as ${format}`, () => {
      for (const record of records) {
        const doc = documentOfRecord(record);
        const written = formatDocument(doc, format);
        expectSame(read(parseDocument(written)), kept(doc, format), record.id);
        expectSame(read(parseDocument(written, { from: format })), kept(doc, format), record.id);
      }
    });
  }

  it('gameid: round-trips every puzzle whose numbers Singles allows, and refuses the others naming the cell', () => {
    let refused = 0;
    for (const record of records) {
      const doc = documentOfRecord(record);
      if (!singlesCanHold(record)) {
        refused++;
        expect(() => formatDocument(doc, 'gameid'), record.id).toThrow(/Singles allows numbers only up to max\(width, height\)/);
        continue;
      }
      const written = formatDocument(doc, 'gameid');
      expect(written, record.id).toMatch(new RegExp(`^${record.cols}x${record.rows}:[1-9a-zA-Z]{${record.rows * record.cols}}\\n$`));
      expect(read(parseDocument(written)), record.id).toEqual(kept(doc, 'gameid'));
    }
    // janko 076, 084 (8x8 with a 9), 221 (10x10 with an 11), 621 (4x6 with a 7).
    expect(refused).toBe(4);
  });
});

describe("pzprv3 keeps a player's progress", () => {
  it('reads "#" as shaded, "+" as marked unshaded and "." as not marked; a file without marks has none', () => {
    const doc = parseDocument('pzprv3/hitori/2/3/1 1 2 /2 3 1 /# + . /. . + /');
    expect(doc.marks).toEqual([true, false, null, null, null, false]);
    expect(doc.solution).toEqual([true, false, false, false, false, false]);
    expect(parseDocument('pzprv3/hitori/2/3/1 1 2 /2 3 1 /. . . /. . . /').marks).toBeUndefined();
    expect(parseDocument('pzprv3/hitori/2/3/1 1 2 /2 3 1 /').marks).toBeUndefined();
  });
});
