/**
 * The hitori-sat program: a thin commander layer over the library, every command of the table
 * (src/commands/table.ts), in its order, each built by its folder's CLI face
 * (src/commands/<name>/cli.ts). The entry of the CommonJS bundle that the command
 * (src/cli/hitori-sat.cts) runs for every command but `solve` and `hint`.
 */
import type { Command } from 'commander';
import { commandNames } from '../commands/table.js';
import { runProgram } from './run.js';

export { workersExited } from '../api/jobs.js';

/** A command's CLI face: its commander command (options, parse -> request -> render). */
interface CliFace {
  command(): Command;
}

/** Runs `hitori-sat <command> ...` on the process's arguments. */
export async function runAll(): Promise<void> {
  // By name, so that a command added to the table needs no line here; esbuild bundles every
  // `commands/*/cli.js` the pattern matches (vite, under the tests, resolves it at run time).
  const faces = await Promise.all(commandNames.map((name) => import(/* @vite-ignore */ `../commands/${name}/cli.js`) as Promise<CliFace>));
  return runProgram(faces.map((face) => face.command()));
}
