/** Reading the user's files (or stdin) and writing output files without ever leaving a partial one. */
import { readFileSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parsePuzzle } from '../formats/detect.js';
import { InputError } from '../formats/input-error.js';
import type { Puzzle } from '../puzzle/puzzle.js';

/** The text of a file, or of stdin for "-"; an unreadable file is an InputError naming it. */
export function readInput(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`cannot read it: ${why}`, {}, sourceName(path));
  }
}

export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : path;
}

/** Reads and parses a puzzle file; errors name the file. */
export function readPuzzle(path: string): Puzzle {
  const text = readInput(path);
  try {
    return parsePuzzle(text, path === '-' ? undefined : basename(path));
  } catch (error) {
    throw error instanceof InputError ? error.withSource(sourceName(path)) : error;
  }
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
    if (code !== undefined) throw new InputError(`cannot write it: ${(error as Error).message}`, {}, path);
    throw error;
  }
}
