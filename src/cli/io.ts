/** Reading the user's files (or stdin) and writing output files without ever leaving a partial one. */
import {
  chmodSync,
  existsSync,
  fstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { fileProblem, readInputText, sourceOf } from '../formats/input.js';
import { parseDocument, type FormatName, type PuzzleDocument } from '../formats/detect.js';
import { looksLikeGameId } from '../formats/gameid.js';
import { looksLikePuzzlink } from '../formats/puzzlink.js';
import { looksLikePzprv3 } from '../formats/pzprv3.js';
import type { Puzzle } from '../api/requests.js';
import { parseSolutionReport } from '../formats/json.js';
import { svgToPng } from '../render/png.js';
import { errorKindOf, InputError } from '../control/errors.js';
import { commandLimit, Limit, outputReserveMs, workLimitMs } from '../control/limit.js';

/**
 * The text of a file, or of stdin for "-", through the one guarded reader (formats/input.ts):
 * asynchronous, capped, decoded; an unreadable file is an InputError naming it. `timeoutMs` is
 * the command's --timeout, counted from the process start: a FIFO with no writer ends at it.
 */
export function readInput(path: string, timeoutMs?: number): Promise<string> {
  return readInputText(path, timeoutMs === undefined ? {} : { limit: commandLimit(timeoutMs) });
}

/** An input's name in messages: the path, or "stdin" for "-". */
export const sourceName = sourceOf;

/**
 * The text of a puzzle argument: a file's, stdin's for "-", or the argument itself when it is a
 * puzz.link URL, a Singles game ID or a one-line pzprv3 form (and no file of that name exists).
 */
export async function readSource(path: string, timeoutMs?: number): Promise<{ readonly text: string; readonly inline: boolean }> {
  const inline = path !== '-' && (looksLikePuzzlink(path) || looksLikeGameId(path) || looksLikePzprv3(path)) && !existsSync(path);
  return { text: inline ? path : await readInput(path, timeoutMs), inline };
}

/**
 * Reads and parses a puzzle file in any format (detected, or `from`); errors name the file. A
 * puzz.link URL or a Singles game ID may stand in place of the file name.
 */
export async function readDocument(
  path: string,
  from?: FormatName,
  timeoutMs?: number,
  source?: { readonly text: string; readonly inline: boolean },
): Promise<PuzzleDocument> {
  const { text, inline } = source ?? (await readSource(path, timeoutMs));
  // Parsing stops early enough for the process's end (outputReserveMs on no cells: its 80 ms):
  // a million-cell file leaves a large heap behind.
  const parseLimitMs = timeoutMs === undefined ? undefined : workLimitMs(timeoutMs, outputReserveMs(timeoutMs, 0));
  return withSource(inline ? 'argument' : path, () =>
    parseDocument(text, {
      ...(from === undefined ? {} : { from }),
      ...(path === '-' || inline ? {} : { id: basename(path) }),
      limit: commandLimit(parseLimitMs),
    }),
  );
}

/**
 * An error about the input `path` names it: an InputError gets the file as its source, and a
 * puzzle too large for a command (TooLargeError) becomes an InputError about that file.
 */
export function aboutFile(path: string, error: unknown): unknown {
  if (error instanceof InputError) return error.withSource(sourceName(path));
  if (errorKindOf(error) === 'too-large') return new InputError((error as Error).message, {}, sourceName(path));
  return error;
}

/** Runs a parser; a bad-input error it throws names the file ("-" is stdin). */
export function withSource<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw aboutFile(path, error);
  }
}

/** Reads and parses a puzzle (any answer the file holds is dropped). */
export async function readPuzzle(path: string, from?: FormatName, timeoutMs?: number): Promise<Puzzle> {
  return (await readDocument(path, from, timeoutMs)).puzzle;
}

/**
 * Writes `chunks` to the output file `path`:
 * - a regular file (new or existing) through a temporary file in the same folder, renamed over
 *   it only when complete, so an interrupted or failed run never leaves a partial file or
 *   clobbers the old one; an existing file keeps its permissions;
 * - a symbolic link is followed: its target is replaced, the link stays;
 * - a device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written to directly, since
 *   renaming over it would replace the device with a file;
 * - a folder, a socket, an empty name, or one of the command's `inputs` is refused.
 * The temporary file is removed on failure, on the time limit (`checkpoint` throws), and on
 * SIGINT, SIGTERM or SIGHUP, after which the signal ends the process as usual.
 */
async function writeAtomic(
  path: string,
  chunks: Iterable<string | Uint8Array>,
  limit: Limit,
  inputs: readonly string[] = [],
): Promise<void> {
  const { target, existing } = checkOutput(path, inputs);
  const checkpoint = makingCheck(chunks, limit);
  if (existing?.isFIFO()) {
    const { stream, finish } = await openPipe(target, path, limit);
    try {
      for (const chunk of chunks) {
        checkpoint();
        stream.write(chunk);
      }
    } catch (error) {
      stream.destroy();
      throw error;
    }
    return finish();
  }
  if (existing?.isCharacterDevice()) return writeChunks(path, target, 'w', chunks, checkpoint);
  if (existing && !existing.isFile()) throw new InputError('cannot write it: not a regular file, a device or a pipe', {}, path);
  const { temporary, release } = temporaryBeside(target);
  await settle(temporary, () => writeChunks(path, temporary, 'wx', chunks, checkpoint), { target, existing, path }).finally(release);
}

/** How often an output FIFO with no reader yet is tried again. */
const pipeRetryMs = 20;

/**
 * A FIFO opened for writing without blocking, and written by the event loop: a blocking open
 * waits for a reader in one of libuv's threads, which no time limit (not even process.exit())
 * can end. The open is tried again until a reader comes or the limit passes; `finish()` resolves
 * once everything written has gone into the pipe, and rejects at the limit if the reader stalls.
 */
async function openPipe(target: string, path: string, limit: Limit): Promise<{ readonly stream: Writable; finish(): Promise<void> }> {
  const { constants, openSync } = await import('node:fs');
  const { Socket } = await import('node:net');
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(target, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      // ENXIO: no process has the FIFO open for reading yet.
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw fileError(error, path);
      if (limit.expired) throw limit.reached(`with no reader on the pipe ${path}`);
      await new Promise((resolve) => setTimeout(resolve, pipeRetryMs));
    }
  }
  const stream = new Socket({ fd, readable: false, writable: true });
  // A reader that goes away (EPIPE) is reported by finish(); until then it must not surface as an unhandled error.
  stream.on('error', () => {});
  const finish = () =>
    new Promise<void>((resolve, reject) => {
      const left = limit.remainingMs();
      const timer =
        left === undefined
          ? undefined
          : setTimeout(() => {
              stream.destroy();
              reject(limit.reached(`while the reader of the pipe ${path} was not reading`));
            }, left);
      stream.once('error', (error) => {
        clearTimeout(timer);
        reject(fileError(error, path));
      });
      stream.end(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { stream, finish };
}

/**
 * Completes an atomic write: `write` fills the temporary file, which then takes the target's place
 * (keeping an existing file's permissions); on any failure the temporary file is removed.
 */
async function settle(
  temporary: string,
  write: () => Promise<void>,
  { target, existing, path }: { readonly target: string; readonly existing: Stats | undefined; readonly path: string },
): Promise<void> {
  try {
    await write();
    if (existing) chmodSync(temporary, existing.mode & 0o7777);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw fileError(error, path);
  }
}

/**
 * The temporary file beside `target` that an atomic write goes through, removed on SIGINT,
 * SIGTERM or SIGHUP (after which the signal ends the process as usual); `release()` stops
 * watching for them.
 */
function temporaryBeside(target: string): { readonly temporary: string; release(): void } {
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const release = () => {
    for (const s of signals) process.removeListener(s, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    rmSync(temporary, { force: true });
    release();
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.on(s, onSignal);
  return { temporary, release };
}

/**
 * Where the output `path` leads (its symbolic links followed) and what is there now; refuses an
 * empty name, a folder, and any of `inputs`. Commands call it before their work, so that a bad
 * output name fails at once.
 */
export function checkOutput(path: string, inputs: readonly string[] = []): { target: string; existing: Stats | undefined } {
  if (path === '') throw new InputError('empty output name', {}, '--output');
  const target = followLinks(path);
  const existing = statOrUndefined(target, path);
  if (existing?.isDirectory()) throw new InputError('cannot write it: it is a directory', {}, path);
  for (const input of inputs) {
    // An input that is no file (a URL, a game ID, stdin from a pipe) cannot be the output.
    // Stdin redirected from a file (`< puzzle.txt`) is that file.
    let other: Stats | undefined;
    try {
      other = input === '-' ? fstatSync(0) : statSync(input);
    } catch {}
    if (existing?.isFile() && other && existing.dev === other.dev && existing.ino === other.ino)
      throw new InputError(
        `cannot write it: it is ${input === '-' ? 'the file on stdin' : `the input ${input}`}, which the output would overwrite`,
        {},
        path,
      );
  }
  return { target, existing };
}

/** Writes the chunks to `file`, yielding to the event loop between them (so signals are handled). */
async function writeChunks(
  path: string,
  file: string,
  flags: string,
  chunks: Iterable<string | Uint8Array>,
  checkpoint?: () => void,
): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    // Loaded here, not at the top: node:fs/promises brings readline and the file watchers with it,
    // about 1 ms of a one-shot solve's start-up that prints to stdout and never needs it.
    const { open } = await import('node:fs/promises');
    handle = await open(file, flags, 0o666);
    for (const chunk of chunks) {
      checkpoint?.();
      if (typeof chunk === 'string') await handle.write(chunk);
      else await handle.write(chunk);
    }
    await handle.close();
    handle = undefined;
  } catch (error) {
    await handle?.close().catch(() => {});
    throw fileError(error, path);
  }
}

/** `path` with its symbolic links resolved, also when the last link points to a file not yet there. */
function followLinks(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return resolve(dirname(path), readlinkSync(path));
    } catch {
      return path;
    }
  }
}

function statOrUndefined(file: string, shown: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileError(error, shown);
  }
}

/** A file system error as an InputError naming the output file; other errors unchanged. */
function fileError(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined || error instanceof InputError) return error;
  return new InputError(`cannot write it: ${fileProblem(code, (error as Error).message, 'no such folder')}`, {}, path);
}

/** A PNG is binary: it goes to a file or a pipe, never to a terminal. Checked before any work. */
export function refuseBinaryOnTerminal(to: string, output?: string): void {
  if (to === 'png' && output === undefined && process.stdout.isTTY)
    throw new InputError('--to png writes a binary picture: give -o FILE or redirect stdout to a file', {}, 'stdout');
}

/** Writes a picture to stdout or (atomically) to a file: the SVG as it is, or rasterised for --to png. */
export async function writePicture(
  svg: string,
  to: 'svg' | 'png',
  output?: string,
  options: { readonly inputs?: readonly string[]; readonly timeoutMs?: number | undefined } = {},
): Promise<void> {
  const limit = commandLimit(options.timeoutMs);
  await emit(output, [to === 'png' ? await svgToPng(svg, limit) : svg], options);
}

/**
 * The most a command holds back for stdout under a time limit (see emit): 256 MiB, a layered
 * 36x36 puzzle's DIMACS.
 */
export const maxHeldBytes = 256 * 1024 * 1024;

/** Output passing `maxHeldBytes` to stdout under --timeout: refused (see emit); also before making it, by its known size. */
export function heldOutputTooLarge(): InputError {
  return new InputError(
    `the output passes ${maxHeldBytes / 1024 / 1024} MiB, more than is held back to write it whole under --timeout: give -o FILE (written whole, atomically), or no --timeout`,
    {},
    'stdout',
  );
}

/**
 * Writes a command's output, to stdout or with `-o FILE` atomically (see writeAtomic), within the
 * command's `--timeout` (`timeoutMs`, counted from the process start), so that what is written
 * is never cut short by it:
 * - a file is replaced only once complete; a FIFO waits for its reader only until the limit;
 * - stdout, under a time limit, gets output made as it is written (a generator: DIMACS) only once
 *   all of it is made (at most `maxHeldBytes`; more is refused with a pointer to -o): a DIMACS
 *   header never claims more clauses than follow it. Without a limit, chunks go out as they come.
 */
export async function emit(
  output: string | undefined,
  chunks: Iterable<string | Uint8Array>,
  options: { readonly inputs?: readonly string[]; readonly timeoutMs?: number | undefined } = {},
): Promise<void> {
  const limit = commandLimit(options.timeoutMs);
  if (output !== undefined) return writeAtomic(output, chunks, limit, options.inputs ?? []);
  if (limit.remainingMs() === undefined || Array.isArray(chunks)) {
    for (const chunk of chunks) process.stdout.write(chunk);
    return;
  }
  // Held as bytes, not as the strings made: a DIMACS chunk is a rope of thousands of short
  // strings (`out += lit`), and 256 MiB of held ropes took 2.4 GB and 93 s of garbage collection
  // (a 50x50's export under --timeout); a Buffer flattens each chunk once and holds its bytes.
  const held: Uint8Array[] = [];
  let bytes = 0;
  for (const made of chunks) {
    limit.check();
    const chunk = typeof made === 'string' ? Buffer.from(made) : made;
    bytes += chunk.length;
    if (bytes > maxHeldBytes) throw heldOutputTooLarge();
    held.push(chunk);
  }
  limit.check();
  for (const chunk of held) process.stdout.write(chunk);
}

/**
 * The time-limit check while `chunks` are made: none for output already made (an array; a
 * partial result found before the limit is still written after it), the limit's for a
 * generator (a DIMACS text made as it is written).
 */
function makingCheck(chunks: Iterable<string | Uint8Array>, limit: Limit): () => void {
  return Array.isArray(chunks) ? () => {} : () => limit.check();
}

/**
 * A stream to the output `path`, for output too large to hold (a batch's lines), with writeAtomic's
 * guarantee: a regular file is written to a temporary file beside it and renamed over it only by
 * `commit()`; `abort()` (or a signal) removes the temporary file and leaves the target as it was.
 * A device or a FIFO is written to directly.
 */
export async function atomicStream(
  path: string,
  inputs: readonly string[] = [],
): Promise<{ readonly stream: Writable; commit(): Promise<void>; abort(): void }> {
  const { target, existing } = checkOutput(path, inputs);
  const { createWriteStream } = await import('node:fs');
  const finished = (stream: Writable) =>
    new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.end(() => resolve());
    });
  if (existing?.isFIFO()) {
    const { stream, finish } = await openPipe(target, path, Limit.none);
    return { stream, commit: finish, abort: () => stream.destroy() };
  }
  if (existing?.isCharacterDevice()) {
    const stream = createWriteStream(target);
    return {
      stream,
      commit: () => finished(stream).catch((error: unknown) => Promise.reject(fileError(error, path))),
      abort: () => stream.destroy(),
    };
  }
  if (existing && !existing.isFile()) throw new InputError('cannot write it: not a regular file, a device or a pipe', {}, path);
  const { temporary, release: forget } = temporaryBeside(target);
  const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o666 });
  return {
    stream,
    commit: () => settle(temporary, () => finished(stream), { target, existing, path }).finally(forget),
    abort() {
      stream.destroy();
      rmSync(temporary, { force: true });
      forget();
    },
  };
}

/**
 * A shading for `puzzle` from a file: the `solution` of a `solve --to json` output, or (for `to
 * keep`) a shading file, one line per row, '#' shaded and '.' unshaded (the `generate --pattern`
 * form), checked against the puzzle's size. What it must be is the request's check.
 */
export async function readSolutionFile(path: string, puzzle: Puzzle, purpose: 'block' | 'keep'): Promise<boolean[]> {
  const source = sourceName(path);
  const text = await readInput(path);
  if (purpose === 'keep' && !text.trimStart().startsWith('{')) {
    const { readShadingText } = await import('../api/shading-file.js');
    const file = readShadingText(text, source);
    if (file.rows !== puzzle.rows || file.cols !== puzzle.cols)
      throw new InputError(`the shading is ${file.rows}x${file.cols}, the puzzle ${puzzle.rows}x${puzzle.cols}`, {}, source);
    return file.shading;
  }
  try {
    return parseSolutionReport(text, puzzle, purpose);
  } catch (error) {
    throw error instanceof InputError ? error.withSource(source) : error;
  }
}

/** The most a certificate folder or archive may hold, in bytes: a 17x17's stuck SAT proof is under 5 MB. */
const maxFolderBytes = 256 * 2 ** 20;

/**
 * Checks that `path` can take a certificate folder, before the work: it must not exist, or be an
 * empty folder, or a folder that holds a certificate (its `manifest.json`), which is replaced.
 */
export function checkFolderOutput(path: string, marker: string): void {
  if (path === '') throw new InputError('empty folder name', {}, '--certificate');
  const existing = statOrUndefined(path, path);
  if (existing === undefined) return;
  if (!existing.isDirectory()) throw new InputError('cannot write a certificate there: it is not a folder', {}, path);
  const entries = readdirSync(path);
  if (entries.length > 0 && !entries.includes(marker))
    throw new InputError(`the folder is not empty and holds no ${marker}: not replaced (give a new or empty folder)`, {}, path);
}

/**
 * Writes `files` as the folder `path`, whole or not at all: into a temporary folder beside it,
 * renamed into place; a folder already there (empty, or an older certificate: checkFolderOutput)
 * is replaced only once the new one is complete.
 */
export function writeFolder(path: string, files: Readonly<Record<string, string | Uint8Array>>, marker: string): void {
  checkFolderOutput(path, marker);
  const target = resolve(path);
  const { temporary, release } = temporaryBeside(target);
  const old = `${temporary}.old`;
  try {
    mkdirSync(temporary);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(temporary, name), content);
    if (existsSync(target)) {
      renameSync(target, old);
      renameSync(temporary, target);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    if (existsSync(old) && !existsSync(target)) renameSync(old, target);
    throw fileError(error, path);
  } finally {
    release();
  }
}

/** The regular files of the folder `path` (not its sub-folders), name -> bytes, at most maxFolderBytes in all. */
export function readFolder(path: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let total = 0;
  try {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const bytes = readFileSync(join(path, entry.name));
      total += bytes.length;
      if (total > maxFolderBytes)
        throw new InputError(`the folder holds more than ${maxFolderBytes / 2 ** 20} MiB: not a certificate`, {}, path);
      files[entry.name] = bytes;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || error instanceof InputError) throw error;
    throw new InputError(`cannot read it: ${fileProblem(code, (error as Error).message, 'no such file or folder')}`, {}, path);
  }
  return files;
}
