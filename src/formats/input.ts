/**
 * The one guarded reader of the user's input, for a whole file (or stdin) and for a batch's lines.
 *
 * - Asynchronous: a FIFO with no writer or a slow pipe never blocks the event loop, so a command's
 *   time limit always fires (the read then ends with a TimeoutError).
 * - Capped: a whole input at `maxInputBytes`, one batch line at `maxLineBytes`, so that
 *   `/dev/zero` or `yes 1` is refused with one line instead of filling the memory; no puzzle this
 *   tool reads is near either size (1,000,000 cells at most).
 * - Decoded the same way everywhere (decodeInput): UTF-8 with or without a byte order mark, UTF-16
 *   with one; a byte that is not UTF-8 or a NUL is refused with its line and column.
 * - Every stream error is an InputError naming the input: never a silent end.
 *
 * Node only (it reads files); the browser entry never imports it.
 */
import { readFileSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputError, TimeoutError } from '../control/errors.js';
import type { Limit } from '../control/limit.js';
import { decodeInput } from './bytes.js';

/** The largest whole input read (a puzzle file, a set, a model): 64 MiB. */
const maxInputBytes = 64 * 2 ** 20;
/** The largest line of a batch: 16 MiB (a 1000x1000 grid as JSON is about 4 MB). */
const maxLineBytes = 16 * 2 ** 20;

const mib = (bytes: number) => `${bytes / 2 ** 20} MiB`;

/** Where an input comes from: a path, or "-" for stdin; `source` is its name in messages. */
export interface InputOptions {
  /** Ends the read with a TimeoutError (or the signal's reason) when it passes. */
  readonly limit?: Limit;
  readonly maxBytes?: number;
}

export function sourceOf(path: string): string {
  return path === '-' ? 'stdin' : path;
}

/** A file system error code in words. */
export function fileProblem(code: string | undefined, fallback: string, missing: string): string {
  switch (code) {
    case 'ENOENT':
      return missing;
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EEXIST':
      return 'a temporary file of the same name is in the way';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return fallback;
  }
}

function readError(error: unknown, source: string): unknown {
  if (error instanceof InputError) return error;
  // Which input kept the command past its limit (a FIFO with no writer, an endless device).
  if (error instanceof TimeoutError)
    return error.message.includes(' while ') ? error : new TimeoutError(`${error.message} while reading ${source}`);
  const e = error as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string' && !(e instanceof Error)) return error;
  return new InputError(`cannot read it: ${fileProblem(e.code, e.message, 'no such file')}`, {}, source);
}

/**
 * Opens the input as a byte stream: stdin for "-", else the file (a regular file, a FIFO, a
 * device; a folder is refused).
 */
export async function openInput(path: string): Promise<{ readonly stream: Readable; readonly size?: number }> {
  const source = sourceOf(path);
  if (path === '') throw new InputError('empty file name', {}, 'input');
  const { open, stat } = await import('node:fs/promises');
  if (path === '-') {
    // Stdin redirected from a folder (`< /`) reads as an empty stream: say so instead.
    const { fstatSync } = await import('node:fs');
    if (fstatSync(0).isDirectory()) throw new InputError('cannot read it: it is a directory', {}, source);
    return { stream: process.stdin };
  }
  let handle: FileHandle | undefined;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info.isFIFO()) {
      // A FIFO is opened without waiting for its writer and read as a pipe by the event loop (as
      // stdin is): a blocking open would hold one of libuv's threads, which even process.exit()
      // waits for, so no time limit could end the command.
      const { constants, openSync } = await import('node:fs');
      const { Socket } = await import('node:net');
      return { stream: new Socket({ fd: openSync(path, constants.O_RDONLY | constants.O_NONBLOCK), readable: true, writable: false }) };
    }
    handle = await open(path, 'r');
    return { stream: handle.createReadStream(), ...(info.isFile() ? { size: info.size } : {}) };
  } catch (error) {
    await handle?.close().catch(() => {});
    throw readError(error, source);
  }
}

/** How long a read must have been waiting (no data) before the time limit ends it. */
const waitingMs = 50;

/**
 * Rejects once the limit has passed while the read is waiting: no data for `waitingMs`
 * (`lastData` tells when the last came). A read whose data is flowing is checked between chunks
 * instead (readInputText), so that an endless device such as /dev/zero ends at the limit too.
 */
function whenExpired(limit: Limit | undefined, lastData: () => number): { promise: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelLimit = () => {};
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    if (limit === undefined) return;
    const fire = () => {
      const idle = performance.now() - lastData();
      if (limit.signal?.aborted !== true && idle < waitingMs) {
        timer = setTimeout(fire, waitingMs - idle + 1);
        return;
      }
      try {
        limit.check();
      } catch (error) {
        reject(error);
      }
    };
    cancelLimit = limit.whenPassed(fire, 1);
    onAbort = fire;
    limit.signal?.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return {
    promise,
    cancel() {
      cancelLimit();
      clearTimeout(timer);
      if (onAbort) limit?.signal?.removeEventListener('abort', onAbort);
    },
  };
}

function tooBig(maxBytes: number, source: string): InputError {
  return new InputError(
    `the input is larger than ${mib(maxBytes)}, far more than any puzzle this tool reads (1,000,000 cells at most)`,
    {},
    source,
  );
}

/** The path's size when it is a regular file (stat does not open it, so a FIFO does not block here), else undefined. */
function regularFile(path: string): { readonly size: number } | undefined {
  if (path === '-' || path === '') return undefined;
  try {
    const info = statSync(path);
    return info.isFile() ? { size: info.size } : undefined;
  } catch {
    // Missing, or no permission: the stream's open says why, with the same words.
    return undefined;
  }
}

/** The whole input as text: "-" is stdin; capped, decoded, bounded by the limit. */
export async function readInputText(path: string, options: InputOptions = {}): Promise<string> {
  const bytes = await readInputBytes(path, options);
  try {
    return decodeInput(bytes);
  } catch (error) {
    throw error instanceof InputError ? error.withSource(sourceOf(path)) : error;
  }
}

/** The whole input as bytes (a tar archive, or text to decode): "-" is stdin; capped, bounded by the limit. */
export async function readInputBytes(path: string, options: InputOptions = {}): Promise<Uint8Array> {
  const source = sourceOf(path);
  const maxBytes = options.maxBytes ?? maxInputBytes;
  const file = regularFile(path);
  if (file !== undefined) {
    // A regular file cannot keep a read waiting, and its size is known before reading: read it
    // at once (a one-shot solve then loads none of Node's stream machinery, several ms).
    if (file.size > maxBytes) throw tooBig(maxBytes, source);
    try {
      return readFileSync(path);
    } catch (error) {
      throw readError(error, source);
    }
  }
  let expired: ReturnType<typeof whenExpired> | undefined;
  let stream: Readable | undefined;
  try {
    const opened = await openInput(path);
    stream = opened.stream;
    // A regular file cannot keep a read waiting (and the cap bounds its size): it is read whole,
    // and the command's own phases check the limit after it. A pipe, a FIFO or a device may wait
    // for ever, so the limit ends its read once it is waiting.
    let lastData = performance.now();
    if (opened.size === undefined) expired = whenExpired(options.limit, () => lastData);
    const collect = async (): Promise<Uint8Array> => {
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
        lastData = performance.now();
        // Past the first chunk (a small piped puzzle is one chunk, read even under a limit already
        // spent, and the command's own phases report it), a limit that has passed ends the read:
        // 64 MiB of /dev/zero take about a second here, so the cap alone does not bound the time.
        if (total > 0) options.limit?.check();
        total += chunk.length;
        if (total > maxBytes) throw tooBig(maxBytes, source);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, total);
    };
    return await (expired === undefined ? collect() : Promise.race([collect(), expired.promise]));
  } catch (error) {
    throw readError(error, source);
  } finally {
    expired?.cancel();
    if (stream !== process.stdin) stream?.destroy();
  }
}

/** One line of a batch: its text (decoded, without the line break), its number, and its size in bytes. */
export interface InputLine {
  readonly text: string;
  readonly line: number;
  readonly bytes: number;
  /** Why the line's bytes are not text (not UTF-8, a NUL), with its column: the line is answered with that error. */
  readonly problem?: { readonly problem: string; readonly column?: number };
}

/**
 * A chunk of a UTF-16 stream (none: the end), refused as a whole file is where it breaks (a lone
 * surrogate, an odd byte at the end), naming the line of the fault: `line` is the line the
 * chunk's text starts in, `carry` the text of that line before the chunk.
 */
function decodeUtf16Chunk(
  decoder: InstanceType<typeof TextDecoder>,
  chunk: Uint8Array | undefined,
  at: { readonly line: number; readonly carry: string; readonly source: string },
): string {
  try {
    return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
  } catch {
    // The lenient decoder marks the fault with U+FFFD: the lines before it place it.
    const lenient = new TextDecoder(decoder.encoding).decode(chunk ?? new Uint8Array(1));
    const before = (at.carry + lenient).slice(0, at.carry.length + Math.max(0, lenient.indexOf('\uFFFD')));
    const line = at.line + (before.match(/\r\n|\r|\n/g)?.length ?? 0);
    throw new InputError('not UTF-16 text: a lone surrogate (half of a character) or an odd byte at the end', { line }, at.source);
  }
}

/**
 * The lines of a stream, decoded as a whole file is (decodeInput): UTF-16 with a byte order mark
 * is transcoded; a line with a byte that is not UTF-8 or a NUL comes with its `problem` (the batch
 * answers it with an error record and goes on); a line longer than `maxLineBytes` ends the read
 * with an InputError. Split at the bytes \n, \r\n and \r, without holding
 * more than one line.
 */
export async function* inputLines(stream: Readable, source: string, maxBytes = maxLineBytes): AsyncGenerator<InputLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  let utf16: InstanceType<typeof TextDecoder> | undefined;
  let first = true;
  let carry = '';
  let afterCr = false;
  const take = (bytes: Buffer): InputLine => {
    line++;
    try {
      const text = decodeInput(bytes);
      return { text: line === 1 ? text.replace(/^\uFEFF/, '') : text, line, bytes: bytes.length + 1 };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      const { column } = error.place;
      return { text: '', line, bytes: bytes.length + 1, problem: { problem: error.problem, ...(column === undefined ? {} : { column }) } };
    }
  };
  const tooLong = () =>
    new InputError(`a line longer than ${mib(maxBytes)}, far more than any puzzle this tool reads`, { line: line + 1 }, source);
  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      let chunk = raw;
      if (first) {
        first = false;
        if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
          utf16 = new TextDecoder(chunk[0] === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true });
          chunk = chunk.subarray(2);
        }
      }
      if (utf16 !== undefined) {
        // UTF-16 is transcoded as it streams; the lines are then split in the text.
        const parts = (carry + decodeUtf16Chunk(utf16, chunk, { line: line + 1, carry, source })).split(/\r\n|\r|\n/);
        carry = parts.pop() ?? '';
        if (carry.length * 2 > maxBytes) throw tooLong();
        for (const text of parts) yield { text, line: ++line, bytes: text.length * 2 + 2 };
        continue;
      }
      let start = 0;
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (b !== 0x0a && b !== 0x0d) continue;
        if (b === 0x0a && afterCr && i === start && pendingBytes === 0) {
          // The \n of a \r\n split across chunks.
          afterCr = false;
          start = i + 1;
          continue;
        }
        pending.push(chunk.subarray(start, i));
        pendingBytes += i - start;
        if (pendingBytes > maxBytes) throw tooLong();
        yield take(Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
        if (b === 0x0d && chunk[i + 1] === 0x0a) i++;
        afterCr = b === 0x0d && i + 1 === chunk.length;
        start = i + 1;
      }
      if (start < chunk.length) {
        afterCr = false;
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > maxBytes) throw tooLong();
      }
    }
    if (utf16 !== undefined) {
      const rest = carry + decodeUtf16Chunk(utf16, undefined, { line: line + 1, carry, source });
      if (rest !== '') yield { text: rest, line: ++line, bytes: rest.length * 2 };
    } else if (pendingBytes > 0) yield take(Buffer.concat(pending, pendingBytes));
  } catch (error) {
    throw readError(error, source);
  }
}
