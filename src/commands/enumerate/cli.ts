/**
 * `hitori-sat enumerate RxC --symbols C`: every class of RxC grids over C symbols, counted per
 * convention, with the rule engine's histogram; `--shard i/n` counts one shard, `--merge` adds
 * shard files up.
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { EnumerationResult, EnumerationSpec, MissingShards, ShardFile } from '../../api/requests.js';
import { enumerationDefaultJobs, enumerationSizeProblem, maxShards, type Shard } from '../../api/board-choices.js';
import { enumerationText } from './render.js';
import type { RuleSet } from '../../api/requests.js';
import { ruleSetNames } from '../../api/choices.js';
import { checkOutput, emit, readInput } from '../../cli/io.js';
import {
  addOutputOptions,
  addJobsOption,
  addTimeoutOption,
  chosenOutput,
  exitCodes,
  jobsOf,
  positiveInteger,
  progressLine,
  version,
} from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';
import { InputError } from '../../control/errors.js';
import { readyForLimit } from '../../cli/limit-ready.js';

interface EnumerateCliOptions {
  symbols?: number;
  prune: boolean;
  shard?: string;
  merge?: string[];
  sample: boolean;
  jobs?: number;
  histogram: boolean;
  rateRules: RuleSet;
  symmetry: boolean;
  output?: string;
  timeout?: number;
  to?: string;
  format?: string;
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

export function command(): Command {
  const command = new Command('enumerate')
    .description(
      'count every RxC grid up to renaming the symbols: solutions under each convention, and the rule engine class of the grids unique under shaded-duplicates',
    )
    .argument('[size]', 'board size RxC (rows x columns), e.g. 4x4')
    .option('--symbols <c>', 'at most this many different numbers (default: the longer side)', positiveInteger('--symbols'))
    .option('--prune', 'drop sequences with a line that no shading of that line satisfies (thesis section 7.2)', false)
    .option('--shard <i/n>', 'count shard i of n (0 <= i < n), or auto/n to take i from the scheduler (below)')
    .option('--merge <files...>', 'add up the JSON results of all shards of one enumeration (no size needed)')
    .option(
      '--sample',
      'with --merge: add up the shards given although some are missing, as a sample of the whole (the result says so)',
      false,
    )
    .option('--no-histogram', 'skip the rule engine (only the counts per convention)')
    .addOption(new Option('--rate-rules <set>', "the rule engine's rule set for the histogram").choices(ruleSetNames).default('thesis'))
    .option('--no-symmetry', 'rate every grid instead of one per mirror/rotation orbit');
  addOutputOptions(command);
  addJobsOption(command, 'worker threads', 'the cores, or 1 for a shard of fewer than 2^24 classes');
  addTimeoutOption(command);
  return command.addHelpText('after', enumerateExitCodeHelp).action(async (size: string | undefined, options: EnumerateCliOptions) => {
    const to = chosenOutput(command, options);
    let result: EnumerationResult;
    // A bad output name (a folder, one of the shard files being merged) fails before the work.
    if (options.output !== undefined) checkOutput(options.output, options.merge ?? []);
    if (options.sample && options.merge === undefined)
      command.error('error: --sample goes with --merge (it adds up the shard files given)', { exitCode: exitCodes.badInput });
    if (options.merge !== undefined) {
      if (size !== undefined || options.shard !== undefined)
        command.error('error: --merge takes only the shard files (their size and shard are inside)', { exitCode: exitCodes.badInput });
      try {
        const merge = await Promise.all(options.merge.map(readShardFile));
        result = await run({ command: 'enumerate', merge, ...(options.sample ? { sample: true } : {}) });
      } catch (error) {
        const missing = (error as { missingShards?: MissingShards } | null)?.missingShards;
        if (!(error instanceof InputError) || missing === undefined) throw error;
        // The refusal, and on a line of its own the command that counts just the missing shards
        // (a failed or cancelled task), ready to paste.
        process.stderr.write(`hitori-sat: ${error.message}; count just those, then merge again:\n  ${rerunCommand(missing)}\n`);
        process.exitCode = exitCodes.badInput;
        return;
      }
    } else {
      if (size === undefined) command.error('error: missing the board size RxC (or --merge FILES...)', { exitCode: exitCodes.badInput });
      const spec = parseSpec(size!, options);
      const shard = options.shard === undefined ? undefined : parseShard(options.shard, process.env);
      const progress = progressLine();
      readyForLimit(options.timeout, { numbers: to === 'text' });
      result = await run(
        {
          command: 'enumerate',
          spec,
          version,
          // Without --jobs: the cores, or one thread for a shard too small for workers to pay.
          jobs:
            options.jobs === undefined
              ? enumerationDefaultJobs(spec, shard ?? { index: 0, count: 1 }, availableParallelism())
              : jobsOf(options.jobs),
          ...(shard === undefined ? {} : { shard }),
          ...commandTimeout(options.timeout),
        },
        { onProgress: progress.update },
      ).finally(() => progress.done());
    }
    const text = to === 'json' ? `${JSON.stringify(result, null, 2)}\n` : enumerationText(result);
    await emit(options.output, [text], { inputs: options.merge ?? [], timeoutMs: options.timeout });
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
  const problem = enumerationSizeProblem(spec);
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

/**
 * A shell command that counts the missing shards into the files a merge of the same glob would
 * find: when every given file's name holds its shard number (out/shard-3.json), the missing ones
 * get the same name with their number; otherwise shard-N.json beside the first file.
 */
function rerunCommand({ missing, spec, names }: MissingShards): string {
  const count = spec.shard!.count;
  // Each name cut around the last appearance of its shard number as a whole number
  // (shard-13.json holds 13, not 1 or 3); the cut must be the same for all.
  const cuts = new Map<string, readonly [string, string] | null>();
  for (const [index, name] of names) {
    // In the file's own name: digits in its folder say nothing about the shard.
    const from = name.length - basename(name).length;
    const at = [...name.slice(from).matchAll(/\d+/g)].filter((m) => Number(m[0]) === index).at(-1);
    const cut = at === undefined ? null : ([name.slice(0, from + at.index), name.slice(from + at.index + at[0].length)] as const);
    cuts.set(JSON.stringify(cut), cut);
  }
  const [cut] = cuts.values();
  // Only printable names are repeated on the terminal.
  const [before, after] =
    cuts.size === 1 && cut && /^[\x20-\x7e]*$/.test(cut.join('')) ? cut : [join(dirname(names.values().next().value!), 'shard-'), '.json'];
  const rating = spec.rating;
  const flags = [
    `--symbols ${spec.symbols}`,
    ...(spec.prune ? ['--prune'] : []),
    ...(rating === null
      ? ['--no-histogram']
      : [...(rating.ruleSet === 'thesis' ? [] : [`--rate-rules ${rating.ruleSet}`]), ...(rating.symmetry ? [] : ['--no-symmetry'])]),
  ].join(' ');
  const one = (i: string) =>
    `hitori-sat enumerate ${spec.rows}x${spec.cols} ${flags} --shard ${i}/${count} --format json -o ${shellWord(before)}${i}${shellWord(after)}`;
  // The loop variable in braces, so that a name going on with a letter or _ cannot extend it.
  return missing.length === 1 ? one(String(missing[0])) : `for i in ${missing.join(' ')}; do ${one(`$\{i}`)}; done`;
}

/** `text` as one word for sh: as it is when it is plain, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]*$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

async function readShardFile(path: string): Promise<ShardFile> {
  const text = await readInput(path);
  try {
    return { name: path, data: JSON.parse(text) as unknown };
  } catch (error) {
    throw new InputError(`not JSON (${(error as Error).message.split('\n')[0]})`, {}, path);
  }
}
