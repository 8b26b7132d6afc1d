/** `hitori-sat solve <file|->`: solve, check, prove uniqueness, print. */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { SolveResult } from '../../api/requests.js';
import { gridJson, RenderedGrids, solveJson, solveText, solveVerdict } from './render.js';
import {
  backendNames,
  defaultBackend,
  defaultConnectivity,
  defaultEngine,
  engines,
  solveConnectivities,
  type Engine,
} from '../../api/choices.js';
import { formatDocument, type FormatName } from '../../formats/detect.js';
import { documentOf } from '../../formats/document.js';
import type { Puzzle, Shading } from '../../api/requests.js';
import { renderShading, type TextStyle } from '../../render/text.js';
import {
  aboutFile,
  checkFolderOutput,
  checkOutput,
  emit,
  readPuzzle,
  refuseBinaryOnTerminal,
  writeFolder,
  writePicture,
} from '../../cli/io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from '../../cli/batch.js';
import {
  addConventionOption,
  addColorOption,
  addFromOption,
  addOutputOptions,
  chosenOutput,
  chooseBackend,
  addTimeoutOption,
  outputTargets,
  solveExitCodeHelp,
  exitCodes,
  positiveInteger,
  progressLine,
  useColor,
  type CommonOptions,
} from '../../cli/common.js';
import { commandTimeout, workLimitMs, outputReserveMs } from '../../control/limit.js';

interface SolveCliOptions extends CommonOptions, BatchCliOptions {
  color?: boolean;
  from?: FormatName;
  count: number;
  engine: Engine;
  connectivity: (typeof solveConnectivities)[number];
  certificate?: string;
}

/** The file that marks a folder as a certificate (one `solve --certificate` may replace). */
const certificateMarker = 'manifest.json';

export function command(): Command {
  const command = new Command('solve')
    .description('solve a puzzle, check the answer with an independent checker, and prove whether it is unique')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .addOption(new Option('--backend <name>', 'SAT backend').choices(backendNames).default(defaultBackend))
    .option('--solver-cmd <command>', 'DIMACS solver command for --backend external ({cnf} and {out} are replaced)')
    .addOption(
      new Option('--connectivity <mode>', 'connectivity: lazy cuts, or the complete distance-layer CNF')
        .choices(solveConnectivities)
        .default(defaultConnectivity),
    )
    .option('--count <n>', 'list up to n solutions', positiveInteger('--count'), 1)
    .addOption(
      new Option(
        '--engine <engine>',
        'hybrid: deductions first, SAT only for what they leave open; sat: SAT alone; rules: human techniques only (exit 4 when stuck)',
      )
        .choices(engines)
        .default(defaultEngine),
    )
    .option(
      '--certificate <dir>',
      'also write a certificate of the verdict to this folder: the CNF, the solutions and a DRAT proof anyone can check (hitori-sat verify DIR)',
    );
  addConventionOption(command);
  addOutputOptions(command, outputTargets);
  addFromOption(command);
  addColorOption(command);
  addTimeoutOption(command);
  addBatchOptions(command);
  return command.addHelpText('after', `${solveExitCodeHelp}\n${batchHelp}`).action(async (file: string, options: SolveCliOptions) => {
    if (isBatch(command, file, options)) {
      if (options.certificate !== undefined)
        command.error('error: --certificate goes with one puzzle, not a batch', { exitCode: exitCodes.badInput });
      const backend = chooseBackend(command, options);
      return runBatchCommand(
        file,
        {
          command: 'solve',
          engine: options.engine,
          backend,
          convention: options.convention,
          connectivity: options.connectivity,
          maxSolutions: options.count,
          ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
          ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
        },
        options,
      );
    }
    const to = chosenOutput(command, options);
    // A bad output name (a folder, the input itself) fails before the work.
    if (options.output !== undefined) checkOutput(options.output, [file]);
    refuseBinaryOnTerminal(to, options.output);
    if (options.certificate !== undefined) checkFolderOutput(options.certificate, certificateMarker);
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const progress = progressLine();
    const style = { color: useColor(options) && options.output === undefined };
    // The forms that list every solution render each one as it is found (see RenderedGrids).
    const grids =
      to === 'text'
        ? new RenderedGrids((s) => renderShading(puzzle, s, style))
        : to === 'json'
          ? new RenderedGrids((s) => gridJson(puzzle, s))
          : undefined;
    const result = await run(
      {
        command: 'solve',
        puzzle,
        backend: chooseBackend(command, options),
        convention: options.convention,
        connectivity: options.connectivity,
        engine: options.engine,
        maxSolutions: options.count,
        ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
        ...(options.certificate === undefined ? {} : { certificate: true }),
        // On a large grid, or when listing many solutions, the work stops early enough for
        // printing what was found, and the process's end, to fit the limit (outputReserveMs, by
        // the cells of the grids that may be printed), as explain's does.
        ...commandTimeout(
          options.timeout === undefined
            ? undefined
            : workLimitMs(options.timeout, outputReserveMs(options.timeout, puzzle.rows * puzzle.cols * Math.min(options.count, 1000))),
        ),
      },
      {
        onProgress: progress.update,
        ...(grids === undefined ? {} : { onItem: (s: Shading) => grids.add(s) }),
      },
    ).catch((error: unknown) => {
      throw aboutFile(file, error);
    });
    progress.done();
    if (options.certificate !== undefined) writeCertificate(options.certificate, result);
    if (to === 'svg' || to === 'png') {
      // The SVG renderer draws explanations too, so it pulls in the rule engine: loaded on demand.
      const { renderSvg, solvePicture } = await import('../../render/svg.js');
      await writePicture(renderSvg(puzzle, solvePicture(result)), to, options.output, { inputs: [file], timeoutMs: options.timeout });
    } else await emit(options.output, [solveOutput(puzzle, result, to, style, grids)], { inputs: [file], timeoutMs: options.timeout });
    // The other forms carry no verdict: say it where a person watching will see it.
    if (to !== 'text' && to !== 'json' && process.stderr.isTTY) process.stderr.write(`${solveVerdict(puzzle, result)}\n`);
    process.exitCode = {
      unique: exitCodes.solved,
      multiple: exitCodes.solved,
      none: exitCodes.noSolution,
      timeout: exitCodes.timeout,
      stuck: exitCodes.stuck,
    }[result.status];
  });
}

/** Writes the certificate's folder (whole or not at all), and says so on stderr; a verdict without one says why. */
function writeCertificate(folder: string, result: SolveResult): void {
  if (result.certificate === undefined) {
    process.stderr.write(`hitori-sat: no certificate: the verdict is ${result.status}, not proven\n`);
    return;
  }
  writeFolder(folder, result.certificate.files, certificateMarker);
  const { proof } = result.certificate.manifest;
  const how = proof === null ? 'two checked solutions' : `a ${proof.kind} proof`;
  process.stderr.write(`certificate of "${result.status}" (${how}) written to ${folder}: check it with hitori-sat verify ${folder}\n`);
}

/**
 * The solve's outcome in the chosen form: the report (text, json), the puzzle with its first
 * solution where the format holds one (pzprv3, janko; the other formats just the puzzle).
 * Pictures (svg, png) are drawn by the action (render/svg.ts solvePicture): the solution, with
 * the cells where a second one differs outlined, or the partial grid when the rules got stuck.
 */
function solveOutput(puzzle: Puzzle, result: SolveResult, to: string, style: TextStyle, grids?: RenderedGrids): string {
  const grid = grids === undefined ? undefined : (s: Shading) => grids.get(s);
  if (to === 'text') return solveText(puzzle, result, style, grid);
  if (to === 'json') return `${solveJson(puzzle, result, grid)}\n`;
  const first = result.solutions[0];
  return formatDocument(documentOf(puzzle, first), to as FormatName);
}
