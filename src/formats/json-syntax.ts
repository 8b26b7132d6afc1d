/**
 * Where a JSON text first goes wrong. Node 20's JSON.parse names the position for some errors
 * and not for others ("Unexpected token '}', ... is not valid JSON"), so a failed parse is
 * scanned again by this small recursive-descent checker to find the offending offset.
 */

/** The offset of the first syntax error in `text`, or -1 if it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[at] !== ch) fail();
      at++;
    }
  };
  const string = () => {
    at++; // opening quote
    while (at < text.length && text[at] !== '"') {
      const code = text.charCodeAt(at);
      if (code < 0x20) fail();
      if (text[at] === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail();
          at += 4;
        } else if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail();
      }
      at++;
    }
    if (text[at] !== '"') fail();
    at++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!m) fail();
    at += m![0].length;
  };
  const value = (): void => {
    space();
    const ch = text[at];
    if (ch === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return void at++;
        else fail();
      }
    } else if (ch === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return void at++;
        else fail();
      }
    } else if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else number();
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return -1;
  } catch (offset) {
    return typeof offset === 'number' ? Math.min(offset, text.length) : 0;
  }
}
