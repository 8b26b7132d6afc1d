/**
 * The prose of the matrix's sections lives in prose.md, as parts with `{name}` holes; the
 * program fills the holes with values computed from the run, so no sentence states a result
 * that was not measured.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib.js';

let parts: Map<string, string> | undefined;

function load(): Map<string, string> {
  if (parts) return parts;
  const text = readFileSync(join(repoRoot, 'bench', 'matrix', 'prose.md'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  parts = new Map();
  for (const chunk of text.split(/^## part: /m).slice(1)) {
    const newline = chunk.indexOf('\n');
    parts.set(chunk.slice(0, newline).trim(), chunk.slice(newline + 1).trim());
  }
  return parts;
}

/** The part `name` with every hole filled; a hole without a value, or a value without a hole, is an error. */
export function prose(name: string, values: Readonly<Record<string, string | number>>): string {
  const part = load().get(name);
  if (part === undefined) throw new Error(`bench/matrix/prose.md has no part "${name}"`);
  const used = new Set<string>();
  const filled = part.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`prose part "${name}": no value for {${key}}`);
    used.add(key);
    return String(value);
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`prose part "${name}" has no hole for ${unused.join(', ')}`);
  return wrap(filled);
}

/** Markdown prose wrapped at `width`: paragraphs and list items ("- ...") refilled, blank lines kept. */
export function wrap(text: string, width = 100): string {
  const out: string[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const items: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('- ') || items.length === 0) items.push(line.trim());
      else items[items.length - 1] += ` ${line.trim()}`;
    }
    if (out.length > 0) out.push('');
    for (const item of items) {
      const bullet = item.startsWith('- ');
      let line = '';
      for (const word of item.split(/ +/)) {
        if (line !== '' && line.length + 1 + word.length > width) {
          out.push(line);
          line = bullet ? `  ${word}` : word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      out.push(line);
    }
  }
  return out.join('\n');
}
