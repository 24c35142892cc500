// JSON lockfiles (npm, Pipfile.lock, composer.lock, NuGet's) through JSON.parse; when it fails, a small
// scanner finds where, since V8's messages give no place for some errors ("Unexpected token 'x', … is
// not valid JSON") and word the others differently from one Node to the next.
import { success, type Outcome } from '../../model.js';
import { atLine, positionOf, withoutBom } from './where.js';

export function readJson(text: string, path: string): Outcome<unknown> {
  const body = withoutBom(text);
  try {
    return success(JSON.parse(body) as unknown);
  } catch {
    const offset = firstError(body);
    const { line, column } = positionOf(body, offset);
    const why =
      offset >= body.length ? 'not JSON: the text ends early' : `not JSON: ${JSON.stringify(body[offset])} unexpected`;
    return atLine(path, line, column, why);
  }
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

/**
 * The offset of the first character that is not JSON (the text's length when it ends early). A loop
 * over a stack of open containers, not recursion: nesting as deep as the text allows cannot overflow.
 */
function firstError(text: string): number {
  let at = 0;
  const open: string[] = []; // `]` or `}` for each open container
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const skip = () => match(WHITESPACE);
  const key = (): boolean => {
    skip();
    if (!match(STRING)) return false;
    skip();
    if (text[at] !== ':') return false;
    at++;
    return true;
  };
  let wantValue = true;
  for (;;) {
    skip();
    if (wantValue) {
      const c = text[at];
      if (c === '{' || c === '[') {
        at++;
        skip();
        const close = c === '{' ? '}' : ']';
        if (text[at] === close) {
          at++;
          wantValue = false;
        } else {
          open.push(close);
          if (close === '}' && !key()) return at;
        }
      } else if (match(STRING) || match(NUMBER) || match(LITERAL)) wantValue = false;
      else return at;
    } else if (open.length === 0) return at;
    else if (text[at] === ',') {
      at++;
      if (open.at(-1) === '}' && !key()) return at;
      wantValue = true;
    } else if (text[at] === open.at(-1)) {
      at++;
      open.pop();
    } else return at;
  }
}
