/** --solver-cmd is split as a POSIX shell splits words; the expected words are what `sh` itself gives. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWords } from '../../src/sat/shell-words.js';

const cases: [string, string[]][] = [
  ['cadical', ['cadical']],
  ['  minisat   {cnf}\t{out} ', ['minisat', '{cnf}', '{out}']],
  ["'/opt/my solvers/cadical' -q", ['/opt/my solvers/cadical', '-q']],
  ['"/opt/my solvers/kissat" --quiet', ['/opt/my solvers/kissat', '--quiet']],
  ['/opt/my\\ solvers/cadical', ['/opt/my solvers/cadical']],
  ['a"b c"d', ['ab cd']],
  ["'it''s'", ['its']],
  ['"say \\"hi\\" \\\\ \\n"', ['say "hi" \\ \\n']],
  ["'a\\b'", ['a\\b']],
  ["x '' y", ['x', '', 'y']],
  ['$HOME *', ['$HOME', '*']],
];

describe('shellWords', () => {
  it.each(cases)('splits %j into the words a shell would', (command, words) => {
    expect(shellWords(command)).toEqual(words);
  });

  it('agrees with sh itself on every case (when sh is there)', () => {
    const probe = spawnSync('sh', ['-c', 'true']);
    if (probe.error) return;
    for (const [command, words] of cases) {
      // printf prints each word NUL-terminated, after set -f so that * is not expanded; $HOME is single-quoted for sh.
      const escaped = command.replace('$HOME', "'$HOME'");
      const out = spawnSync('sh', ['-c', `set -f; printf '%s\\0' ${escaped}`], { encoding: 'utf8' }).stdout;
      const shWords = out.split('\0').slice(0, -1);
      expect(shellWords(escaped), command).toEqual(shWords);
      if (escaped === command) expect(words).toEqual(shWords);
    }
  });

  it('refuses an unterminated quote and a trailing backslash', () => {
    expect(() => shellWords("'open")).toThrow(/unterminated single quote/);
    expect(() => shellWords('"open')).toThrow(/unterminated double quote/);
    expect(() => shellWords('end\\')).toThrow(/backslash at the end/);
  });
});
