/**
 * `hitori-sat enumerate RxC --symbols C`: every class of RxC grids over C symbols, counted per
 * convention, with the rule engine's histogram; `--shard i/n` counts one shard, `--merge` adds
 * shard files up.
 */
import { Command, Option } from 'commander';
import { sizeProblem } from '../generate/enumerate.js';
import { mergeResults, type ShardFile } from '../generate/enumerate-merge.js';
import { runEnumeration, type EnumerationResult, type EnumerationSpec } from '../generate/enumerate-run.js';
import { maxShards, type Shard } from '../generate/enumerate-split.js';
import { enumerationText } from '../render/enumerate.js';
import type { RuleSet } from '../rules/index.js';
import { ruleSetNames } from './explain.js';
import { checkOutput, readInput, writeAtomic } from './io.js';
import {
  addFormatOption,
  addJobsOption,
  addTimeoutOption,
  exitCodes,
  jobsOf,
  positiveInteger,
  progressLine,
  remainingMs,
  version,
  type OutputFormat,
} from './common.js';
import { InputError } from '../job/errors.js';

interface EnumerateCliOptions {
  symbols?: number;
  prune: boolean;
  shard?: string;
  merge?: string[];
  jobs?: number;
  histogram: boolean;
  rateRules: RuleSet;
  symmetry: boolean;
  output?: string;
  timeout?: number;
  format: OutputFormat;
}

const enumerateExitCodeHelp = `
Exit codes:
  0  counted (or merged)
  2  bad input or usage (a size, a shard, shard files that do not fit together)
  3  time limit reached: the result so far is written with "complete": false

--shard auto/n takes i from SLURM_ARRAY_TASK_ID (run the array as 0..n-1), JOB_COMPLETION_INDEX
(Kubernetes Indexed Jobs) or PARALLEL_SEQ (GNU parallel, which counts from 1), in that order.`;

/** The environment variables `--shard auto/n` reads, and the number each calls the first shard. */
const shardVariables = [
  ['SLURM_ARRAY_TASK_ID', 0],
  ['JOB_COMPLETION_INDEX', 0],
  ['PARALLEL_SEQ', 1],
] as const;

export function enumerateCommand(): Command {
  const command = new Command('enumerate')
    .description(
      'count every RxC grid up to renaming the symbols: solutions under each convention, and the rule engine class of the grids unique under shaded-duplicates',
    )
    .argument('[size]', 'board size RxC (rows x columns), e.g. 4x4')
    .option('--symbols <c>', 'at most this many different numbers (default: the longer side)', positiveInteger('--symbols'))
    .option('--prune', 'drop sequences with a line that no shading of that line satisfies (thesis section 7.2)', false)
    .option('--shard <i/n>', 'count shard i of n (0 <= i < n), or auto/n to take i from the scheduler (below)')
    .option('--merge <files...>', 'add up the JSON results of all shards of one enumeration (no size needed)')
    .option('--no-histogram', 'skip the rule engine (only the counts per convention)')
    .addOption(new Option('--rate-rules <set>', "the rule engine's rule set for the histogram").choices(ruleSetNames).default('thesis'))
    .option('--no-symmetry', 'rate every grid instead of one per mirror/rotation orbit')
    .option('-o, --output <file>', 'write the result there (atomically: a temporary file, then rename)');
  addJobsOption(command, 'worker threads');
  addFormatOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', enumerateExitCodeHelp).action(async (size: string | undefined, options: EnumerateCliOptions) => {
    let result: EnumerationResult;
    // A bad output name (a folder, one of the shard files being merged) fails before the work.
    if (options.output !== undefined) checkOutput(options.output, options.merge ?? []);
    if (options.merge !== undefined) {
      if (size !== undefined || options.shard !== undefined)
        command.error('error: --merge takes only the shard files (their size and shard are inside)', { exitCode: exitCodes.badInput });
      result = mergeResults(options.merge.map(readShardFile));
    } else {
      if (size === undefined) command.error('error: missing the board size RxC (or --merge FILES...)', { exitCode: exitCodes.badInput });
      const spec = parseSpec(size!, options);
      const shard = options.shard === undefined ? undefined : parseShard(options.shard, process.env);
      const progress = progressLine();
      let lastDraw = 0;
      result = await runEnumeration(spec, {
        version,
        jobs: jobsOf(options.jobs),
        ...(shard === undefined ? {} : { shard }),
        ...(options.timeout === undefined ? {} : { deadline: Date.now() + remainingMs(options.timeout) }),
        onProgress: (p) => {
          if (p.elapsedMs - lastDraw < 250) return;
          lastDraw = p.elapsedMs;
          const share = p.classes / p.expectedClasses;
          const rate = p.classes / (p.elapsedMs / 1000);
          const eta = share > 0 ? (p.elapsedMs / share - p.elapsedMs) / 1000 : Number.NaN;
          progress.update(
            `enumerate ${spec.rows}x${spec.cols}(${spec.symbols}): ${(100 * share).toFixed(1)}% (${p.itemsDone}/${p.items} items), ${formatRate(rate)} sequences/s, ETA ${formatSeconds(eta)}`,
          );
        },
      });
      progress.done();
    }
    const text = options.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : enumerationText(result);
    if (options.output === undefined) process.stdout.write(text);
    else await writeAtomic(options.output, [text], undefined, options.merge ?? []);
    if (!result.complete) {
      process.stderr.write(
        `hitori-sat: time limit of ${options.timeout} ms reached after ${result.itemsDone} of ${result.items} work items; the result is partial\n`,
      );
      process.exitCode = exitCodes.timeout;
    }
  });
}

function parseSpec(size: string, options: EnumerateCliOptions): EnumerationSpec {
  const match = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(size.trim());
  if (!match) throw new InputError(`"${size}" is not a board size (expected RxC, e.g. 4x4)`, {}, 'size');
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  const spec: EnumerationSpec = {
    rows,
    cols,
    symbols: options.symbols ?? Math.max(rows, cols),
    prune: options.prune,
    rating: options.histogram ? { ruleSet: options.rateRules, symmetry: options.symmetry } : null,
  };
  const problem = sizeProblem(spec);
  if (problem !== null) throw new InputError(problem, {}, 'size');
  return spec;
}

/** `i/n` (0 <= i < n) or `auto/n`, i from the first scheduler variable that is set. */
function parseShard(raw: string, env: Readonly<Record<string, string | undefined>>): Shard {
  const match = /^(\d+|auto)\/(\d+)$/.exec(raw.trim());
  if (!match) throw new InputError(`must be i/n or auto/n, got "${raw}"`, {}, '--shard');
  const count = Number(match[2]);
  if (!Number.isSafeInteger(count) || count < 1 || count > maxShards)
    throw new InputError(`the shard count must be from 1 to ${maxShards.toLocaleString('en-US')}, got ${match[2]}`, {}, '--shard');
  let index: number;
  let from = '--shard';
  if (match[1] === 'auto') {
    const found = shardVariables.find(([name]) => env[name] !== undefined && env[name] !== '');
    if (found === undefined)
      throw new InputError(`auto needs one of ${shardVariables.map(([name]) => name).join(', ')} in the environment`, {}, '--shard');
    const [name, first] = found;
    const value = env[name]!;
    if (!/^\d+$/.test(value)) throw new InputError(`${name} is "${value}", not a whole number`, {}, '--shard');
    index = Number(value) - first;
    from = `--shard auto (${name}=${value})`;
  } else index = Number(match[1]);
  if (index < 0 || index >= count) throw new InputError(`shard ${index} is not in 0..${count - 1}`, {}, from);
  return { index, count };
}

function readShardFile(path: string): ShardFile {
  const text = readInput(path);
  try {
    return { name: path, data: JSON.parse(text) as unknown };
  } catch (error) {
    throw new InputError(`not JSON (${(error as Error).message.split('\n')[0]})`, {}, path);
  }
}

function formatRate(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0);
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${Math.round(s % 60)}s` : `${Math.round(s)}s`;
}
