// SPDX license expressions (SPDX spec, annex D), parsed in time linear in their length into a flat
// tree: an AND or OR chain is one list, so neither the parser nor an evaluator recurses once per
// operand, and parentheses nest at most MAX_NESTING deep. The language is spdx-expression-parse's
// (the tests compare the two), whose scanner takes quadratic time and whose parser recurses once
// per operand: one long expression from the service could stall a run or overflow its stack.
import LICENSE_IDS from 'spdx-license-ids/index.json' with { type: 'json' };
import DEPRECATED_IDS from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import EXCEPTION_IDS from 'spdx-exceptions/index.json' with { type: 'json' };
import { expressionBoundsProblem } from './license-bounds.js';

/** One license: an SPDX id (`plus`: "or later"), or a `LicenseRef-…`, also `DocumentRef-…:LicenseRef-…`. */
export interface LicenseLeaf {
  kind: 'license';
  license: string;
  plus: boolean;
  exception: string | null;
  /** A LicenseRef (of this document or another): no id of the SPDX list. */
  ref: boolean;
}

/** Two or more parts, all of which (`and`) or one of which (`or`) must be satisfied. */
export interface LicenseList {
  kind: 'and' | 'or';
  parts: LicenseNode[];
}

export type LicenseNode = LicenseLeaf | LicenseList;

/** An expression longer or deeper than the action judges (see license-bounds.ts). */
export class ExpressionBoundsError extends Error {
  override name = 'ExpressionBoundsError';
}

const LICENSES: ReadonlySet<string> = new Set<string>([...LICENSE_IDS, ...DEPRECATED_IDS]);
const EXCEPTIONS: ReadonlySet<string> = new Set<string>(EXCEPTION_IDS);
// Tried in this order before anything else, as spdx-expression-parse does (`MIT ANDISC` is MIT AND ISC).
const OPERATORS = ['WITH', 'AND', 'OR', '(', ')', ':', '+'] as const;
type Operator = (typeof OPERATORS)[number];
const IDSTRING = /[A-Za-z0-9.-]+/y;

type Token =
  | { type: 'operator'; value: Operator }
  | { type: 'license' | 'exception' | 'documentRef' | 'licenseRef'; value: string };

/** The tokens of `source`, or null when it holds something no SPDX expression does. */
function scan(source: string): Token[] | null {
  const tokens: Token[] = [];
  let index = 0;
  const idstring = (): string | null => {
    IDSTRING.lastIndex = index;
    const match = IDSTRING.exec(source);
    if (match) index = IDSTRING.lastIndex;
    return match ? match[0] : null;
  };
  while (index < source.length) {
    if (source[index] === ' ') {
      index++;
      continue;
    }
    const operator = OPERATORS.find((op) => source.startsWith(op, index));
    if (operator) {
      if (operator === '+' && source[index - 1] === ' ') return null; // `MIT +`
      index += operator.length;
      tokens.push({ type: 'operator', value: operator });
      continue;
    }
    const ref = source.startsWith('DocumentRef-', index)
      ? 'documentRef'
      : source.startsWith('LicenseRef-', index)
        ? 'licenseRef'
        : null;
    if (ref) index += ref === 'documentRef' ? 'DocumentRef-'.length : 'LicenseRef-'.length;
    const id = idstring();
    if (id === null) return null;
    const type = ref ?? (LICENSES.has(id) ? 'license' : EXCEPTIONS.has(id) ? 'exception' : null);
    if (type === null) return null;
    tokens.push({ type, value: id });
  }
  return tokens;
}

const INVALID = new Error('not an SPDX expression');

/**
 * The expression's tree, or null when it is no valid SPDX expression. Operators and ids are matched
 * as SPDX writes them (callers put them in that case first). Throws ExpressionBoundsError beyond
 * the bounds, where the action judges nothing.
 */
export function parseLicenseExpression(text: string): LicenseNode | null {
  const problem = expressionBoundsProblem(text);
  if (problem) throw new ExpressionBoundsError(`the license expression is ${problem}`);
  const tokens = scan(text);
  if (tokens === null) return null;
  let index = 0;
  const take = (operator: Operator): boolean => {
    const token = tokens[index];
    if (token?.type !== 'operator' || token.value !== operator) return false;
    index++;
    return true;
  };
  // Recursion only at a parenthesis: at most MAX_NESTING deep (checked on the text above).
  const expression = (): LicenseNode => chain('or', () => chain('and', atom));
  const chain = (kind: LicenseList['kind'], operand: () => LicenseNode): LicenseNode => {
    const parts = [operand()];
    while (take(kind === 'and' ? 'AND' : 'OR')) parts.push(operand());
    return parts.length === 1 ? parts[0]! : { kind, parts };
  };
  const leaf = (license: string, more: Partial<LicenseLeaf> = {}): LicenseLeaf => ({
    kind: 'license',
    license,
    plus: false,
    exception: null,
    ref: false,
    ...more,
  });
  const atom = (): LicenseNode => {
    if (take('(')) {
      const inner = expression();
      if (!take(')')) throw INVALID;
      return inner;
    }
    const token = tokens[index++];
    if (token?.type === 'license') {
      const plus = take('+');
      if (!take('WITH')) return leaf(token.value, { plus });
      const exception = tokens[index++];
      if (exception?.type !== 'exception') throw INVALID;
      return leaf(token.value, { plus, exception: exception.value });
    }
    if (token?.type === 'licenseRef') return leaf(`LicenseRef-${token.value}`, { ref: true });
    if (token?.type !== 'documentRef' || !take(':')) throw INVALID;
    const ref = tokens[index++];
    if (ref?.type !== 'licenseRef') throw INVALID;
    return leaf(`DocumentRef-${token.value}:LicenseRef-${ref.value}`, { ref: true });
  };
  try {
    const node = expression();
    return index === tokens.length ? node : null;
  } catch (error) {
    if (error === INVALID) return null;
    throw error;
  }
}
