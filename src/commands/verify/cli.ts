/**
 * `hitori-sat verify <dir|file.tar>`: checks a certificate that `solve --certificate` wrote (a
 * folder) or that the page gave (a tar archive of the same files).
 */
import { statSync } from 'node:fs';
import { Command } from 'commander';
import { run } from '../../api/node-run.js';
import { addOutputOptions, addTimeoutOption, chosenOutput, exitCodes } from '../../cli/common.js';
import { checkOutput, emit, readFolder, sourceName } from '../../cli/io.js';
import { InputError } from '../../control/errors.js';
import { commandLimit, commandTimeout } from '../../control/limit.js';
import { readInputBytes } from '../../formats/input.js';
import { isTar, readTar } from '../../formats/tar.js';
import { verifyJson, verifyText } from './render.js';

interface VerifyCliOptions {
  to?: string;
  format?: string;
  output?: string;
  timeout?: number;
}

const verifyExitCodeHelp = `
Exit codes:
  0  the certificate holds: its CNF is the puzzle's, its shadings are solutions, its proof
     refutes what the verdict says cannot be
  1  it does not: the first thing that fails is named (a changed number, a CNF of another
     puzzle, a flipped literal, a wrong shading, an altered or cut proof, a verdict the files
     do not support)
  2  bad input or usage (not a folder or a tar archive, an unreadable file)
  3  time limit reached before the proof was checked

What a certificate proves and what it trusts: docs/encodings.md ("Certificates").`;

export function command(): Command {
  const command = new Command('verify')
    .description("check a certificate of a verdict (solve --certificate DIR, or the page's archive)")
    .argument('<certificate>', 'the certificate: a folder, or a tar archive of its files');
  addOutputOptions(command);
  addTimeoutOption(command);
  return command.addHelpText('after', verifyExitCodeHelp).action(async (path: string, options: VerifyCliOptions) => {
    const to = chosenOutput(command, options);
    if (options.output !== undefined) checkOutput(options.output, [path]);
    const source = sourceName(path);
    const folder = path !== '-' && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
    let files: Record<string, Uint8Array>;
    if (folder) files = readFolder(path);
    else {
      const bytes = await readInputBytes(path, { limit: commandLimit(options.timeout) });
      if (!isTar(bytes)) throw new InputError('not a certificate: neither a folder nor a tar archive', {}, source);
      files = readTar(bytes, source);
    }
    const result = await run({ command: 'verify', files, ...commandTimeout(options.timeout) });
    await emit(options.output, [to === 'json' ? verifyJson(source, result) : verifyText(source, result)], {
      inputs: [path],
      timeoutMs: options.timeout,
    });
    process.exitCode = result.ok ? exitCodes.solved : exitCodes.noSolution;
  });
}
