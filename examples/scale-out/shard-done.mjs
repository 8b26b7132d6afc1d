// Whether a shard is already counted, so that a rerun of a recipe redoes only the shards that
// failed, were cancelled or never ran. The recipes call it, from the clone's root, before counting:
//   node examples/scale-out/shard-done.mjs FILE BOARD SYMBOLS INDEX COUNT
// It exits 0 when FILE holds a complete result of shard INDEX of COUNT of BOARD (RxC) over
// SYMBOLS, counted as the recipes count (no --prune; the histogram with the thesis rule set, one
// rating per symmetry orbit) by this clone's version (package.json: the one `npx hitori-sat`
// runs here), which is what `enumerate --merge` will accept beside the other shards. Otherwise it
// exits 1, and says why on stderr when the file is there but not such a result (half-written
// files cannot occur: `-o` writes a temporary file and renames it into place).
import { existsSync, readFileSync } from 'node:fs';

const [file, board, symbols, index, count] = process.argv.slice(2);
if (count === undefined) {
  console.error('usage: node examples/scale-out/shard-done.mjs FILE BOARD SYMBOLS INDEX COUNT');
  process.exit(2);
}
if (!existsSync(file)) process.exit(1);

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const [rows, cols] = board.split('x').map(Number);
let result;
try {
  result = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`${file}: not a shard result (${error.message}); counting it again`);
  process.exit(1);
}
const expected = {
  format: 'hitori-sat enumerate',
  version,
  rows,
  cols,
  symbols: Number(symbols),
  prune: false,
  rating: JSON.stringify({ ruleSet: 'thesis', symmetry: true }),
  'shard index': Number(index),
  'shard count': Number(count),
  complete: true,
};
const found = {
  format: result?.format,
  version: result?.version,
  rows: result?.rows,
  cols: result?.cols,
  symbols: result?.symbols,
  prune: result?.prune,
  rating: JSON.stringify(result?.rating),
  'shard index': result?.shard?.index,
  'shard count': result?.shard?.count,
  complete: result?.complete,
};
const wrong = Object.keys(expected).filter((key) => found[key] !== expected[key]);
if (wrong.length > 0) {
  const what = wrong.map((key) => `${key} ${found[key]} (not ${expected[key]})`).join(', ');
  console.error(`${file}: not this shard's complete result: ${what}; counting it again`);
  process.exit(1);
}
