/** Where and why a JSON text is not valid: line and column are 1-based. */
export interface JsonProblem {
  reason: 'empty' | 'unexpectedEnd' | 'unexpectedChar' | 'badString' | 'badNumber' | 'trailing';
  /** The character found, when there is one. */
  found?: string;
  offset: number;
  line: number;
  column: number;
}

/**
 * A strict JSON (RFC 8259) reader that only looks for the first error, so the page can say where
 * it is: the browser's JSON.parse messages differ between engines and often give no position.
 */
export function findJsonProblem(text: string): JsonProblem | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (reason: JsonProblem['reason'], at = i): never => {
    throw { reason, at };
  };
  const expectChar = (c: string) => {
    if (i >= text.length) fail('unexpectedEnd');
    if (text[i] !== c) fail('unexpectedChar');
    i++;
  };
  const literal = (word: string) => {
    for (const c of word) expectChar(c);
  };
  const string = () => {
    expectChar('"');
    while (true) {
      if (i >= text.length) fail('unexpectedEnd');
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c < ' ') fail('badString');
      if (c === '\\') {
        i++;
        if (i >= text.length) fail('unexpectedEnd');
        const e = text[i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('badString');
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) fail('badString');
      }
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-' || m[0] === '') fail('badNumber');
    i += m ? m[0].length : 0;
  };
  const value = (): void => {
    ws();
    if (i >= text.length) fail('unexpectedEnd');
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      while (true) {
        ws();
        string();
        ws();
        expectChar(':');
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expectChar('}');
        return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      while (true) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expectChar(']');
        return;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    if (c === 't') {
      literal('true');
      return;
    }
    if (c === 'f') {
      literal('false');
      return;
    }
    if (c === 'n') {
      literal('null');
      return;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      number();
      return;
    }
    fail('unexpectedChar');
  };
  try {
    ws();
    if (i >= text.length) return { reason: 'empty', offset: 0, line: 1, column: 1 };
    value();
    ws();
    if (i < text.length) fail('trailing');
    return null;
  } catch (e) {
    const { reason, at } = e as { reason: JsonProblem['reason']; at: number };
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - (before.lastIndexOf('\n') + 1) + 1;
    const found = at < text.length ? text[at] : undefined;
    return { reason, offset: at, line, column, ...(found !== undefined ? { found } : {}) };
  }
}
