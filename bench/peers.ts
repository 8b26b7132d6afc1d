/**
 * hitori-sat beside a peer: Simon Tatham's Singles solver (Singles is Hitori in his Portable
 * Puzzle Collection; C, deductions only, no proof when they get stuck), on the same puzzles in
 * the same run. Writes the section `peers` of BENCH.md (`npm run bench:peers`, after
 * `npm run build`; `--rounds R --reps N`: per set, R rounds (5 by default) that each run Tatham's
 * solver, then hitori-sat, N timed solves per puzzle and engine (5 by default)).
 *
 * Nothing of Tatham's is in this repository. At bench time Debian's `sgt-puzzles` source package
 * is fetched with `apt-get source` into node_modules/.cache/hitori-peers (a deb-src entry is added
 * in /etc/apt/sources.list.d/hitori-deb-src.sources first when the machine has none), his
 * collection's `common` library is compiled there, and our harness bench/peers/singles-harness.c
 * (its header says how it calls his solver) is compiled against it. When any step is not possible
 * (no apt-get, no network, no compiler, a failed build) the program prints one line saying what,
 * and measures and writes hitori-sat's side alone; it exits 0 either way.
 *
 * Our side: the bench's engine runner (`solveWith`, src/benchmark/engines.ts, the one `hitori-sat
 * bench` uses: rules as written, a second solution sought, so `unique` is proven), engines
 * `hybrid` (the default) and `sat`, warm, the median of the repetitions per puzzle.
 *
 * Below the door: our side is `solveWith`, the per-puzzle runner that `hitori-sat bench` times,
 * beside Tatham's C solver.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defaultBenchBackend, defaultBenchConnectivity, type EngineAnswer, solveWith } from '../src/benchmark/engines.js';
import { judgeAnswer } from '../src/benchmark/judge.js';
import { type BenchRecord, parseBenchSet } from '../src/benchmark/sets.js';
import {
  commandLine,
  describeMachine,
  median,
  numberOption,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
  loadAverages,
} from './lib.js';
import { commonLibrarySources, type HarnessResult, hasDebSrc, parseHarnessOutput, sameAsShading, singlesGameId } from './peers-lib.js';

const load = () => loadAverages();
const loadAtStart = load();
const rounds = numberOption('rounds', 5);
const reps = numberOption('reps', 5);

const sets = [
  'janko/hitori_17x17.jsonl',
  'tudelft-gurobi/hitori_17x17.jsonl',
  'tudelft-smt/hitori_17x17.jsonl',
  'tudelft-gurobi/hitori_25x25.jsonl',
  'tudelft-smt/hitori_25x25.jsonl',
];

const cacheDir = join(repoRoot, 'node_modules', '.cache', 'hitori-peers');
const harnessSource = join(repoRoot, 'bench', 'peers', 'singles-harness.c');
const ourSourcesFile = '/etc/apt/sources.list.d/hitori-deb-src.sources';
const compiler = process.env['CC'] ?? 'cc';
const cflags = ['-O2'];

/** The peer ready to run, or why it is not. */
type Peer = { readonly binary: string; readonly description: string } | { readonly skipped: string };

/** A command's run, its error (not found, timed out) or its exit code as one short line. */
function run(command: string, args: readonly string[], cwd: string = repoRoot): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 2 ** 20 });
}
function failure(r: SpawnSyncReturns<string>, what: string): string | undefined {
  if (r.error) return `${what}: ${r.error.message}`;
  if (r.status !== 0) {
    const last = `${r.stderr}\n${r.stdout}`
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('W: Download is performed unsandboxed'));
    return `${what} exited ${r.status ?? r.signal}${last.length > 0 ? ` (${last.at(-1)})` : ''}`;
  }
  return undefined;
}

/** The unpacked sgt-puzzles source tree in the cache, if a previous run left one. */
function cachedSource(): string | undefined {
  if (!existsSync(cacheDir)) return undefined;
  const dir = readdirSync(cacheDir)
    .filter((d) => d.startsWith('sgt-puzzles-') && existsSync(join(cacheDir, d, 'singles.c')))
    .sort()
    .at(-1);
  return dir === undefined ? undefined : join(cacheDir, dir);
}

/** The APT sources of the machine, all files' text joined. */
function aptSourcesText(): string {
  const texts: string[] = [];
  if (existsSync('/etc/apt/sources.list')) texts.push(readFileSync('/etc/apt/sources.list', 'utf8'));
  const dir = '/etc/apt/sources.list.d';
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)) if (/\.(list|sources)$/.test(f)) texts.push(readFileSync(join(dir, f), 'utf8'));
  }
  return texts.join('\n\n');
}

/** Fetches Debian's sgt-puzzles source package into the cache: the source tree, or why not. */
function fetchSource(): { dir: string } | { skipped: string } {
  if (run('apt-get', ['--version']).error) return { skipped: 'apt-get is not available (not a Debian-like machine)' };
  if (run('dpkg-source', ['--version']).error)
    return { skipped: 'dpkg-source is not installed (package dpkg-dev), so apt-get source cannot unpack' };
  let updated = false;
  if (!hasDebSrc(aptSourcesText())) {
    const release = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
    const codename = /^VERSION_CODENAME=(\w+)/m.exec(release)?.[1];
    if (!/^ID=debian$/m.test(release) || codename === undefined)
      return { skipped: 'APT has no deb-src entry and this is not Debian (add one that has sgt-puzzles)' };
    const entry = `# Added by hitori-sat's bench/peers.ts (npm run bench:peers) to fetch the sgt-puzzles source package.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: ${codename}
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;
    try {
      writeFileSync(ourSourcesFile, entry);
    } catch (error) {
      return { skipped: `APT has no deb-src entry and ${ourSourcesFile} cannot be written (${(error as Error).message})` };
    }
    progress(`peers: wrote ${ourSourcesFile} (deb-src, ${codename} main); apt-get update`);
    const why = failure(run('apt-get', ['update']), 'apt-get update');
    if (why !== undefined) return { skipped: why };
    updated = true;
  }
  mkdirSync(cacheDir, { recursive: true });
  progress(`peers: apt-get source sgt-puzzles (into ${cacheDir})`);
  let why = failure(run('apt-get', ['source', 'sgt-puzzles'], cacheDir), 'apt-get source sgt-puzzles');
  if (why !== undefined && !updated) {
    // The deb-src lists may never have been fetched: once more after an update.
    progress('peers: apt-get update, then apt-get source again');
    why =
      failure(run('apt-get', ['update']), 'apt-get update') ??
      failure(run('apt-get', ['source', 'sgt-puzzles'], cacheDir), 'apt-get source sgt-puzzles');
  }
  if (why !== undefined) return { skipped: why };
  const dir = cachedSource();
  return dir === undefined ? { skipped: `apt-get source sgt-puzzles left no sgt-puzzles-*/singles.c in ${cacheDir}` } : { dir };
}

/** Builds the harness against a source tree: his `common` library once (kept), the harness every run. */
function build(src: string): { binary: string } | { skipped: string } {
  const sources = existsSync(join(src, 'CMakeLists.txt'))
    ? commonLibrarySources(readFileSync(join(src, 'CMakeLists.txt'), 'utf8'))
    : undefined;
  if (sources === undefined)
    return { skipped: `${basename(src)} has no add_library(common ...) in a CMakeLists.txt: this version is not built this way` };
  if (run(compiler, ['--version']).error) return { skipped: `no C compiler (${compiler}; set CC or install gcc)` };
  const out = join(src, 'hitori-peers-build');
  mkdirSync(out, { recursive: true });
  const archive = join(out, 'libcommon.a');
  if (!existsSync(archive)) {
    progress(`peers: compiling ${sources.length} files of the collection's common library`);
    const objects: string[] = [];
    for (const file of sources) {
      const object = join(out, file.replace(/\.c$/, '.o'));
      const why = failure(run(compiler, [...cflags, '-I', src, '-c', join(src, file), '-o', object]), `compiling ${file}`);
      if (why !== undefined) return { skipped: why };
      objects.push(object);
    }
    const why = failure(run('ar', ['rcs', archive, ...objects]), 'ar');
    if (why !== undefined) return { skipped: why };
  }
  const binary = join(out, 'singles-harness');
  const why = failure(
    run(compiler, [...cflags, '-DSTANDALONE_SOLVER', '-I', src, '-o', binary, harnessSource, join(src, 'nullfe.c'), archive, '-lm']),
    'building the harness',
  );
  return why === undefined ? { binary } : { skipped: why };
}

function preparePeer(): Peer {
  let src = cachedSource();
  let fetched = 'cached from an earlier run';
  if (src === undefined) {
    const got = fetchSource();
    if ('skipped' in got) return got;
    src = got.dir;
    fetched = 'fetched by this run';
  }
  const built = build(src);
  if ('skipped' in built) return built;
  const dsc = readdirSync(cacheDir).find((f) => f.startsWith('sgt-puzzles_') && f.endsWith('.dsc'));
  const version = dsc === undefined ? basename(src) : `${dsc.replace(/^sgt-puzzles_|\.dsc$/g, '')}`;
  const cc = run(compiler, ['--version']).stdout.split('\n')[0]?.trim() ?? compiler;
  return {
    binary: built.binary,
    description: `singles.c of Debian's \`sgt-puzzles\` source package ${version} (${fetched}; not modified), compiled with \`${cc}\` \`${cflags.join(' ')}\``,
  };
}

progress("peers: preparing Tatham's Singles solver");
let peer = preparePeer();
if ('skipped' in peer) console.log(`peers: Tatham's Singles solver skipped: ${peer.skipped}`);

interface OurTimes {
  /** Per puzzle, ms. */
  hybrid: number[];
  sat: number[];
  wrong: string[];
}

const config = (engine: 'hybrid' | 'sat') => ({ engine, backend: defaultBenchBackend, connectivity: defaultBenchConnectivity });

/**
 * One round of hitori-sat on a set, run as Tatham's harness runs his: per puzzle and engine, one
 * untimed solve, then `reps` timed solves back to back, their median (the engines' order
 * alternating from puzzle to puzzle). A hybrid solve timed right after a SAT solve of the same
 * puzzle found its caches taken by CaDiCaL's memory, about 12 µs of a 50 µs solve. The untimed
 * solve of the first round is the one judged.
 */
async function oursRound(records: readonly BenchRecord[], judge: boolean): Promise<OurTimes> {
  const times: OurTimes = { hybrid: [], sat: [], wrong: [] };
  for (const [index, r] of records.entries()) {
    for (const engine of index % 2 === 0 ? (['hybrid', 'sat'] as const) : (['sat', 'hybrid'] as const)) {
      const answer: EngineAnswer = await solveWith(r.puzzle, config(engine));
      if (judge) {
        const { outcome } = judgeAnswer(r.puzzle, r.expected, answer);
        if (outcome !== 'correct') times.wrong.push(`${r.id} (${engine}: ${outcome})`);
      }
      const runs: number[] = [];
      for (let k = 0; k < reps; k++) {
        const start = performance.now();
        await solveWith(r.puzzle, config(engine));
        runs.push(performance.now() - start);
      }
      times[engine].push(median(runs));
    }
  }
  return times;
}

/** One round of Tatham's solver on the game IDs: one harness process, `reps` timed solves per puzzle. Throws when the harness fails. */
function tathamRound(binary: string, ids: readonly string[]): HarnessResult[] {
  const r = spawnSync(binary, [String(reps)], {
    input: `${ids.join('\n')}\n`,
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 2 ** 20,
  });
  const why = failure(r, 'the harness');
  if (why !== undefined) throw new Error(why);
  return parseHarnessOutput(r.stdout, ids.length);
}

/** Per puzzle, the median over rounds of each round's median. */
const acrossRounds = (perRound: readonly (readonly number[])[]): number[] =>
  perRound[0]!.map((_, k) => median(perRound.map((round) => round[k]!)));

interface SetRun {
  readonly name: string;
  readonly n: number;
  /** Puzzles with no Singles game ID. */
  readonly noId: number;
  readonly ours: OurTimes;
  /** Per puzzle with a game ID, in the order of `withId`: the first round's result, with the median time over rounds. */
  readonly tatham?: readonly HarnessResult[];
  /** Indices (into the set) of the puzzles with a game ID. */
  readonly withId: readonly number[];
  /** Tatham's finished grids that are not the published solution. */
  readonly tathamWrong: readonly string[];
}

const runs: SetRun[] = [];
for (const name of sets) {
  const records = parseBenchSet(readFileSync(join(repoRoot, 'bench/sets', name), 'utf8'), name).records;
  const ids = records.map((r) => singlesGameId(r.puzzle));
  const withId = ids.flatMap((id, k) => (id === undefined ? [] : [k]));
  const idList = withId.map((k) => ids[k]!);
  progress(
    `peers: ${name}: ${rounds} rounds of ${reps} timed solves per puzzle and solver (${records.length} puzzles, ${idList.length} game IDs)`,
  );
  // Warm: one untimed pass of each engine over the set (the harness warms up inside each round).
  for (const r of records) {
    await solveWith(r.puzzle, config('hybrid'));
    await solveWith(r.puzzle, config('sat'));
  }
  const tathamRounds: HarnessResult[][] = [];
  const ourRounds: OurTimes[] = [];
  for (let round = 0; round < rounds; round++) {
    if (!('skipped' in peer) && idList.length > 0) {
      try {
        tathamRounds.push(tathamRound(peer.binary, idList));
      } catch (error) {
        peer = { skipped: `${name}: ${(error as Error).message}` };
        console.log(`peers: Tatham's Singles solver skipped: ${peer.skipped}`);
      }
    }
    ourRounds.push(await oursRound(records, round === 0));
  }
  const first = tathamRounds[0];
  let tatham: HarnessResult[] | undefined;
  const tathamWrong: string[] = [];
  if (first !== undefined && !('skipped' in peer)) {
    const medians = acrossRounds(tathamRounds.map((results) => results.map((x) => x.medianNs)));
    tatham = first.map((result, j) => ({
      ...result,
      medianNs: medians[j]!,
      minNs: Math.min(...tathamRounds.map((results) => results[j]!.minNs)),
    }));
    tatham.forEach((result, j) => {
      const record = records[withId[j]!]!;
      if (result.status === 'solved' && record.expected.kind === 'solution' && !sameAsShading(result.cells, record.expected.shading))
        tathamWrong.push(record.id);
    });
  }
  runs.push({
    name,
    n: records.length,
    noId: records.length - withId.length,
    ours: {
      hybrid: acrossRounds(ourRounds.map((x) => x.hybrid)),
      sat: acrossRounds(ourRounds.map((x) => x.sat)),
      wrong: ourRounds[0]!.wrong,
    },
    ...(tatham === undefined ? {} : { tatham }),
    withId,
    tathamWrong,
  });
}

// A failure on a later set drops the peer from every row: its numbers must come from one run.
const measured = 'skipped' in peer ? [] : runs.filter((r) => r.tatham !== undefined);
/** Milliseconds with three significant digits at least: the medians here are tenths of a millisecond. */
const fine = (t: number) => (t < 1 ? t.toFixed(3) : t < 100 ? t.toFixed(2) : t.toFixed(0));
const cell = (t: readonly number[]) => (t.length === 0 ? '-' : `${fine(median(t))} (${fine(p95(t))})`);
const ratio = (a: readonly number[], b: readonly number[]) =>
  a.length === 0 || b.length === 0 ? '-' : `${(median(a) / median(b)).toFixed(2)}x`;

const allRows = runs.map((r) => {
  const t = measured.includes(r) ? r.tatham! : undefined;
  const tMs = t?.map((x) => x.medianNs / 1e6) ?? [];
  const count = (s: string) => t?.filter((x) => x.status === s).length ?? 0;
  const others = t === undefined ? 0 : t.length - count('solved') - count('stuck');
  return [
    r.name,
    String(r.n),
    r.noId === 0 ? 'all' : `${r.n - r.noId} (${r.noId} skipped)`,
    t === undefined ? '-' : `${count('solved')} / ${count('stuck')}${others > 0 ? ` (+${others} impossible or invalid)` : ''}`,
    cell(tMs),
    cell(r.ours.hybrid),
    cell(r.ours.sat),
    ratio(r.ours.hybrid, tMs),
    ratio(r.ours.sat, tMs),
  ];
});
const solvedRows = measured.map((r) => {
  const solved = r.tatham!.flatMap((x, j) => (x.status === 'solved' ? [j] : []));
  const tMs = solved.map((j) => r.tatham![j]!.medianNs / 1e6);
  const hybrid = solved.map((j) => r.ours.hybrid[r.withId[j]!]!);
  const sat = solved.map((j) => r.ours.sat[r.withId[j]!]!);
  return [r.name, String(solved.length), cell(tMs), cell(hybrid), cell(sat), ratio(hybrid, tMs), ratio(sat, tMs)];
});
const stuckRows = measured.flatMap((r) => {
  const stuck = r.tatham!.flatMap((x, j) => (x.status === 'stuck' ? [j] : []));
  if (stuck.length === 0) return [];
  const tMs = stuck.map((j) => r.tatham![j]!.medianNs / 1e6);
  const hybrid = stuck.map((j) => r.ours.hybrid[r.withId[j]!]!);
  const sat = stuck.map((j) => r.ours.sat[r.withId[j]!]!);
  return [[r.name, String(stuck.length), cell(tMs), cell(hybrid), cell(sat)]];
});

const wrongOurs = runs.flatMap((r) => r.ours.wrong);
const wrongTatham = measured.flatMap((r) => r.tathamWrong);
const totalSolvedByTatham = measured.reduce((s, r) => s + r.tatham!.filter((x) => x.status === 'solved').length, 0);
const peerLine =
  'skipped' in peer
    ? `- Peer: **skipped**: ${peer.skipped}. Only hitori-sat's side was measured.`
    : `- Peer: Simon Tatham's Singles solver, ${peer.description}, timed inside the process by bench/peers/singles-harness.c (\`solve_specific(state, DIFF_ANY, false)\`, his standalone solver's call; clock_gettime around it).`;

const body = `## peers: hitori-sat beside Simon Tatham's Singles solver (C, deductions only), same puzzles, same run

- Command: \`${commandLine('peers.js')}\` (after \`npm run build\`)
- Date: ${timestamp()}; load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${load()} at the end. The machine is shared
  with other work (two cores), so every number is a median of one run; the ratios are of medians from this run.
- Machine: ${describeMachine()}
- Code: ${revision()}
${peerLine}
- Per puzzle: ${rounds} rounds per set, each running Tatham's solver, then hitori-sat, over the set, ${reps} timed solves per puzzle
  and solver in each; a puzzle's time is the median over rounds of each round's median, so that a stretch of load falls on both
  sides. Warm, alike: in each round, Tatham's harness and hitori-sat solve each puzzle once untimed, then time their solves of it back
  to back; hitori-sat does so per engine, \`hybrid\` and \`sat\` in turn (which goes first alternating from puzzle to puzzle),
  after one untimed pass of both over the set. hitori-sat's time is the whole in-process solve of \`hitori-sat bench\`
  (rules as written, a second solution sought: every \`unique\` is proven); Tatham's is his deductions only: when they get stuck there
  is no answer and no proof. Cells: median (p95) over the puzzles, in ms.
- Answers: hitori-sat ${wrongOurs.length === 0 ? 'unique with the published solution on every puzzle, both engines' : `not correct on ${wrongOurs.join(', ')}`}${
  measured.length === 0
    ? ''
    : `; Tatham's finished grids ${wrongTatham.length === 0 ? `equal to the published solution (${totalSolvedByTatham} of ${totalSolvedByTatham})` : `different from the published solution on ${wrongTatham.join(', ')}`}`
}.

${table(
  [
    'set',
    'puzzles',
    'Singles game IDs',
    'Tatham finished / stuck',
    'Tatham',
    'hitori-sat hybrid',
    'hitori-sat sat',
    'hybrid / Tatham',
    'sat / Tatham',
  ],
  allRows,
  [false, true, true, true, true, true, true, true, true],
)}
${
  measured.length === 0
    ? ''
    : `
### Only the puzzles Tatham's deductions finish

${table(['set', 'puzzles', 'Tatham', 'hitori-sat hybrid', 'hitori-sat sat', 'hybrid / Tatham', 'sat / Tatham'], solvedRows, [false, true, true, true, true, true, true])}
${
  stuckRows.length === 0
    ? ''
    : `
### The puzzles where Tatham's deductions get stuck (his time: until they stop, with no answer)

${table(['set', 'puzzles', 'Tatham (stuck)', 'hitori-sat hybrid', 'hitori-sat sat'], stuckRows, [false, true, true, true, true])}
`
}`
}`;
writeSection('peers', body);
progress('wrote the peers section of BENCH.md');
