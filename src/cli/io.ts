/** Reading the user's files (or stdin) and writing output files without ever leaving a partial one. */
import { createReadStream, existsSync, openSync, statSync, readFileSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { parseDocument, type FormatName, type PuzzleDocument } from '../formats/detect.js';
import { looksLikeGameId } from '../formats/gameid.js';
import { InputError } from '../formats/input-error.js';
import { looksLikePuzzlink } from '../formats/puzzlink.js';
import type { Puzzle } from '../puzzle/puzzle.js';

/** The text of a file, or of stdin for "-"; an unreadable file is an InputError naming it. */
export function readInput(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`cannot read it: ${fileProblem(code, (error as Error).message, 'no such file')}`, {}, sourceName(path));
  }
}

export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : path;
}

/**
 * Reads and parses a puzzle file in any format (detected, or `from`); errors name the file. A
 * puzz.link URL or a Singles game ID may stand in place of the file name.
 */
export function readDocument(path: string, from?: FormatName): PuzzleDocument {
  const inline = path !== '-' && (looksLikePuzzlink(path) || looksLikeGameId(path)) && !existsSync(path);
  const text = inline ? path : readInput(path);
  return withSource(inline ? 'argument' : path, () =>
    parseDocument(text, {
      ...(from === undefined ? {} : { from }),
      ...(path === '-' || inline ? {} : { id: basename(path) }),
    }),
  );
}

/** Runs a parser; a bad-input error it throws names the file ("-" is stdin). */
export function withSource<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof InputError ? error.withSource(sourceName(path)) : error;
  }
}

/** Reads and parses a puzzle (any answer the file holds is dropped). */
export function readPuzzle(path: string, from?: FormatName): Puzzle {
  return readDocument(path, from).puzzle;
}

/**
 * Writes `chunks` to `path` through a temporary file in the same folder, renamed over the target
 * only when complete: an interrupted or failed write never clobbers the user's file.
 */
export async function writeAtomic(path: string, chunks: Iterable<string>, checkpoint?: () => void): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, '');
    for (const chunk of chunks) {
      checkpoint?.();
      appendFileSync(temporary, chunk);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new InputError(`cannot write it: ${fileProblem(code, (error as Error).message, 'no such folder')}`, {}, path);
  }
}

/**
 * A stream of a file, or of stdin for "-", with its size when it is a file: for input read line
 * by line, never whole. An unreadable file is an InputError naming it, raised here, not later.
 */
export function openInputStream(path: string): { stream: Readable; size?: number } {
  if (path === '-') return { stream: process.stdin };
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { stream: createReadStream(path, { fd: openSync(path, 'r') }), size: stat.size };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`cannot read it: ${fileProblem(code, (error as Error).message, 'no such file')}`, {}, path);
  }
}

/** A file system error code in words. */
function fileProblem(code: string | undefined, fallback: string, missing: string): string {
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
    default:
      return fallback;
  }
}
