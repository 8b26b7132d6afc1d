/**
 * Colour and Unicode in text output: only on a terminal (or with --color), never with --no-color
 * or NO_COLOR, and the same grid either way once the escapes are taken out. Through a pipe the
 * command runs in the command host (in-process.ts), whose output is a pipe as a process's is;
 * on a terminal, as a process under script(1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';
import { cliPath, fixture, hasExecutable, linesOf } from './run.js';

const esc = '\x1b[';
const escapes = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plainOf = (text: string) => text.replace(escapes, '').replace(/\u2588/g, '#');
/** The grid lines of a solve's text output (everything but the verdict, which has a timing). */
const gridOf = (text: string) => linesOf(text).slice(0, -1);

describe('text output through a pipe', () => {
  it('is plain ASCII by default', async () => {
    const out = await runInProcess(['solve', 'janko-037.txt']);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toContain(esc);
    expect(/^[\x20-\x7e\n]*$/.test(out.stdout)).toBe(true);
  });

  it('--color draws shaded cells as blocks and colours the verdict, and is the same grid without the escapes', async () => {
    const plain = await runInProcess(['solve', 'janko-037.txt']);
    const colour = await runInProcess(['solve', 'janko-037.txt', '--color']);
    expect(colour.stdout).toContain('\u2588');
    expect(linesOf(colour.stdout).at(-1)?.startsWith(`${esc}32munique solution, proven`)).toBe(true);
    expect(gridOf(plainOf(colour.stdout))).toEqual(gridOf(plain.stdout));
  });

  it('--no-color after --color wins, and explain takes the options too', async () => {
    expect((await runInProcess(['solve', 'janko-002.txt', '--color', '--no-color'])).stdout).not.toContain(esc);
    const explain = await runInProcess(['explain', 'janko-002.txt', '--color']);
    expect(explain.stdout).toContain('\u2588');
    expect(plainOf(explain.stdout)).toBe((await runInProcess(['explain', 'janko-002.txt'])).stdout);
  });
});

// `script` runs the command on a pseudo-terminal, as a person at a terminal would.
const haveScript = hasExecutable('/usr/bin/script') && existsSync(cliPath);

describe.skipIf(!haveScript)('text output on a terminal (via script(1); skipped where it is missing)', () => {
  const onTerminal = (args: string, env: Record<string, string | undefined>) => {
    const environment = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete environment[k];
    const out = spawnSync('/usr/bin/script', ['-qec', `"${process.execPath}" "${cliPath}" ${args}`, '/dev/null'], {
      encoding: 'utf8',
      env: environment,
      timeout: 30_000,
    });
    return out.stdout;
  };

  it('is coloured when NO_COLOR is not set', () => {
    expect(onTerminal(`solve "${fixture('janko-002.txt')}"`, { NO_COLOR: undefined })).toContain(esc);
  });

  it('is plain when NO_COLOR is set, or with --no-color', () => {
    expect(onTerminal(`solve "${fixture('janko-002.txt')}"`, { NO_COLOR: '1' })).not.toContain(esc);
    expect(onTerminal(`solve "${fixture('janko-002.txt')}" --no-color`, { NO_COLOR: undefined })).not.toContain(esc);
  });
});
