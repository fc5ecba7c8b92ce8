import { type ParseEntry, parse } from 'shell-quote';

export type CliToken =
  | { kind: 'word'; value: string }
  | { kind: 'operator'; value: string }
  | { kind: 'glob'; value: string }
  | { kind: 'comment'; value: string };

export type CliProblem = { kind: 'unclosedQuote'; quote: '"' | "'"; position: number } | { kind: 'trailingEscape'; position: number };

export type SplitResult = { ok: true; tokens: CliToken[] } | { ok: false; problem: CliProblem };

/**
 * shell-quote silently closes an open quote at the end of the line, so the quoting is checked
 * here first: a small scan of POSIX quoting rules (no quoting inside '...'; backslash escapes
 * outside single quotes; '#' at a word start begins a comment). Positions are 1-based.
 */
export function findQuoteProblem(line: string): CliProblem | null {
  let open: { quote: '"' | "'"; position: number } | null = null;
  let wordStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (open?.quote === "'") {
      if (c === "'") open = null;
      continue;
    }
    if (c === '\\') {
      if (i === line.length - 1) return { kind: 'trailingEscape', position: i + 1 };
      i++;
      wordStart = false;
      continue;
    }
    if (open?.quote === '"') {
      if (c === '"') open = null;
      continue;
    }
    if (c === '#' && wordStart) break;
    if (c === '"' || c === "'") open = { quote: c, position: i + 1 };
    wordStart = /[\s|&;()<>]/.test(c);
  }
  return open ? { kind: 'unclosedQuote', ...open } : null;
}

function toToken(entry: ParseEntry | string): CliToken {
  if (typeof entry === 'string') return { kind: 'word', value: entry };
  if ('comment' in entry) return { kind: 'comment', value: entry.comment };
  if (entry.op === 'glob') return { kind: 'glob', value: entry.pattern };
  return { kind: 'operator', value: entry.op };
}

/**
 * Splits a command line into arguments the way a POSIX shell does. Variables are not expanded:
 * `$NAME` and `${NAME}` stay in the text as `$NAME`.
 */
export function splitCommandLine(line: string): SplitResult {
  const problem = findQuoteProblem(line);
  if (problem) return { ok: false, problem };
  const entries = parse(line, (name: string) => `$${name}`);
  return { ok: true, tokens: entries.map(toToken) };
}

/** The tokens as JSON: words as strings, the rest as small objects saying what they are. */
export function tokensToJson(tokens: readonly CliToken[]): string {
  return JSON.stringify(
    tokens.map((t) => (t.kind === 'word' ? t.value : t.kind === 'operator' ? { op: t.value } : { [t.kind]: t.value })),
    null,
    2,
  );
}
