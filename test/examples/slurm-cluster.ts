/**
 * A real single-node Slurm cluster for the scale-out tests, started as root from Debian's
 * packages (slurm-wlm, munge): munged, slurmctld and slurmd in the foreground as children of the
 * test, with their key, sockets, ports, state, spool, logs and pid files in one temporary folder.
 * Nothing of it touches /etc or a system Slurm: the clients find the cluster through SLURM_CONF,
 * and munged listens on its own socket (AuthInfo=socket=...), so a system munged or Slurm on the
 * same machine is neither used nor disturbed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The programs the cluster and the tests need, as Debian installs them. */
const slurmPrograms = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'sinfo', 'scancel', 'scontrol'] as const;

/** Why this machine cannot start the cluster (null: it can). */
export function slurmUnavailable(): string | null {
  const missing = slurmPrograms.filter((p) => spawnSync('sh', ['-c', `command -v ${p}`], { stdio: 'ignore' }).status !== 0);
  if (missing.length > 0) return `${missing.join(', ')} not installed (apt-get install slurm-wlm munge)`;
  // slurmd starts each job as its user, and munged and the daemons run as SlurmUser=root here.
  if (process.getuid?.() !== 0) return 'not running as root (slurmd and munged need it)';
  return null;
}

export interface SlurmCluster {
  /** The temporary folder with the configuration, state and logs. */
  readonly dir: string;
  /** The environment for the Slurm clients (sbatch, squeue, ...): SLURM_CONF points at this cluster. */
  readonly env: Readonly<Record<string, string>>;
  /** Runs a Slurm client against this cluster; throws with its output if it fails. */
  client(program: string, args: readonly string[], options?: { env?: Record<string, string>; cwd?: string }): string;
  /** The last lines of the daemons' logs, for failure messages. */
  logs(): string;
  /** Cancels what is still queued and stops the daemons (by their pids); safe to call twice. */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on now (the OS hands out a free one; Slurm binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `ready` every 200 ms until it returns true, or throws `what` with the logs after `ms`. */
async function waitFor(what: string, ms: number, ready: () => boolean, logs: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`Slurm test cluster: ${what} within ${ms / 1000} s\n${logs()}`);
    await sleep(200);
  }
}

/** Daemons still running when the test process exits (a hook that timed out): killed on the way out. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) if (child.pid !== undefined) child.kill('SIGKILL');
});

export async function startSlurm(): Promise<SlurmCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'hitori-slurm-'));
  chmodSync(dir, 0o755);
  for (const sub of ['state', 'spool', 'log']) mkdirSync(join(dir, sub));
  // munged refuses a key that others can read, in a folder that others can write.
  const munge = join(dir, 'munge');
  mkdirSync(munge, { mode: 0o711 });
  const key = join(munge, 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o600 });
  const socket = join(munge, 'munge.socket');

  const node = hostname().split('.')[0]!;
  const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=hitoritest',
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      // No cgroups: a container has none to give, and the tests need no resource fencing.
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      // Array tasks share the node by CPUs (the default, select/linear, gives each a whole node).
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_CPU',
      'MpiDefault=none',
      'ReturnToService=2',
      // `sbatch --wait` polls every 2 s while MinJobAge/2 is at most 2, else every 8 then 32 s.
      'MinJobAge=5',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} State=UNKNOWN`,
      `PartitionName=main Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );
  const env = { SLURM_CONF: conf };
  const daemons: ChildProcess[] = [];

  const logs = () =>
    ['munged.log', 'slurmctld.log', 'slurmd.log', 'slurmctld.out', 'slurmd.out']
      .map((name) => [name, join(dir, 'log', name)] as const)
      .filter(([, path]) => existsSync(path))
      .map(([name, path]) => `--- ${name} (last lines)\n${readFileSync(path, 'utf8').split('\n').slice(-15).join('\n')}`)
      .join('\n');

  const daemon = (program: string, args: readonly string[], logName: string) => {
    const out = openSync(join(dir, 'log', logName), 'a');
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
    closeSync(out);
    daemons.push(child);
    running.add(child);
    child.on('exit', () => running.delete(child));
    return child;
  };

  const client = (program: string, args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}) => {
    const r = spawnSync(program, args, {
      encoding: 'utf8',
      cwd: options.cwd ?? dir,
      env: { ...process.env, ...env, ...options.env },
      timeout: 30_000,
    });
    if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}\n${logs()}`);
    return r.stdout;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Jobs still queued or running (a test that failed halfway) end with the cluster.
    if (daemons.length >= 2) {
      const clientEnv = { ...process.env, ...env };
      spawnSync('scancel', ['--full', '--user=root'], { env: clientEnv, timeout: 10_000 });
      // Their processes belong to slurmstepd, not to slurmd: wait until they are gone.
      const end = Date.now() + 15_000;
      while (Date.now() < end) {
        const r = spawnSync('squeue', ['--noheader', '--format=%i'], { encoding: 'utf8', env: clientEnv, timeout: 5_000 });
        if (r.status !== 0 || r.stdout.trim() === '') break;
        await sleep(250);
      }
    }
    // Reverse order: slurmd, slurmctld, then munged, which they authenticate through.
    for (const child of [...daemons].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // -F: in the foreground, so that its pid is the one spawned and stopped here.
    daemon(
      'munged',
      [
        '-F',
        '--force',
        `--socket=${socket}`,
        `--key-file=${key}`,
        `--pid-file=${join(munge, 'munged.pid')}`,
        `--seed-file=${join(munge, 'munged.seed')}`,
        `--log-file=${join(dir, 'log', 'munged.log')}`,
      ],
      'munged.out',
    );
    await waitFor('munged did not create its socket', 10_000, () => existsSync(socket), logs);
    daemon('slurmctld', ['-D', '-i', '-f', conf], 'slurmctld.out');
    daemon('slurmd', ['-D', '-N', node, '-f', conf], 'slurmd.out');
    for (const child of daemons)
      child.once('exit', (code, signal) => {
        if (!stopped) console.error(`Slurm test cluster: ${child.spawnfile} exited (${code ?? signal}) while the tests ran\n${logs()}`);
      });
    await waitFor(
      'the node did not come up idle',
      30_000,
      () => {
        const r = spawnSync('sinfo', ['--noheader', '--Node', '--format=%t'], {
          encoding: 'utf8',
          env: { ...process.env, ...env },
          timeout: 5_000,
        });
        return r.status === 0 && r.stdout.trim() === 'idle';
      },
      logs,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { dir, env, client, logs, stop };
}
