/**
 * The dependency direction of the faces (docs/architecture.md): the CLI layer (src/cli/ and each
 * command's cli.ts) reaches the work only through the door and the commands (src/api/,
 * src/commands/), plus formats/ and render/ for reading and writing and control/, the leaf every
 * layer may import; nothing else imports the CLI layer; a command's browser-safe files import no
 * `node:` module and none of its Node-only files. Read from the sources' import lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file imports, static or dynamic (a template's `${...}` kept as `*`), as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...[...text.matchAll(/^\s*(?:import|export)\b[^;]*?\sfrom\s+'([^']+)'/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?['`]([^'`]+)['`]/g)].map((m) => m[1]!.replace(/\$\{[^}]*\}/g, '*')),
    ...[...text.matchAll(/\brequire\(\s*'([^']+)'/g)].map((m) => m[1]!),
  ];
  return [...new Set(found)];
}

/** Where an import leads, relative to src/ (e.g. `api/run.js`), or the bare name of a package or `node:` module. */
function target(file: string, path: string): string {
  return path.startsWith('.') ? relative(src, resolve(dirname(file), path)) : path;
}

const files = sourceFiles(src);
const isCliLayer = (rel: string) => rel.startsWith('cli/') || /^commands\/[^/]+\/cli\.ts$/.test(rel);

describe('the dependency direction', () => {
  it('the CLI reaches the library only through api/ and commands/ (plus formats/, render/, control/)', () => {
    const cliFiles = files.filter((f) => isCliLayer(relative(src, f)));
    expect(cliFiles.length).toBeGreaterThan(15);
    for (const file of cliFiles) {
      for (const path of importsOf(file)) {
        const to = target(file, path);
        if (!path.startsWith('.')) continue;
        expect(/^(api|commands|cli|formats|render|control)\//.test(to), `${relative(src, file)} imports ${path}`).toBe(true);
      }
    }
  });

  it('nothing outside the CLI imports it', () => {
    for (const file of files.filter((f) => !isCliLayer(relative(src, f)))) {
      for (const path of importsOf(file)) {
        const to = target(file, path);
        expect(isCliLayer(to.replace(/\.c?js$/, '.ts')) || to.startsWith('cli/'), `${relative(src, file)} imports ${path}`).toBe(false);
      }
    }
  });

  it("a command's browser-safe files import no node: module and none of its Node-only files", () => {
    const browserSafe = files.filter((f) =>
      /^commands\/([^/]+\/)?(request|handler|render|words|cnf|bounded|table|validate)\.ts$/.test(relative(src, f)),
    );
    expect(browserSafe.length).toBeGreaterThan(30);
    for (const file of browserSafe) {
      for (const path of importsOf(file)) {
        expect(path.startsWith('node:'), `${relative(src, file)} imports ${path}`).toBe(false);
        expect(/\/(node|cli)\.js$/.test(path), `${relative(src, file)} imports ${path}`).toBe(false);
      }
    }
  });
});
