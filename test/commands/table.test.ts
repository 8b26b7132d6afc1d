/**
 * The one table of commands (src/commands/table.ts) and what reads it: each command's folder has
 * the files the door and the CLI load by its name (a Node handler exactly when the table says
 * so), no folder is left out of the table, docs/commands.md lists the commands in the table's
 * order with its summaries, and the door refuses a name the table does not hold.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/api/run.js';
import { commandEntry, commandNames } from '../../src/commands/table.js';

const commandsDir = fileURLToPath(new URL('../../src/commands/', import.meta.url));
const docs = readFileSync(fileURLToPath(new URL('../../docs/commands.md', import.meta.url)), 'utf8');

describe('the table of commands', () => {
  it('names every command folder, and each has its request, handler and CLI face, and its Node handler when marked', () => {
    const folders = readdirSync(commandsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...commandNames].sort()).toEqual(folders.sort());
    for (const name of commandNames) {
      for (const file of ['request.ts', 'handler.ts', 'cli.ts'])
        expect(existsSync(join(commandsDir, name, file)), `${name}/${file}`).toBe(true);
      expect(existsSync(join(commandsDir, name, 'node.ts')), `${name}/node.ts`).toBe(commandEntry(name)?.node === true);
    }
  });

  it('is listed in docs/commands.md in its order, with its summaries', () => {
    const listed = [...docs.matchAll(/^- `([a-z]+)`: (.*)$/gm)].map((m) => [m[1], m[2]]);
    expect(listed).toEqual(commandNames.map((name) => [name, commandEntry(name)?.summary]));
  });

  it('is what the door knows: a name it does not hold is refused as bad input', async () => {
    for (const name of ['nope', 'toString', '__proto__', 'constructor'])
      await expect(run({ command: name } as never)).rejects.toThrow(/"command" .* is not a command/);
  });
});
