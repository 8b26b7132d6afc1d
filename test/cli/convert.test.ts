/**
 * `convert` and the `--to`/`--from` options: each format written by the command reads back to
 * the same puzzle, answers travel where the format has a place for them, pictures show the
 * published solution, and bad input in any format is one line on stderr with exit code 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf, published, type Published } from './run.js';
import { runInProcess } from './in-process.js';

const janko037 = published('janko-037');
const formats = ['text', 'json', 'url', 'pzprv3', 'gameid', 'janko'] as const;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-convert-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The grid of a puzzle as `convert --to json` prints it. */
async function gridOf(input: string, stdin?: string): Promise<number[][]> {
  const out = await runInProcess(['convert', input, '--to', 'json'], stdin === undefined ? {} : { stdin });
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return (JSON.parse(out.stdout) as { grid: number[][] }).grid;
}

/** The shaded cells of an SVG picture: the dark cell rectangles, as (row, column) from their position. */
function shadedCellsOf(svg: string): string[] {
  return [...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="36" height="36" fill="#222"\/>/g)].map(
    (m) => `${(Number(m[2]) - 6) / 36},${(Number(m[1]) - 6) / 36}`,
  );
}

/** The answer grid of a written pzprv3 file (1 for "#") and the solution section of a janko file (1 for "x"). */
function pzprv3Answer(out: string, rows: number): number[][] {
  return linesOf(out)
    .slice(4 + rows, 4 + 2 * rows)
    .map((line) =>
      line
        .trim()
        .split(' ')
        .map((t) => (t === '#' ? 1 : 0)),
    );
}

function jankoSolution(out: string): number[][] {
  const lines = linesOf(out);
  return lines.slice(lines.indexOf('solution') + 1, lines.indexOf('end')).map((line) => line.split(' ').map((t) => (t === 'x' ? 1 : 0)));
}

function publishedShaded(p: Published): string[] {
  return p.solution.flatMap((row, r) => row.flatMap((v, c) => (v === 1 ? [`${r},${c}`] : [])));
}

describe('convert', () => {
  for (const format of formats) {
    it(`--to ${format} writes janko 037 so that reading it back gives the published grid`, async () => {
      const out = await runInProcess(['convert', 'janko-037.json', '--to', format]);
      expect(out.code).toBe(0);
      const file = join(dir, `037.${format}`);
      writeFileSync(file, out.stdout);
      expect(await gridOf(file)).toEqual(janko037.grid);
      expect(await gridOf('-', out.stdout)).toEqual(janko037.grid);
    });
  }

  it('reads a puzz.link URL or a Singles game ID given in place of a file name', async () => {
    expect(await gridOf('https://puzz.link/p?hitori/2/2/1221')).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(await gridOf('2x2:1221')).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('carries the published solution from JSON into pzprv3 and janko files ("#"/"+" and "x"/"-")', async () => {
    const pzprv3 = await runInProcess(['convert', 'janko-037.json', '--to', 'pzprv3']);
    const answer = linesOf(pzprv3.stdout).slice(4 + 17, 4 + 34);
    expect(
      answer.map((line) =>
        line
          .trim()
          .split(' ')
          .map((t) => (t === '#' ? 1 : 0)),
      ),
    ).toEqual(janko037.solution);
    const janko = await runInProcess(['convert', 'janko-037.json', '--to', 'janko']);
    const lines = linesOf(janko.stdout);
    const solution = lines.slice(lines.indexOf('solution') + 1, lines.indexOf('end'));
    expect(solution.map((line) => line.split(' ').map((t) => (t === 'x' ? 1 : 0)))).toEqual(janko037.solution);
  });

  it('says on stderr when the target format has no place for the answer, and still converts', async () => {
    const out = await runInProcess(['convert', 'janko-037.json', '--to', 'url']);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/--to url has no place for the answer/);
  });

  it('--to svg draws the published solution: exactly its shaded cells are dark', async () => {
    const out = await runInProcess(['convert', 'janko-037.json', '--to', 'svg']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^<\?xml[\s\S]*<svg [\s\S]*<\/svg>\n$/);
    expect(shadedCellsOf(out.stdout).sort()).toEqual(publishedShaded(janko037).sort());
    expect([...out.stdout.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]))).toEqual(janko037.grid.flat());
  });

  // robx/pzprjs, test/script/hitori.js: its puzzle, and boards in progress on it.
  const pzprjsFile = (answer: string) => `pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /${answer}`;

  it('a board in progress is unfinished, not a wrong answer: the note counts the marked cells and names a rule the marks break', async () => {
    const started = await runInProcess(['convert', '-', '--to', 'pzprv3'], { stdin: pzprjsFile('# + . . /+ . . . /. . . . /. . . . /') });
    expect(started.code).toBe(0);
    expect(started.stderr).toMatch(/is unfinished: 3 of 16 cells marked; it is copied as given\n$/);
    expect(started.stderr).not.toMatch(/not a solution/);
    // The marks are written back as given: "." stays unmarked.
    expect(linesOf(started.stdout).slice(8)).toEqual(['# + . . ', '+ . . . ', '. . . . ', '. . . . ']);
    // pzprjs's "csAdjacent" board: two shaded cells touch.
    const touching = await runInProcess(['convert', '-', '--to', 'svg'], { stdin: pzprjsFile('# . . . /# . . . /. . . . /. . . . /') });
    expect(touching.stderr).toMatch(
      /is unfinished: 2 of 16 cells marked, and the marks so far break a rule \(shaded cells touch at row 1, column 1 and row 2, column 1\)/,
    );
    // Every cell marked and wrong: a wrong answer, as before.
    const wrong = await runInProcess(['convert', '-', '--to', 'text'], { stdin: pzprjsFile('# + # + /+ + + + /# + # + /+ + + + /') });
    expect(wrong.stderr).toMatch(/is not a solution \(/);
    // The answer pzprjs accepts, white cells partly unmarked: a solution, no note.
    const done = await runInProcess(['convert', '-', '--to', 'pzprv3'], { stdin: pzprjsFile('# + # . /+ + + . /# + # . /+ + + # /') });
    expect(done.stderr).toBe('');
  });

  it('--to svg draws a board in progress: shaded cells dark, each cell marked unshaded ringed, unmarked cells plain', async () => {
    const answer = '# + # . /+ + + . /# + # . /+ + + # /';
    const out = await runInProcess(['convert', '-', '--to', 'svg'], { stdin: pzprjsFile(answer) });
    expect(out.code).toBe(0);
    const tokens = answer.split(/[ /]+/).filter((t) => t !== '');
    const at = (token: string) => tokens.flatMap((t, i) => (t === token ? [`${Math.floor(i / 4)},${i % 4}`] : []));
    expect(shadedCellsOf(out.stdout).sort()).toEqual(at('#').sort());
    const ringed = [...out.stdout.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="14"/g)].map(
      (m) => `${(Number(m[2]) - 6 - 18) / 36},${(Number(m[1]) - 6 - 18) / 36}`,
    );
    expect(ringed.sort()).toEqual(at('+').sort());
  });

  it('-o writes the file atomically and a failed conversion leaves an existing file untouched', async () => {
    const target = join(dir, 'out.txt');
    writeFileSync(target, 'keep me\n');
    const bad = await runInProcess(['convert', '2x2:1231', '--to', 'text', '-o', target]);
    expect(bad.code).toBe(2);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    const good = await runInProcess(['convert', 'janko-002.txt', '--to', 'gameid', '-o', target]);
    expect(good.code).toBe(0);
    expect(good.stdout).toBe('');
    expect(readFileSync(target, 'utf8')).toMatch(/^5x5:[1-5]{25}\n$/);
  });

  it('--from forces the reader: a plain-text grid read as a URL is refused by the URL reader', async () => {
    const out = await runInProcess(['convert', 'janko-002.txt', '--from', 'url', '--to', 'text']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^hitori-sat: janko-002\.txt: a puzz\.link URL is one line/);
  });
});

describe('bad input in every format: one line on stderr, exit code 2', () => {
  const cases: [string, string, RegExp][] = [
    ['bad.url', 'https://puzz.link/p?hitori/3/1/1.2\n', /^hitori-sat: bad\.url, row 1, column 2: the cell is empty/],
    ['seed.txt', '17x17dt#12345\n', /^hitori-sat: seed\.txt: "17x17dt#12345" is a random-seed ID/],
    ['short.gameid', '3x3:1231\n', /^hitori-sat: short\.gameid: the game ID has 4 cell\(s\), a 3x3 grid has 9/],
    [
      'bad.pzprv3',
      'pzprv3\nhitori\n2\n2\n1 2 \n2 ? \n',
      /^hitori-sat: bad\.pzprv3, line 6, row 2, column 2: "\?" is not a positive integer/,
    ],
    [
      'bad.janko',
      'begin\npuzzle hitori\nsize 2\nproblem\n1 2\n2\nend\n',
      /^hitori-sat: bad\.janko, line 6, row 2: problem row 2 has 1 cell/,
    ],
  ];
  beforeAll(() => {
    for (const [name, text] of cases) writeFileSync(join(dir, name), text);
  });
  for (const [name, , expected] of cases) {
    for (const command of ['convert', 'solve', 'explain'] as const) {
      it(`${command} ${name}`, async () => {
        const args = command === 'convert' ? [command, name, '--to', 'json'] : [command, name];
        const out = await runInProcess(args, { cwd: dir });
        expect(out.code).toBe(2);
        expect(out.stdout).toBe('');
        expect(linesOf(out.stderr)).toHaveLength(1);
        expect(out.stderr).toMatch(expected);
      });
    }
  }
});

describe('solve --to and explain --to svg', () => {
  it('solve --to pzprv3 and --to janko write the proven solution, which is the published one', async () => {
    const pzprv3 = await runInProcess(['solve', 'janko-037.txt', '--to', 'pzprv3']);
    expect(pzprv3.code).toBe(0);
    expect(pzprv3Answer(pzprv3.stdout, 17)).toEqual(janko037.solution);
    expect(jankoSolution((await runInProcess(['solve', 'janko-037.txt', '--to', 'janko'])).stdout)).toEqual(janko037.solution);
  });

  it('solve --to url and --to gameid write the puzzle; --to svg draws the published solution', async () => {
    const url = await runInProcess(['solve', 'janko-037.txt', '--to', 'url']);
    expect(url.stdout).toMatch(/^https:\/\/puzz\.link\/p\?hitori\/17\/17\/[0-9a-z]{289}\n$/);
    const svg = await runInProcess(['solve', 'janko-037.txt', '--to', 'svg']);
    expect(shadedCellsOf(svg.stdout).sort()).toEqual(publishedShaded(janko037).sort());
  });

  it('--to and --format that disagree are a usage error', async () => {
    const out = await runInProcess(['solve', 'janko-002.txt', '--to', 'url', '--format', 'json']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--to url and --format json disagree/);
  });

  it('explain --to svg draws one board per step, each step highlighting exactly the cells it decides', async () => {
    const json = await runInProcess(['explain', 'janko-002.txt', '--format', 'json']);
    const steps = (JSON.parse(json.stdout) as { steps: { cells: unknown[] }[] }).steps;
    const svg = await runInProcess(['explain', 'janko-002.txt', '--to', 'svg']);
    expect(svg.code).toBe(0);
    const panels = svg.stdout.split('<g transform=').slice(1);
    expect(panels).toHaveLength(steps.length);
    panels.forEach((panel, k) => {
      expect(panel.match(/stroke-width="3"/g)?.length ?? 0, `step ${k + 1}`).toBe(steps[k]!.cells.length);
      expect(panel).toContain(`>${k + 1}. `);
    });
  });

  it('explain --to svg takes any --timeout (one whose picture reserve is not a whole number of ms draws the same picture)', async () => {
    const plain = await runInProcess(['explain', 'janko-002.txt', '--to', 'svg']);
    const limited = await runInProcess(['explain', 'janko-002.txt', '--to', 'svg', '--timeout', '60010']);
    expect(limited.stderr).toBe('');
    expect(limited.code).toBe(0);
    expect(limited.stdout).toBe(plain.stdout);
  });
});
