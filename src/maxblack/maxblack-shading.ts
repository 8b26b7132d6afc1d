/**
 * The record-shading file of examples/maxblack/: one line per row, '#' shaded and '.' unshaded,
 * after optional comment lines starting with ';'. `maxblack --check FILE` reads it back and
 * judges it with the independent checker (puzzle/check.ts) against the edge-counting bound.
 */
import { checkShading } from '../puzzle/check.js';
import { blankBoard } from './maxblack.js';
import { maxBlackBound } from './maxblack-bound.js';

export interface ShadingFile {
  readonly rows: number;
  readonly cols: number;
  readonly shading: boolean[];
  readonly comments: string[];
}

export function parseShadingFile(text: string): ShadingFile {
  const comments: string[] = [];
  const lines: string[] = [];
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith(';')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    if (!/^[#.]+$/.test(line)) throw new Error(`line ${k + 1}: a shading row holds only '#' and '.'`);
    lines.push(line);
  }
  if (lines.length === 0) throw new Error('no shading rows');
  const cols = lines[0]!.length;
  for (const [k, line] of lines.entries())
    if (line.length !== cols) throw new Error(`row ${k + 1} has ${line.length} cells, the first has ${cols}`);
  return {
    rows: lines.length,
    cols,
    shading: lines
      .join('')
      .split('')
      .map((ch) => ch === '#'),
    comments,
  };
}

export function formatShadingFile(rows: number, cols: number, shading: readonly boolean[], comments: readonly string[] = []): string {
  const out = comments.map((c) => `; ${c}\n`);
  for (let r = 0; r < rows; r++)
    out.push(
      `${shading
        .slice(r * cols, (r + 1) * cols)
        .map((s) => (s ? '#' : '.'))
        .join('')}\n`,
    );
  return out.join('');
}

export interface ShadingVerdict {
  readonly rows: number;
  readonly cols: number;
  readonly valid: boolean;
  /** The first rule broken, when not valid. */
  readonly problem: string | null;
  readonly shaded: number;
  readonly bound: number;
  /** Valid and meeting the bound: the maximum, proven. */
  readonly meetsBound: boolean;
}

export function judgeShading(file: Pick<ShadingFile, 'rows' | 'cols' | 'shading'>): ShadingVerdict {
  const violations = checkShading(blankBoard(file.rows, file.cols), file.shading);
  const shaded = file.shading.filter(Boolean).length;
  const { bound } = maxBlackBound(file.rows, file.cols);
  const valid = violations.length === 0;
  return {
    rows: file.rows,
    cols: file.cols,
    valid,
    problem: valid ? null : violations[0]!.message,
    shaded,
    bound,
    meetsBound: valid && shaded === bound,
  };
}
