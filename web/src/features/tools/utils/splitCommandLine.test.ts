import { describe, expect, it } from 'vitest';
import { splitCommandLine, tokensToJson } from './splitCommandLine';

describe('splitCommandLine', () => {
  it('splits on quotes and escapes, keeps variables as text, marks operators', () => {
    const r = splitCommandLine(`grep -r "hello world" 'it''s' a\\ b $HOME "x $USER y" | sort && echo done`);
    expect(r).toEqual({
      ok: true,
      tokens: [
        { kind: 'word', value: 'grep' },
        { kind: 'word', value: '-r' },
        { kind: 'word', value: 'hello world' },
        { kind: 'word', value: 'its' },
        { kind: 'word', value: 'a b' },
        { kind: 'word', value: '$HOME' },
        { kind: 'word', value: 'x $USER y' },
        { kind: 'operator', value: '|' },
        { kind: 'word', value: 'sort' },
        { kind: 'operator', value: '&&' },
        { kind: 'word', value: 'echo' },
        { kind: 'word', value: 'done' },
      ],
    });
  });

  it('reports an unclosed quote and where it opened', () => {
    expect(splitCommandLine('echo "abc')).toEqual({ ok: false, problem: { kind: 'unclosedQuote', quote: '"', position: 6 } });
    expect(splitCommandLine(`a 'b" c`)).toEqual({ ok: false, problem: { kind: 'unclosedQuote', quote: "'", position: 3 } });
    expect(splitCommandLine('a b\\')).toEqual({ ok: false, problem: { kind: 'trailingEscape', position: 4 } });
  });

  it('ignores quotes that are escaped, inside the other quote or in a comment', () => {
    expect(splitCommandLine(`echo \\" "it's" # don't`).ok).toBe(true);
  });

  it('gives JSON with operators as objects', () => {
    const r = splitCommandLine('a | b');
    if (!r.ok) throw new Error('split failed');
    expect(JSON.parse(tokensToJson(r.tokens))).toEqual(['a', { op: '|' }, 'b']);
  });
});
