/**
 * Makes the page's collection (`npm run build && npm run make:collection`): a few
 * hundred published puzzles from the repository's own sets (bench/sets/, whose README names each
 * source), each rated by the rule engine (`rate`, class A..G, null when the rules cannot solve
 * it), written as examples/web/collection/collection.json, which the page fetches and the service
 * worker caches.
 *
 * The choice is fixed, so that the file is the same each time it is made: from each set file
 * the puzzles at evenly spaced places of the file (the first, and every k-th after it), as many
 * as `picks` says for that set and size. Every set listed here publishes each puzzle's unique
 * solution; the test (test/examples/web-collection.test.ts) checks it again against the rules
 * with the independent checker.
 *
 * Format (version 1): `sources` names each set (its name, its home page, the terms it is used
 * under); `puzzles` lists `[id, source, size, class, url, origin]`, rows of a table rather than
 * objects, to keep the file small: `size` is `RxC`, `url` the puzz.link URL the page puts on the
 * board, `origin` the record's own source (a janko.at page, a file of a repository).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..', '..');
const { format, rate } = await import(join(repoRoot, 'dist', 'src', 'index.js'));
const { parseJsonLines } = await import(join(repoRoot, 'dist', 'src', 'formats', 'json.js'));

export const collectionFile = join(here, 'collection.json');

/** The sets the collection takes from, as bench/sets/README.md describes them. */
const sources = {
  nikoli: {
    name: 'Nikoli (sample puzzle, "Godzilla" book, box2014)',
    url: 'https://github.com/ohmec/puzzles',
    terms: 'hand-made by Nikoli, as bundled with ohmec/puzzles; no licence stated, the puzzles belong to Nikoli',
  },
  janko: {
    name: 'janko.at Hitori archive',
    url: 'https://www.janko.at/Raetsel/Hitori/',
    terms: 'hand-made by many authors; the puzzles belong to their authors and janko.at (via SmilingWayne/puzzlekit-dataset)',
  },
  menneske: {
    name: 'menneske.no (Vegard Hanssen)',
    url: 'https://menneske.no/hitori/',
    terms: 'the puzzles belong to menneske.no (via qmi03/hitori)',
  },
  'tudelft-smt': {
    name: 'TU Delft SMT study (RobinRietdijk/CSE3000Q2_SMT)',
    url: 'https://github.com/RobinRietdijk/CSE3000Q2_SMT',
    terms: 'generated puzzles, CC BY 4.0 (RobinRietdijk)',
  },
};

/** How many puzzles each set gives, per size (the file bench/sets/<set>/hitori_<size>.jsonl). */
const picks = {
  nikoli: { '7x7': 1, '8x8': 12, '12x12': 9 },
  janko: {
    '4x4': 1,
    '4x6': 1,
    '5x5': 11,
    '6x6': 20,
    '7x7': 20,
    '8x8': 30,
    '9x9': 20,
    '10x10': 30,
    '12x12': 30,
    '15x15': 20,
    '17x17': 20,
  },
  menneske: { '5x5': 20, '6x6': 20, '12x12': 20 },
  'tudelft-smt': { '5x5': 5, '6x6': 5, '7x7': 5, '8x8': 5, '9x9': 5, '10x10': 5, '11x11': 5, '13x13': 5, '15x15': 5, '20x20': 5 },
};

/** The records at `count` evenly spaced places of a list (the first, then every k-th). */
function spaced(records, count) {
  if (count >= records.length) return records;
  const step = records.length / count;
  return Array.from({ length: count }, (_, k) => records[Math.floor(k * step)]);
}

export async function makeCollection() {
  const puzzles = [];
  const seen = new Set();
  for (const [source, sizes] of Object.entries(picks)) {
    for (const [size, count] of Object.entries(sizes)) {
      const file = join(repoRoot, 'bench', 'sets', source, `hitori_${size}.jsonl`);
      const text = readFileSync(file, 'utf8');
      const origins = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line).source);
      const records = parseJsonLines(text).map((record, k) => ({ ...record, origin: origins[k] }));
      for (const record of spaced(records, count)) {
        if (record.solutions !== 1 || record.solution === undefined)
          throw new Error(`${relative(repoRoot, file)}: ${record.puzzle.id} has no published unique solution`);
        const url = format(record.puzzle, { to: 'url' }).trim();
        // The same numbers under two names would be listed twice.
        if (seen.has(url)) continue;
        seen.add(url);
        const rating = await rate(record.puzzle);
        puzzles.push([record.puzzle.id, source, size, rating.class, url, record.origin]);
      }
    }
  }
  return { version: 1, sources, puzzles };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const collection = await makeCollection();
  // One puzzle a line: small, and a change shows as a change of lines.
  const lines = collection.puzzles.map((p) => JSON.stringify(p));
  const text = `{"version":1,"sources":${JSON.stringify(collection.sources, null, 1)},\n"puzzles":[\n${lines.join(',\n')}\n]}\n`;
  JSON.parse(text);
  writeFileSync(collectionFile, text);
  const classes = {};
  for (const p of collection.puzzles) classes[p[3] ?? 'none'] = (classes[p[3] ?? 'none'] ?? 0) + 1;
  process.stdout.write(
    `${relative(process.cwd(), collectionFile)}: ${collection.puzzles.length} puzzles, classes ${JSON.stringify(classes)}\n`,
  );
}
