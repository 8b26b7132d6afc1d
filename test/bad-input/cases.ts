/**
 * The bad-input corpus: odd and broken inputs a user may hand to hitori-sat, each with what must
 * happen. A case is either refused (exit 2, one stderr line naming the file, the place and the
 * problem) or answered (the expected verdict comes from an independent brute force or from how
 * the grid is built, never from the program's own output).
 *
 * Contents are built here rather than stored as files: several are binary, large (a line of 1.2 million values),
 * or a FIFO or a folder; corpus.test.ts writes them into a fresh folder.
 */

export type Content =
  | string
  | Uint8Array
  | { readonly kind: 'directory' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'fifo'; readonly text: string };

export type Command = 'solve' | 'dimacs' | 'decode' | 'explain' | 'rate' | 'bench';

export interface Refusal {
  readonly refuse: RegExp;
  /** The place in the message (after the file name), e.g. /line 2, row 2, column 2/. */
  readonly place?: RegExp;
}

/**
 * A grid that must be answered: its verdict under the literal convention, or `brute` for a small
 * plain grid whose verdict the test's brute force computes.
 */
interface Answer {
  readonly answer: 'unique' | 'multiple' | 'none' | 'brute';
}

export interface PuzzleCase {
  readonly name: string;
  readonly file: string;
  readonly content: Content;
  readonly expect: Refusal | Answer;
  /** Commands that refuse this input for a reason of their own (a size limit), with that reason. */
  readonly refusedBy?: Partial<Record<Command, RegExp>>;
  /** Commands that read this refused input as something else they accept (a JSON Lines set). */
  readonly answeredBy?: readonly Command[];
  /** Extra options for some commands (a cheaper rule level on a large grid). */
  readonly options?: Partial<Record<Command, readonly string[]>>;
}

const tooLarge = /is too large: values go up to 9007199254740991/;
const bytes = (...xs: number[]) => Uint8Array.from(xs);
const utf16le = (text: string) => Uint8Array.from(Buffer.from(text, 'utf16le'));
const utf16be = (text: string) => Uint8Array.from(Buffer.from(text, 'utf16le').swap16());
/** A Latin square: every row and column holds 1..n once, so the rules hold with nothing shaded, and single shaded cells keep them. */
const latin = (n: number) =>
  Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n)).join(' ')).join('\n');
const tooLargeForLayers = /too large for the layered CNF/;
const tooManyPairs = /too many pairs of equal numbers/;

export const puzzleCases: readonly PuzzleCase[] = [
  // Empty and malformed text.
  { name: 'an empty file', file: 'empty.txt', content: '', expect: { refuse: /no rows: the input is empty/ } },
  { name: 'blank lines only', file: 'blank.txt', content: '  \n\t\n\r\n\n', expect: { refuse: /no rows: the input is empty/ } },
  { name: 'a byte order mark and nothing else', file: 'bom-only.txt', content: '\uFEFF\n', expect: { refuse: /no rows/ } },
  {
    name: 'ragged rows',
    file: 'ragged.txt',
    content: '1 2 3\n\n2 3\n3 1 2\n',
    expect: { refuse: /row 2 has 2 values, row 1 has 3/, place: /line 3, row 2/ },
  },
  {
    name: 'a letter',
    file: 'letter.txt',
    content: '1 2\n2 x\n',
    expect: { refuse: /"x" is not a positive integer/, place: /line 2, row 2, column 2/ },
  },
  {
    name: 'a zero',
    file: 'zero.txt',
    content: '1 0\n2 1\n',
    expect: { refuse: /"0" is not a positive integer/, place: /line 1, row 1, column 2/ },
  },
  {
    name: 'a negative number',
    file: 'negative.txt',
    content: '1 2\n-3 1\n',
    expect: { refuse: /"-3" is not/, place: /line 2, row 2, column 1/ },
  },
  {
    name: 'a decimal fraction',
    file: 'decimal.txt',
    content: '1 2\n2 1.5\n',
    expect: { refuse: /"1\.5" is not/, place: /line 2, row 2, column 2/ },
  },
  {
    name: 'a fraction with a slash',
    file: 'slash.txt',
    content: '1 1/2\n2 1\n',
    expect: { refuse: /"1\/2" is not/, place: /line 1, row 1, column 2/ },
  },
  {
    name: 'an exponent in text',
    file: 'exponent.txt',
    content: '1 1e3\n2 1\n',
    expect: { refuse: /"1e3" is not/, place: /line 1, row 1, column 2/ },
  },
  {
    name: 'a hexadecimal number',
    file: 'hex.txt',
    content: '1 0x1F\n2 1\n',
    expect: { refuse: /"0x1F" is not/, place: /line 1, row 1, column 2/ },
  },
  {
    name: 'a number beyond 2^53',
    file: 'beyond.txt',
    content: '1 9007199254740993\n2 1\n',
    expect: { refuse: tooLarge, place: /line 1, row 1, column 2/ },
  },
  {
    name: 'a number of a hundred digits, cut in the message with its length',
    file: 'hundred-digits.txt',
    content: `1 2\n2 ${'7'.repeat(100)}\n`,
    expect: { refuse: /"7{20}\.\.\.\(100 characters\)" is too large/, place: /line 2, row 2, column 2/ },
  },
  {
    name: 'a long word, cut',
    file: 'long-word.txt',
    content: `1 ${'ab'.repeat(500)}\n`,
    expect: { refuse: /"(ab){10}\.\.\.\(1,000 characters\)" is not/ },
  },
  {
    name: 'garbage after the grid',
    file: 'trailing.txt',
    content: '1 2\n2 1\n--\n',
    expect: { refuse: /"--" is not/, place: /line 3, row 3, column 1/ },
  },
  // Bytes that are not UTF-8 text.
  {
    name: 'binary data (a PNG header)',
    file: 'image.png',
    content: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00),
    expect: { refuse: /byte 0x89 is not UTF-8 text/, place: /line 1, column 1/ },
  },
  { name: 'a NUL byte', file: 'nul.txt', content: '1 2\n2\u00001\n', expect: { refuse: /a NUL byte/, place: /line 2, column 2/ } },
  {
    name: 'UTF-16 without a byte order mark',
    file: 'utf16-nobom.txt',
    content: utf16le('1 2\n2 1\n'),
    expect: { refuse: /NUL byte.*UTF-16/ },
  },
  {
    name: 'Latin-1 text',
    file: 'latin1.txt',
    content: bytes(0x31, 0x20, 0x32, 0x0a, 0x32, 0x20, 0xe9, 0x0a),
    expect: { refuse: /byte 0xE9 is not UTF-8/, place: /line 2, column 3/ },
  },
  {
    name: 'full-width digits',
    file: 'fullwidth.txt',
    content: '\uff11 \uff12\n\uff12 \uff11\n',
    expect: { refuse: /"\\uff11" is not a positive integer \(full-width digits/, place: /line 1, row 1, column 1/ },
  },
  {
    name: 'an ANSI escape sequence, escaped in the message',
    file: 'ansi.txt',
    content: '1 2\n2 \u001b[31mred\u001b[0m\n',
    expect: { refuse: /"\\u001b\[31mred\\u001b\[0m" is not/, place: /line 2, row 2, column 2/ },
  },
  {
    // Past the cap on values (a million), within the cap on a line's length (16 MiB).
    name: 'a 2.4 MB line of 1.2 million values',
    file: 'long-line.txt',
    content: '1 '.repeat(1_200_000),
    expect: { refuse: /more than 1,000,000 values/, place: /line 1, row 1, column 1000001/ },
  },
  // JSON.
  {
    // Never closed: JSON.parse fails at the end, and the careful reader (iterative) stops at its depth cap.
    name: 'JSON nested 100,000 deep and never closed',
    file: 'deep.json',
    content: `{"grid": ${'['.repeat(100_000)}`,
    expect: { refuse: /not valid JSON: arrays and objects nested more than 256 deep/, place: /line 1, column 265/ },
  },
  {
    // Valid JSON, nested 100,000 deep: read without recursion, then refused for its shape.
    name: 'a deep JSON array',
    file: 'deep-array.json',
    content: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    expect: { refuse: /expected a JSON object with a "grid"/ },
  },
  {
    name: 'a grid cell nested 100,000 deep',
    file: 'deep-cell.json',
    content: `{"grid": [[1, ${'['.repeat(100_000)}${']'.repeat(100_000)}]]}`,
    expect: { refuse: /an array is not a positive integer/, place: /row 1, column 2/ },
  },
  {
    name: 'truncated JSON',
    file: 'truncated.json',
    content: '{"grid": [[1, 2],\n  [2, 1]',
    expect: { refuse: /not valid JSON: unexpected end of input/, place: /line 2, column 9/ },
  },
  {
    name: 'a bad token in JSON',
    file: 'bad-token.json',
    content: '{"grid": [[1, 2],\n [2, x]]}\n',
    expect: { refuse: /not valid JSON: unexpected "x"/, place: /line 2, column 6/ },
  },
  {
    name: 'a trailing comma in JSON',
    file: 'trailing-comma.json',
    content: '{"grid": [[1, 2], [2, 1],]}',
    expect: { refuse: /not valid JSON: unexpected "\]"/, place: /line 1, column 26/ },
  },
  {
    name: 'two JSON objects on two lines (a JSON Lines set to rate and bench)',
    file: 'two.json',
    content: '{"grid": [[1]]}\n{"grid": [[1]]}',
    expect: { refuse: /not valid JSON: unexpected "\{" after the end/, place: /line 2, column 1/ },
    answeredBy: ['rate', 'bench'],
  },
  {
    name: 'two JSON objects on a line',
    file: 'two-on-a-line.json',
    content: '{"grid": [[1]]} {"grid": [[1]]}',
    expect: { refuse: /unexpected "\{" after the end/, place: /line 1, column 17/ },
  },
  {
    name: 'garbage after JSON',
    file: 'garbage.json',
    content: '{"grid": [[1]]} xyz',
    expect: { refuse: /unexpected "xyz" after the end/, place: /line 1, column 17/ },
  },
  {
    name: 'Infinity in JSON',
    file: 'infinity.json',
    content: '{"grid": [[1, Infinity]]}',
    expect: { refuse: /not valid JSON: unexpected "Infinity"/, place: /line 1, column 15/ },
  },
  { name: 'NaN in JSON', file: 'nan.json', content: '{"grid": [[NaN]]}', expect: { refuse: /unexpected "NaN"/ } },
  {
    name: '1e400 in JSON, named as written',
    file: 'e400.json',
    content: '{"grid": [[1, 1e400], [2, 1]]}',
    expect: { refuse: /1e400 is too large/, place: /row 1, column 2/ },
  },
  {
    name: 'an integer beyond 2^53 in JSON, not rounded',
    file: 'beyond.json',
    content: '{"grid": [[1, 9007199254740993]]}',
    expect: { refuse: /9007199254740993 is too large/, place: /row 1, column 2/ },
  },
  {
    name: 'a number as a JSON string',
    file: 'string.json',
    content: '{"grid": [[1, "2"]]}',
    expect: { refuse: /"2" is a string, not a number/, place: /row 1, column 2/ },
  },
  {
    name: 'null in the grid',
    file: 'null.json',
    content: '{"grid": [[1, null]]}',
    expect: { refuse: /null is not a positive integer/, place: /row 1, column 2/ },
  },
  { name: 'true in the grid', file: 'bool.json', content: '{"grid": [[true]]}', expect: { refuse: /true is not a positive integer/ } },
  {
    name: 'an array in a cell',
    file: 'cell-array.json',
    content: '{"grid": [[1, [2]]]}',
    expect: { refuse: /an array is not a positive integer/, place: /row 1, column 2/ },
  },
  {
    name: 'a JSON fraction',
    file: 'fraction.json',
    content: '{"grid": [[1, 2], [2, 1.5]]}',
    expect: { refuse: /1\.5 is not a positive integer/, place: /row 2, column 2/ },
  },
  { name: 'a JSON zero', file: 'zero.json', content: '{"grid": [[0]]}', expect: { refuse: /0 is not a positive integer/ } },
  { name: 'a JSON negative', file: 'negative.json', content: '{"grid": [[-1]]}', expect: { refuse: /-1 is not a positive integer/ } },
  {
    name: 'a grid that is a number',
    file: 'grid-number.json',
    content: '{"grid": 5}',
    expect: { refuse: /"grid" must be a non-empty array of rows/ },
  },
  { name: 'an empty grid', file: 'grid-empty.json', content: '{"grid": []}', expect: { refuse: /"grid" must be a non-empty array/ } },
  { name: 'an empty row', file: 'row-empty.json', content: '{"grid": [[]]}', expect: { refuse: /grid row 1 is not a non-empty array/ } },
  {
    name: 'a grid of numbers, not rows',
    file: 'flat.json',
    content: '{"grid": [1, 2, 3]}',
    expect: { refuse: /grid row 1 is not a non-empty array/ },
  },
  {
    name: 'ragged JSON rows',
    file: 'ragged.json',
    content: '{"grid": [[1, 2], [2, 1, 3]]}',
    expect: { refuse: /grid row 2 has 3 values, row 1 has 2/ },
  },
  {
    name: 'no grid',
    file: 'no-grid.json',
    content: '{"rows": 2, "cols": 2}',
    expect: { refuse: /expected a JSON object with a "grid"|"grid" must be/ },
  },
  {
    name: 'a JSON array, not an object',
    file: 'array.json',
    content: '[[1, 2], [2, 1]]',
    expect: { refuse: /expected a JSON object with a "grid"/ },
  },
  { name: 'a JSON string, not an object', file: 'string-root.json', content: '  {"grid"', expect: { refuse: /not valid JSON/ } },
  {
    name: '"rows" that disagrees with the grid',
    file: 'rows.json',
    content: '{"rows": 3, "grid": [[1, 2], [2, 1]]}',
    expect: { refuse: /"rows" is 3 but the grid has 2/ },
  },
  {
    name: '"cols" as a string',
    file: 'cols.json',
    content: '{"cols": "2", "grid": [[1, 2], [2, 1]]}',
    expect: { refuse: /"cols" is "2" but the grid has 2/ },
  },
  {
    name: 'a raw control character in a JSON string',
    file: 'control.json',
    content: '{"id": "a\u0001b", "grid": [[1]]}',
    expect: { refuse: /a raw control character "\\u0001" in a string/, place: /line 1, column 10/ },
  },
  {
    name: 'a bad escape in a JSON string',
    file: 'escape.json',
    content: '{"id": "a\\xb", "grid": [[1]]}',
    expect: { refuse: /a bad escape \\x in a string/ },
  },
  {
    name: 'a malformed "solution"',
    file: 'bad-solution.json',
    content: '{"grid": [[1, 2], [2, 1]], "solution": "none"}',
    expect: { refuse: /"solution" must be 2 rows of 2 values, each 1 \(shaded\) or 0 \(unshaded\)/ },
  },
  {
    name: 'a "solution" cell that is not 0 or 1',
    file: 'solution-cell.json',
    content: '{"grid": [[1, 2], [2, 1]], "solution": [[0, 0], [0, 2]]}',
    expect: { refuse: /"solution" cell is 2, expected 0 or 1/, place: /row 2, column 2/ },
  },
  {
    name: 'a "solutions" that is not a count',
    file: 'bad-solutions.json',
    content: '{"grid": [[1, 2], [2, 1]], "solutions": "two"}',
    expect: { refuse: /"solutions" is "two", expected 0, 1 or 2/ },
  },
  {
    name: 'a grid over the cell limit in JSON',
    file: 'huge.json',
    content: `{"grid": [[${'1,'.repeat(1_000_000)}1]]}`,
    expect: { refuse: /the grid has 1,000,001 cells, more than the 1,000,000 supported/ },
  },
  // The other formats (puzz.link URL, Singles game ID, pzprv3, janko), malformed.
  {
    name: 'a puzz.link URL with a width of a hundred digits, cut',
    file: 'wide.url',
    content: `https://puzz.link/p?hitori/${'9'.repeat(100)}/2/1111\n`,
    expect: { refuse: /the width \(columns\) "9{20}\.\.\.\(100 characters\)" is not a positive whole number/ },
  },
  {
    name: 'a puzz.link URL that promises ten billion cells',
    file: 'huge.url',
    content: 'https://puzz.link/p?hitori/100000/100000/1111\n',
    // Refused from the size fields, before a cell is decoded.
    expect: { refuse: /the grid has 10,000,000,000 cells \(100000 rows x 100000 columns in the URL: hitori\/100000\/100000\)/ },
  },
  {
    name: 'a whole 1001x1000 puzz.link URL, over the cell limit',
    file: 'over-limit.url',
    content: `https://puzz.link/p?hitori/1001/1000/${'1'.repeat(1_001_000)}\n`,
    expect: {
      refuse: /the grid has 1,001,000 cells \(1000 rows x 1001 columns in the URL: hitori\/1001\/1000\), more than the 1,000,000 supported/,
    },
  },
  {
    name: 'a whole 1001x1001 janko file, over the cell limit',
    file: 'over-limit.janko',
    content: `begin\npuzzle hitori\nsize 1001\nproblem\n${latin(1001)}\nend\n`,
    expect: { refuse: /the grid has 1,002,001 cells \(1001 rows x 1001 columns\), more than the 1,000,000 supported/, place: /line 3/ },
  },
  {
    name: 'a truncated Singles game ID',
    file: 'short.gameid',
    content: '5x5:12\n',
    expect: { refuse: /the game ID has 2 cell\(s\), a 5x5 grid has 25/ },
  },
  {
    name: 'an escape sequence in a pzprv3 file',
    file: 'ansi.pzprv3',
    content: 'pzprv3\nhitori\n2\n2\n1 1\n1 \u001b[31m\n',
    expect: { refuse: /"\\u001b\[31m" is not a positive integer/, place: /line 6, row 2, column 2/ },
  },
  {
    name: 'a pzprv3 file that ends early',
    file: 'short.pzprv3',
    content: 'pzprv3\nhitori\n2\n2\n1 1\n1 1\n# + \n',
    expect: { refuse: /the file ends before answer row 2/ },
  },
  {
    name: 'a janko file with a long solution mark, cut',
    file: 'mark.janko',
    content: `begin\npuzzle hitori\nsize 2\nproblem\n1 1\n2 1\nsolution\nx -\n- ${'q'.repeat(100)}\nend\n`,
    expect: { refuse: /"q{20}\.\.\.\(100 characters\)" is not a solution mark/, place: /line 9, row 2, column 2/ },
  },
  {
    name: 'a janko file for another puzzle type',
    file: 'sudoku.janko',
    content: 'begin\npuzzle sudoku\nsize 2\nproblem\n1 2\n2 1\nend\n',
    expect: { refuse: /not hitori/ },
  },
  { name: 'a puzz.link URL (valid)', file: 'valid.url', content: 'https://puzz.link/p?hitori/2/2/1121\n', expect: { answer: 'unique' } },
  // Files that are not regular files.
  { name: 'a folder', file: 'a-folder', content: { kind: 'directory' }, expect: { refuse: /cannot read it: it is a directory/ } },
  { name: 'a missing file', file: 'missing.txt', content: { kind: 'missing' }, expect: { refuse: /cannot read it: no such file/ } },
  // Odd but valid: answered.
  // `1 1 / 2 1` has one solution: shade row 1, column 2 (shading row 1, column 1 instead forces
  // row 2, column 2 shaded, which cuts off row 1, column 2).
  {
    name: 'a FIFO (a named pipe) with a puzzle written into it',
    file: 'pipe',
    content: { kind: 'fifo', text: '1 1\n2 1\n' },
    expect: { answer: 'unique' },
  },
  { name: 'lines ending in CR alone (old Mac)', file: 'cr.txt', content: '1 1\r2 1\r', expect: { answer: 'unique' } },
  { name: 'CRLF line ends', file: 'crlf.txt', content: '1 1\r\n2 1\r\n', expect: { answer: 'unique' } },
  { name: 'a UTF-8 byte order mark', file: 'bom.txt', content: '\uFEFF1 1\n2 1\n', expect: { answer: 'unique' } },
  { name: 'UTF-16 LE with a byte order mark', file: 'utf16le.txt', content: utf16le('\uFEFF1 1\n2 1\n'), expect: { answer: 'unique' } },
  { name: 'UTF-16 BE with a byte order mark', file: 'utf16be.txt', content: utf16be('\uFEFF1 1\n2 1\n'), expect: { answer: 'unique' } },
  { name: 'tabs and extra blanks', file: 'tabs.txt', content: '\n\t1\t 1  \n\n 2 1\t\n\n', expect: { answer: 'unique' } },
  { name: 'leading zeros and plus signs', file: 'zeros.txt', content: '01 +1\n2 001\n', expect: { answer: 'unique' } },
  {
    name: 'JSON with CR line ends and a BOM',
    file: 'cr.json',
    content: '\uFEFF{"grid":\r[[1, 1],\r[2, 1]]}\r',
    expect: { answer: 'unique' },
  },
  { name: 'JSON 1e0 is the number 1', file: 'e0.json', content: '{"grid": [[1e0, 2], [2, 1]]}', expect: { answer: 'multiple' } },
  { name: 'a 1x1 grid', file: '1x1.txt', content: '7\n', expect: { answer: 'brute' } },
  { name: 'a 1x2 grid of equal values', file: '1x2.txt', content: '3 3\n', expect: { answer: 'brute' } },
  { name: 'a 1x3 grid of equal values', file: '1x3.txt', content: '1 1 1\n', expect: { answer: 'brute' } },
  { name: 'a 1xN row', file: '1x6.txt', content: '1 2 1 3 2 4\n', expect: { answer: 'brute' } },
  { name: 'an Nx1 column', file: '5x1.txt', content: '2\n1\n2\n3\n3\n', expect: { answer: 'brute' } },
  { name: 'a 7x1 column', file: '7x1.txt', content: '1\n1\n1\n2\n1\n1\n1\n', expect: { answer: 'brute' } },
  {
    // 2000 cells, values 1..7 repeating: at most 7 cells may stay unshaded, but no two shaded cells may touch.
    name: 'a 2000x1 column',
    file: '2000x1.txt',
    content: `${Array.from({ length: 2000 }, (_, r) => 1 + (r % 7)).join('\n')}\n`,
    expect: { answer: 'none' },
  },
  {
    name: 'a 1x2000 row',
    file: '1x2000.txt',
    content: `${Array.from({ length: 2000 }, (_, c) => 1 + (c % 7)).join(' ')}\n`,
    expect: { answer: 'none' },
  },
  {
    // 2 x C(50000, 2): about 2.5 billion pairs of equal numbers in one line (it once hung, or
    // ended in "Invalid typed array length"). Its line must shade 99,998 of its 100,000 cells,
    // more than every other one: solve says "none" from that count; every other command refuses
    // it at once with its own count.
    name: 'a 1x100000 row of 1s and 2s',
    file: '1x100000.txt',
    content: `${Array.from({ length: 100_000 }, (_, c) => 1 + (c % 2)).join(' ')}\n`,
    expect: { answer: 'none' },
    refusedBy: { dimacs: tooLargeForLayers, decode: tooLargeForLayers, explain: tooManyPairs, rate: tooManyPairs },
  },
  {
    name: 'a 200x200 Latin square',
    file: '200x200.txt',
    content: `${latin(200)}\n`,
    expect: { answer: 'multiple' },
    // Its complete layered CNF would have billions of literals: refused before it is built.
    refusedBy: { dimacs: tooLargeForLayers, decode: tooLargeForLayers },
    options: { explain: ['--max-level', 'E'] },
  },
];

/** A model file for `decode`, against the puzzle `1 1 / 2 1` (4 cells, 10 variables in its layered CNF). */
export interface ModelCase {
  readonly name: string;
  readonly content: Content;
  readonly expect: Refusal | { readonly exit: 0 | 1 | 3 };
}

export const modelPuzzle = '1 1\n2 1\n';

export const modelCases: readonly ModelCase[] = [
  {
    name: 'a contradictory model (v 1 -1)',
    content: 's SATISFIABLE\nv 1 -1 -2 -3 -4 0\n',
    expect: { refuse: /variable 1 is given both true and false/, place: /line 2/ },
  },
  {
    name: 'a literal far beyond the formula',
    content: 's SATISFIABLE\nv 100000000000 0\n',
    expect: { refuse: /literal 100000000000 is beyond the formula's \d+ variables/, place: /line 2/ },
  },
  { name: 'a literal beyond 2^53', content: 'v -1 9007199254740993 0\n', expect: { refuse: /literal 9007199254740993 is beyond/ } },
  {
    name: 'a literal of a hundred digits',
    content: `v -1 ${'9'.repeat(100)} 0\n`,
    expect: { refuse: /literal 9{20}\.\.\.\(100 characters\) is beyond/ },
  },
  {
    name: 'a model of a 17x17 puzzle',
    content: `s SATISFIABLE\nv ${Array.from({ length: 289 }, (_, k) => -(k + 1)).join(' ')} 0\n`,
    expect: { refuse: /literal -\d+ is beyond the formula's \d+ variables/ },
  },
  { name: 'a truncated model', content: 's SATISFIABLE\nv -1 -2\n', expect: { refuse: /the model gives no value for variable 3/ } },
  { name: 'a status without a model', content: 's SATISFIABLE\n', expect: { refuse: /no value for variable 1/ } },
  { name: 'words in the model', content: 's SATISFIABLE\nv a b 0\n', expect: { refuse: /"a" is not a literal/, place: /line 2/ } },
  { name: 'an unknown status', content: 's MAYBE\n', expect: { refuse: /unknown solver status "MAYBE"/, place: /line 1/ } },
  { name: 'an empty model file', content: '', expect: { refuse: /no "s" status line and no literals/ } },
  {
    name: 'a model with an escape sequence',
    content: 's SATISFIABLE\nv \u001b[2J 0\n',
    expect: { refuse: /"\\u001b\[2J" is not a literal/ },
  },
  { name: 'a binary model', content: bytes(0x00, 0x01, 0x02), expect: { refuse: /a NUL byte/ } },
  { name: 'a folder as the model', content: { kind: 'directory' }, expect: { refuse: /it is a directory/ } },
  { name: 'UNSATISFIABLE', content: 's UNSATISFIABLE\n', expect: { exit: 1 } },
  { name: 'UNKNOWN', content: 's UNKNOWN\n', expect: { exit: 3 } },
  // The puzzle's only solution shades cell 2 (row 1, column 2).
  { name: 'the solution', content: 's SATISFIABLE\nv -1 2 -3 -4 0\n', expect: { exit: 0 } },
  { name: 'a model that breaks the rules', content: 'v -1 -2 -3 -4 0\n', expect: { exit: 1 } },
  { name: "MiniSat's result file", content: 'SAT\n-1 2 -3 -4 0\n', expect: { exit: 0 } },
];
