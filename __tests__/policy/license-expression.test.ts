// The SPDX expression parser: the language spdx-expression-parse reads (compared on generated
// expressions, valid and broken), as a flat tree, in linear time, within the bounds.
import { describe, expect, test } from '@jest/globals';
import parse, { type SpdxNode } from 'spdx-expression-parse';
import { MAX_EXPRESSION_BYTES, MAX_NESTING, expressionBoundsProblem } from '../../src/policy/license-bounds.js';
import {
  ExpressionBoundsError,
  parseLicenseExpression,
  type LicenseNode,
} from '../../src/policy/license-expression.js';

/** A tree as text, AND and OR chains flattened, so that both parsers' trees compare. */
function shape(node: LicenseNode | SpdxNode): string {
  if ('license' in node) {
    const { license, plus, exception } = node;
    return `${license}${plus ? '+' : ''}${exception ? ` WITH ${exception}` : ''}`;
  }
  const kind = 'kind' in node ? node.kind : node.conjunction;
  const parts = 'parts' in node ? node.parts : [node.left, node.right];
  const flat = parts.flatMap((part) => {
    const text = shape(part);
    return ('kind' in part && part.kind === kind) || ('conjunction' in part && part.conjunction === kind)
      ? text.slice(1, -1).split(` ${kind.toUpperCase()} `)
      : [text];
  });
  return `(${flat.join(` ${kind.toUpperCase()} `)})`;
}

function library(text: string): string | null {
  try {
    return shape(parse(text));
  } catch {
    return null;
  }
}

function ours(text: string): string | null {
  const node = parseLicenseExpression(text);
  return node === null ? null : shape(node);
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IDS = [
  'MIT',
  'Apache-2.0',
  'GPL-2.0',
  'GPL-2.0-only',
  'GPL-3.0-or-later',
  'LGPL-2.1',
  'eCos-2.0',
  'BSD-3-Clause',
];
const REFS = ['LicenseRef-Acme', 'LicenseRef-a.b-1', 'DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2'];
const EXCEPTIONS = ['Classpath-exception-2.0', 'LLVM-exception'];
const NOISE = ['AND', 'OR', 'WITH', '(', ')', '+', ':', 'mit', 'Unknown-1.0', 'DocumentRef-x', 'LicenseRef-', '-'];

describe('the language of spdx-expression-parse', () => {
  test('generated valid expressions: the same tree', () => {
    const next = random(1);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const expression = (depth: number): string => {
      if (depth > 3 || next() < 0.4) {
        if (next() < 0.2) return pick(REFS);
        return `${pick(IDS)}${next() < 0.2 ? '+' : ''}${next() < 0.2 ? ` WITH ${pick(EXCEPTIONS)}` : ''}`;
      }
      const parts = Array.from({ length: 2 + Math.floor(next() * 3) }, () => expression(depth + 1));
      const joined = parts.join(` ${pick(['AND', 'OR'])} `);
      return next() < 0.5 ? `(${joined})` : joined;
    };
    for (let i = 0; i < 2000; i++) {
      const text = expression(0).replace(/ /g, () => pick([' ', ' ', '  ']));
      expect({ text, ours: ours(text) }).toEqual({ text, ours: library(text) });
      expect(ours(text)).not.toBeNull();
    }
  });

  test('generated token soup: accepted and refused alike, the same tree when accepted', () => {
    const next = random(2);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const vocabulary = [...IDS, ...REFS, ...EXCEPTIONS, ...NOISE];
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const tokens = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick(vocabulary));
      const text = tokens.map((t) => `${t}${pick([' ', ' ', ''])}`).join('');
      // spdx-expression-parse reads `()` as nothing and goes on (`() MIT` is MIT); SPDX has no such thing.
      if (/\(\s*\)/.test(text)) continue;
      const theirs = library(text);
      expect({ text, ours: ours(text) }).toEqual({ text, ours: theirs });
      if (theirs !== null) accepted++;
    }
    expect(accepted).toBeGreaterThan(500);
  });

  test.each([
    ['', null],
    ['()', null],
    ['() MIT', null],
    ['MIT +', null],
    ['MIT WITH', null],
    ['MIT WITH MIT', null],
    ['LicenseRef-a+', null],
    ['LicenseRef-a WITH LLVM-exception', null],
    ['DocumentRef-d:MIT', null],
    ['MIT\tOR ISC', null],
    ['mit', null],
    ['MIT ANDISC', '(MIT AND ISC)'],
    ['DocumentRef-d:LicenseRef-x', 'DocumentRef-d:LicenseRef-x'],
    ['(MIT)', 'MIT'],
    ['MIT OR ISC AND 0BSD', '(MIT OR (ISC AND 0BSD))'],
  ])('%j: %j', (text, shape) => {
    expect(ours(text)).toBe(shape);
  });
});

describe('bounds: longer than 64 KiB or nested deeper than 100, never judged', () => {
  const nested = (depth: number) => `${'('.repeat(depth)}MIT${')'.repeat(depth)}`;

  test('nesting up to the bound is parsed; one level more is out of bounds', () => {
    expect(ours(nested(MAX_NESTING))).toBe('MIT');
    expect(() => parseLicenseExpression(nested(MAX_NESTING + 1))).toThrow(ExpressionBoundsError);
    expect(expressionBoundsProblem(nested(MAX_NESTING + 1))).toBe('nested more than 100 parentheses deep');
    // closing parentheses bring the depth down again
    expect(ours(Array.from({ length: 50 }, () => nested(MAX_NESTING)).join(' AND '))).toBe(
      `(${Array(50).fill('MIT').join(' AND ')})`,
    );
  });

  test('up to 64 KiB is parsed; one byte more is out of bounds, counted in UTF-8', () => {
    const chain = (bytes: number) => {
      const text = Array(Math.ceil(bytes / 7))
        .fill('MIT')
        .join(' OR ');
      return `${text.slice(0, bytes - 3).replace(/ ?O?R? ?$/, '')}${' '.repeat(bytes)}`.slice(0, bytes);
    };
    expect(ours(chain(MAX_EXPRESSION_BYTES))).toMatch(/^\(MIT OR MIT/);
    expect(() => parseLicenseExpression(chain(MAX_EXPRESSION_BYTES + 1))).toThrow(ExpressionBoundsError);
    expect(expressionBoundsProblem(`MIT${'é'.repeat(MAX_EXPRESSION_BYTES / 2)}`)).toBe('longer than 64 KiB');
  });

  test('a chain of 8,000 operands (64 KiB) is one list, parsed without recursing per operand', () => {
    const node = parseLicenseExpression(Array(8_000).fill('MIT').join(' AND '));
    expect(node).toMatchObject({ kind: 'and' });
    expect((node as { parts: unknown[] }).parts).toHaveLength(8_000);
  }, 5_000);
});
