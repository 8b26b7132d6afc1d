/**
 * A command line split into words as a POSIX shell splits them (XCU 2.2 quoting and 2.6.5 field
 * splitting, without expansions): unquoted blanks separate words; a backslash keeps the next
 * character as it is; single quotes keep everything up to the next single quote; double quotes
 * keep everything up to the next unescaped double quote, where a backslash escapes only
 * `$`, `` ` ``, `"`, `\` and a newline (which it removes). `''` and `""` make an empty word.
 * Nothing is expanded: `$HOME`, `*` and `~` stay as written, since no shell runs.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  /** Whether a word has begun (a quoted empty string is a word). */
  let open = false;
  let i = 0;
  const fail = (what: string) => {
    throw new SyntaxError(`${what} in the command ${JSON.stringify(command)}`);
  };
  while (i < command.length) {
    const ch = command[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (open) words.push(word);
      word = '';
      open = false;
      i++;
    } else if (ch === '\\') {
      if (i + 1 >= command.length) fail('a backslash at the end');
      if (command[i + 1] !== '\n') {
        word += command[i + 1];
        open = true;
      }
      i += 2;
    } else if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) fail('an unterminated single quote');
      word += command.slice(i + 1, end);
      open = true;
      i = end + 1;
    } else if (ch === '"') {
      open = true;
      i++;
      while (i < command.length && command[i] !== '"') {
        const c = command[i]!;
        const next = command[i + 1];
        if (c === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
          if (next !== '\n') word += next;
          i += 2;
        } else {
          word += c;
          i++;
        }
      }
      if (i >= command.length) fail('an unterminated double quote');
      i++;
    } else {
      word += ch;
      open = true;
      i++;
    }
  }
  if (open) words.push(word);
  return words;
}
