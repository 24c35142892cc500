// A server may echo what it was sent; a token value must never reach a message, the summary or a
// file (contract). Redacted in every message and in every decoded string of the data, since JSON
// may spell a token with escapes (`\/`, `\u0026`) that raw text search misses; in any case, since a
// token can come back lower-cased (in a host name); and before any text is cut, since a cut through
// a token would leave a piece of it that no longer matches.
import { percentDecoded } from '../characters.js';

/** Shorter values are not secrets worth a search (and would match ordinary words). */
const MIN_SECRET_LENGTH = 4;

/** Replaces every secret (of 4+ characters), in any case, in a text with `***`. */
export function redactor(secrets: string[]): (text: string) => string {
  const pattern = anyOf(secrets, 'gi');
  return pattern ? (text) => text.replace(pattern, '***') : (text) => text;
}

/** One search for all of `values` (the longest first, so that a secret inside another goes with it); null for none. */
function anyOf(values: string[], flags: string): RegExp | null {
  const long = [...new Set(values.filter((t) => t.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  return long.length === 0
    ? null
    : new RegExp(long.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), flags);
}

/**
 * Whether the raw JSON text could hold a secret once decoded: it does when a secret stands in it
 * as written or as JSON writes it (in any case), or when the text uses `\u` or `\/` escapes, which
 * can spell any character. Without any of them no decoded string can, and the walk of every string
 * is skipped (a page of 1,000 alerts has tens of thousands of strings).
 */
export function mayHoldSecret(json: string, secrets: string[]): boolean {
  // One pass over the escapes: `\uXXXX` or `\/` can spell anything; `\\` and the others cannot.
  for (let at = json.indexOf('\\'); at !== -1; at = json.indexOf('\\', at + 2)) {
    const next = json.charCodeAt(at + 1);
    if (next === 0x75 || next === 0x2f) return true; // u, /
  }
  // A token as written and as JSON writes it: the same text for most tokens, so one search.
  return (
    anyOf(
      secrets.flatMap((t) => [t, JSON.stringify(t).slice(1, -1)]),
      'i',
    )?.test(json) ?? false
  );
}

/** Applies `redact` to every string (keys too) of parsed JSON, in place; iterative, as JSON may nest deeply. */
export function redactStrings(root: unknown, redact: (s: string) => string): unknown {
  if (typeof root === 'string') return redact(root);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const record = node as Record<string, unknown>;
      const value = record[key];
      if (typeof value === 'string') record[key] = redact(value);
      else if (value && typeof value === 'object') stack.push(value);
      const clean = redact(key);
      if (clean !== key) {
        record[clean] = record[key];
        delete record[key];
      }
    }
  }
  return root;
}

/** The proxy passwords in the runner's proxy variables: masked like tokens, never printed. */
export function proxySecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets: string[] = [];
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
    const value = env[name];
    if (!value) continue;
    try {
      const url = new URL(value.includes('://') ? value : `http://${value}`);
      // As written, and as http-client reads it (`%40` as `@`).
      if (url.password) secrets.push(url.password, percentDecoded(url.password));
    } catch {
      // not a URL: http-client will not use it either
    }
  }
  return [...new Set(secrets)];
}
