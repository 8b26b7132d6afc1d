/**
 * Every shell example in README.md runs here, so that no README promise drifts from what the
 * command does. The command lines are read from the README's ```sh blocks; each runs through
 * `sh -c` (pipes, redirections and loops as a reader's shell would run them) in a temporary
 * folder laid out like the clone (examples/, bench/sets, dist/), with `hitori-sat` on the PATH
 * running the built command as the other CLI tests do. The lines of a block run in order, in one
 * folder, so an example may use a file an earlier one of its block wrote.
 *
 * A line that is the command alone (`hitori-sat ARGS`, quoted as a shell quotes, its stdout
 * perhaps sent to a file with `>`) runs in the test's command host (cli/in-process.ts), which runs
 * the built command as a process would, without a process start each: the README promises what
 * the command prints, writes and exits with, not how it starts. Every other line (pipes, loops,
 * stdin from a file, the bin run by its path, other programs) runs through `sh -c` as a process.
 *
 * `expected` is keyed by the command line as written, without its trailing `# comment`: the
 * exit code and a text that some line of the output (stdout and stderr, or the file `file`)
 * must contain. A README line missing from the table fails, and so does an entry no README line
 * uses: a new or changed example must say here what it promises.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './cli/in-process.js';
import { cliArgv, repoRoot } from './cli/run.js';

interface Runs {
  readonly code: number;
  /** Text that one line of the output contains (of `file` when given, else of stdout and stderr). */
  readonly line: string;
  /** A file the command writes, read as Latin-1 (so that a PNG's signature can be matched). */
  readonly file?: string;
  /** An external program the line runs (or `font`: a system font, for PNG); without it the line is skipped, with a message. */
  readonly needs?: string;
}
interface NotRun {
  readonly notRun: string;
}

const latin4 = "printf '1 2 3 4\\n2 3 4 1\\n3 4 1 2\\n4 1 2 3\\n' > latin4.txt";
const progress = "printf 'pzprv3/hitori/4/4/3 3 1 4/4 3 2 2/1 3 4 2/3 4 3 2/# . . ./. . . ./. . . ./. . . ./' > progress.pzprv3";
const makeSet = 'hitori-sat generate 6x6 --count 5 --seed 7 --format jsonl > set.jsonl';
const verdictUnique = 'unique solution, proven';

const expected: Readonly<Record<string, Runs | NotRun>> = {
  // Set-up
  'npm ci && npx hitori-sat solve examples/janko-037.txt': { notRun: 'installs and builds; the suite runs after it' },
  'npm test': { notRun: 'the suite this test is part of' },
  'npm link': { notRun: 'changes the global npm folder' },
  './dist/src/cli/hitori-sat.cjs solve examples/janko-002.txt': { code: 0, line: verdictUnique },
  // Solve
  'hitori-sat solve examples/janko-037.txt': { code: 0, line: verdictUnique },
  'hitori-sat solve examples/janko-037.json --format json': { code: 0, line: '"status":"unique"' },
  'hitori-sat solve - < examples/janko-002.txt': { code: 0, line: '# 4 5 # 2' },
  "hitori-sat solve 'https://puzz.link/p?hitori/4/4/3314432213423432'": { code: 0, line: verdictUnique },
  'hitori-sat solve 4x4:3314432213423432 --to pzprv3': { code: 0, line: '+ # + +' },
  [latin4]: { code: 0, line: '4 1 2 3', file: 'latin4.txt' },
  'hitori-sat solve latin4.txt': { code: 0, line: 'multiple solutions' },
  'hitori-sat solve latin4.txt --count 10': { code: 0, line: 'multiple solutions' },
  'hitori-sat solve examples/janko-002.txt --engine sat --backend minisat --timeout 60000': { code: 0, line: 'backend minisat' },
  'hitori-sat solve examples/janko-002.txt --engine sat --connectivity layers': { code: 0, line: 'encoding layers' },
  'hitori-sat solve examples/janko-002.txt --solver-cmd "cadical"': { code: 0, line: '# 4 5 # 2', needs: 'cadical' },
  'hitori-sat solve examples/janko-002.txt --convention shaded-duplicates': { code: 0, line: 'convention shaded-duplicates' },
  'hitori-sat solve examples/janko-037.txt --certificate cert037': { code: 0, line: 'written to cert037' },
  'hitori-sat verify cert037': { code: 0, line: 'the certificate holds: unique' },
  // dimacs and decode
  'hitori-sat dimacs examples/janko-002.txt -o janko-002.cnf': { code: 0, line: 'p cnf', file: 'janko-002.cnf' },
  'cadical janko-002.cnf > model.txt': { code: 10, line: 's SATISFIABLE', file: 'model.txt', needs: 'cadical' },
  'hitori-sat decode examples/janko-002.txt model.txt': { code: 0, line: '# 4 5 # 2', needs: 'cadical' },
  'hitori-sat solve examples/janko-002.txt --to json > sol.json': { code: 0, line: '"status":"unique"', file: 'sol.json' },
  'hitori-sat dimacs examples/janko-002.txt --block sol.json -o blocked.cnf': { code: 0, line: 'p cnf', file: 'blocked.cnf' },
  'cadical -q blocked.cnf': { code: 20, line: 's UNSATISFIABLE', needs: 'cadical' },
  // The rule engine
  'hitori-sat explain examples/janko-002.txt': { code: 0, line: '2. Sim-U3, column 1: 2 2 2 at r3-r5, so r3 and r5 black, r4 white' },
  'hitori-sat explain examples/janko-037.txt --max-level F': { code: 4, line: 'Stuck: the rules decided' },
  'hitori-sat explain examples/janko-002.txt --techniques thesis --format json': { code: 0, line: '"status":"solved"' },
  'hitori-sat rate examples/janko-037.txt': { code: 0, line: 'class: F (hard)' },
  [progress]: { code: 0, line: '# . . ./', file: 'progress.pzprv3' },
  'hitori-sat hint progress.pzprv3': { code: 1, line: '1 mark is wrong: r1c1 is shaded' },
  'hitori-sat hint examples/janko-001.pzprv3': { code: 0, line: 'Hint (Simple sequence of Multiple characters of length 3, class B)' },
  // Generate, enumerate, maxblack
  'hitori-sat generate 6x6 --seed 7': { code: 0, line: 'gen-7:1  6x6' },
  [makeSet]: { code: 0, line: '"id":"gen-7:5"', file: 'set.jsonl' },
  'hitori-sat generate 6x6 --class G --seed 1': { code: 0, line: 'class G' },
  'hitori-sat generate --pattern examples/maxblack/7x7.txt --seed 1': { code: 0, line: 'gen-1:1  7x7' },
  'hitori-sat ambiguity 4x4:3424232131421233': { code: 0, line: 'ambiguous: 9 cells of 16 free' },
  'hitori-sat repair 4x4:3424232131421233': { code: 0, line: '1 change, the fewest over any solution with numbers 1..5 (proven' },
  'hitori-sat enumerate 3x3 --prune': { code: 0, line: '2,776 (Table 15, its patterns)' },
  'for i in 0 1; do hitori-sat enumerate 3x3 --shard $i/2 --format json -o shard-$i.json; done': {
    code: 0,
    line: '"shard"',
    file: 'shard-1.json',
  },
  'hitori-sat enumerate --merge shard-0.json shard-1.json': { code: 0, line: '3,281' },
  'hitori-sat maxblack 5x5': { code: 0, line: '5x5: at most 9 shaded cells (proven' },
  'hitori-sat maxblack 20x20 --timeout 500': { code: 3, line: 'not proven the maximum' },
  'hitori-sat maxblack --check examples/maxblack/21x21.txt': { code: 0, line: '147 shaded cells, upper bound 147: meets the bound' },
  'hitori-sat maxblack --grow examples/maxblack/7x7.txt --cuts 1,1': {
    code: 0,
    line: '13x13: a valid shading with 57 shaded cells (checked)',
  },
  // Batches and bench
  'hitori-sat solve set.jsonl --jobs 2 > answers.jsonl': { code: 0, line: '"line":5', file: 'answers.jsonl' },
  'cat set.jsonl | hitori-sat solve - --batch --timeout 2000': { code: 0, line: '"line":1' },
  'hitori-sat rate set.jsonl': { code: 0, line: 'set.jsonl: 5 puzzle(s)' },
  'hitori-sat rate set.jsonl --batch': { code: 0, line: '"line":5' },
  'hitori-sat bench set.jsonl --warmup 1': { code: 0, line: 'all answers correct' },
  // Formats and pictures
  'hitori-sat convert examples/janko-037.txt --to url': { code: 0, line: 'https://puzz.link/p?hitori/17/17/' },
  'hitori-sat convert examples/janko-001.janko --to json -o janko-001.json': { code: 0, line: '[3,3,1,4]', file: 'janko-001.json' },
  'hitori-sat solve examples/janko-002.txt --to svg > solution.svg': { code: 0, line: '<svg', file: 'solution.svg' },
  'hitori-sat explain examples/janko-002.txt --to svg > steps.svg': { code: 0, line: '<svg', file: 'steps.svg' },
  'hitori-sat convert examples/janko-001-solved.pzprv3 --to png -o janko-001.png': {
    code: 0,
    line: 'PNG',
    file: 'janko-001.png',
    needs: 'font',
  },
  "hitori-sat solve '8x8dk#12345'": { code: 2, line: 'is a random-seed ID' },
  // The web page
  'npm run build:web': {
    notRun: 'bundles the page; the tests build it once (test/cli/global-setup.ts) and open it (test/examples/web-*.test.ts)',
  },
  'cd examples/web/dist && python3 -m http.server 8000': { notRun: 'a server that runs until stopped' },
};

/** A shell line without its trailing comment: a `#` at the start or after a blank, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let k = 0; k < line.length; k++) {
    const c = line[k]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (k === 0 || /\s/.test(line[k - 1]!))) return line.slice(0, k).trimEnd();
  }
  return line.trimEnd();
}

/** The command lines of each ```sh block of a Markdown text, comments and blank lines left out. */
function shellBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let block: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (block === null) {
      if (/^```sh\s*$/.test(line)) block = [];
    } else if (/^```\s*$/.test(line)) {
      blocks.push(block);
      block = null;
    } else {
      const command = withoutComment(line).trim();
      if (command !== '') block.push(command);
    }
  }
  return blocks;
}

const blocks = shellBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'));

const availability = new Map<string, Promise<boolean>>();
function available(program: string): Promise<boolean> {
  if (!availability.has(program))
    availability.set(
      program,
      // PNG needs a system font: the command itself (in the command host) says whether it can draw one (exit 0) or not.
      program === 'font'
        ? runInProcess(['convert', '4x4:3314432213423432', '--to', 'png']).then((r) => r.code === 0)
        : Promise.resolve(spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0),
    );
  return availability.get(program)!;
}

/**
 * A folder laid out like the clone, with `hitori-sat` (the built command) in its bin/. The
 * examples are copied, so that a line may write beside them; examples/maxblack (some 470 record
 * shadings, which the lines only read) is linked, as bench/sets and dist/ are: copying it for
 * each block took more than a second of CPU.
 */
function workspace(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(os.tmpdir(), 'hitori-readme-'));
  cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), {
    recursive: true,
    filter: (source) => !/[/\\](web|scale-out|maxblack)$/.test(source),
  });
  symlinkSync(join(repoRoot, 'examples', 'maxblack'), join(dir, 'examples', 'maxblack'), 'dir');
  mkdirSync(join(dir, 'bench'));
  symlinkSync(join(repoRoot, 'bench', 'sets'), join(dir, 'bench', 'sets'), 'dir');
  symlinkSync(join(repoRoot, 'dist'), join(dir, 'dist'), 'dir');
  mkdirSync(join(dir, 'bin'));
  const quoted = [process.execPath, ...cliArgv([])].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  writeFileSync(join(dir, 'bin', 'hitori-sat'), `#!/bin/sh\nexec ${quoted} "$@"\n`);
  chmodSync(join(dir, 'bin', 'hitori-sat'), 0o755);
  const env = { ...process.env, PATH: `${join(dir, 'bin')}${delimiter}${process.env['PATH'] ?? ''}`, NO_COLOR: '1', FORCE_COLOR: '0' };
  return { dir, env };
}

function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    child.stderr.on('data', (b: Buffer) => chunks.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/**
 * The arguments of a line that runs `hitori-sat` alone, and the file its stdout goes to (`> FILE`),
 * or null for a line that needs a shell: anything but words, single or double quotes without
 * expansions, and one `>` at the end.
 */
function commandAlone(line: string): { args: string[]; stdoutTo: string | null } | null {
  const words: string[] = [];
  let word: string | null = null;
  let redirect = false;
  for (let k = 0; k < line.length; k++) {
    const c = line[k]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, k + 1);
      if (end < 0) return null;
      const quoted = line.slice(k + 1, end);
      if (c === '"' && /[$`\\!]/.test(quoted)) return null;
      word = (word ?? '') + quoted;
      k = end;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '>' && word === null && !redirect) {
      words.push('>');
      redirect = true;
    } else if (/[|&;<>()$`\\*?[\]{}~#=!]/.test(c)) return null;
    else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  if (words[0] !== 'hitori-sat') return null;
  const at = words.indexOf('>');
  if (at < 0) return { args: words.slice(1), stdoutTo: null };
  if (at !== words.length - 2) return null;
  return { args: words.slice(1, at), stdoutTo: words[at + 1]! };
}

/** Runs a README line: the command alone in the command host, anything else through `sh -c`. */
async function runLine(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const alone = commandAlone(line);
  if (alone === null) return sh(line, cwd, env);
  const r = await runInProcess(alone.args, { cwd });
  if (alone.stdoutTo === null) return { code: r.code, output: `${r.stdout}${r.stderr}` };
  // As the shell does: the file is made (emptied) whatever the command writes.
  writeFileSync(join(cwd, alone.stdoutTo), r.stdout);
  return { code: r.code, output: r.stderr };
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('README.md', () => {
  it('has shell examples, each with an entry in the table, and no entry without an example', () => {
    const lines = blocks.flat();
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.filter((line) => !(line in expected))).toEqual([]);
    expect(Object.keys(expected).filter((key) => !lines.includes(key))).toEqual([]);
  });

  it('runs in the command host only the lines that are the command alone, with their quoting undone', () => {
    expect(commandAlone("hitori-sat solve 'https://puzz.link/p?hitori/4/4/3314432213423432'")).toEqual({
      args: ['solve', 'https://puzz.link/p?hitori/4/4/3314432213423432'],
      stdoutTo: null,
    });
    expect(commandAlone('hitori-sat solve examples/janko-002.txt --solver-cmd "cadical"')?.args).toEqual([
      'solve',
      'examples/janko-002.txt',
      '--solver-cmd',
      'cadical',
    ]);
    expect(commandAlone('hitori-sat solve set.jsonl --jobs 2 > answers.jsonl')).toEqual({
      args: ['solve', 'set.jsonl', '--jobs', '2'],
      stdoutTo: 'answers.jsonl',
    });
    for (const shell of [
      'cat set.jsonl | hitori-sat solve - --batch --timeout 2000',
      'hitori-sat solve - < examples/janko-002.txt',
      'for i in 0 1; do hitori-sat enumerate 3x3 --shard $i/2 --format json -o shard-$i.json; done',
      './dist/src/cli/hitori-sat.cjs solve examples/janko-002.txt',
      'cadical -q blocked.cnf',
      'hitori-sat solve "$HOME/a.txt"',
      'hitori-sat solve a.txt > b.txt > c.txt',
    ])
      expect(commandAlone(shell), shell).toBeNull();
  });

  it('is at most 300 lines', () => {
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(301);
  });

  it('says what the page does for a player and a setter in at most 20 lines (each claim tested in test/examples/web*.test.ts)', () => {
    const text = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = text.slice(text.indexOf('## A web page'), text.indexOf('\n## ', text.indexOf('## A web page') + 1)).trimEnd();
    expect(section.split('\n').length).toBeLessThanOrEqual(20);
    for (const face of ['**Puzzles**', '**Play**', '**Hint**', '**Set**']) expect(section).toContain(face);
    // The collection's size as the page bundles it.
    const collection = JSON.parse(readFileSync(join(repoRoot, 'examples', 'web', 'collection', 'collection.json'), 'utf8')) as {
      puzzles: unknown[];
    };
    expect(section).toContain(`${collection.puzzles.length} published ones`);
  });

  blocks.forEach((block, index) => {
    describe(`sh block ${index + 1}`, () => {
      let folder: { dir: string; env: NodeJS.ProcessEnv } | undefined;
      const here = () => {
        if (folder === undefined) {
          folder = workspace();
          folders.push(folder.dir);
        }
        return folder;
      };
      for (const line of block) {
        const entry = expected[line];
        if (entry === undefined) continue; // the first test names it
        if ('notRun' in entry) {
          it.skip(`${line} (not run: ${entry.notRun})`, () => {});
          continue;
        }
        it(line, async (ctx) => {
          if (entry.needs !== undefined && !(await available(entry.needs))) {
            const install = entry.needs === 'font' ? 'fonts-dejavu-core' : entry.needs;
            ctx.skip(`no ${entry.needs === 'font' ? 'system font' : `"${entry.needs}" on the PATH`} (Debian: apt-get install ${install})`);
          }
          const { dir, env } = here();
          const result = await runLine(line, dir, env);
          const text = entry.file === undefined ? result.output : readFileSync(join(dir, entry.file), 'latin1');
          expect({ code: result.code, output: result.output }).toMatchObject({ code: entry.code });
          const found = text.split(/\r?\n/).find((l) => l.includes(entry.line));
          expect(found, `no line with ${JSON.stringify(entry.line)} in:\n${text.slice(0, 3000)}`).toBeDefined();
        });
      }
    });
  });
});
