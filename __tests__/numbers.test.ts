// Numbers as the reports write them: the same text Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
// gives, without loading Intl at start-up (see numbers.ts).
import { describe, expect, test } from '@jest/globals';
import { decimalText, formatNumber, formatPercent, plural } from '../src/numbers.js';

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

describe('formatNumber', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [1234, '1,234'],
    [1234.56, '1,234.6'],
    [999.96, '1,000'],
    [-1234.5, '-1,234.5'],
    [1.45, '1.5'], // the shortest decimal is 1.45, though the double is just below it
    [0.04, '0'],
    [0.05, '0.1'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%p → %p', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });

  test('writes what Intl writes, for small, large, negative and fractional numbers', () => {
    // A fixed pseudo-random sequence, so a failure can be reproduced.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [-0, 5e-324, 1e-7, 4.9e-2, 0.95, 9.95, 99_999.95, 7226.15, 2 ** 53 + 2, 1.7976931348623157e308];
    for (let i = 0; i < 20_000; i++) {
      values.push((random() - 0.3) * 10 ** Math.floor(random() * 30 - 6));
      values.push(Math.round(random() * 1e6) / 100);
    }
    const differing = values.filter((n) => formatNumber(n) !== intl.format(n));
    expect(differing.map((n) => [n, formatNumber(n), intl.format(n)])).toEqual([]);
  });
});

describe('decimalText', () => {
  // A threshold is shown as the decimal it was read from, however small, never rounded (`epss: 0` for 0.011).
  test.each([
    [0.011, '0.011'],
    [Number('0.0110'), '0.011'],
    [0.5, '0.5'],
    [1, '1'],
    [0.123456789012345, '0.123456789012345'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
  ])('%p → %p', (n, expected) => expect(decimalText(n)).toBe(expected));
});

describe('plural', () => {
  test.each([
    [1, 'alert', undefined, '1 alert'],
    [2, 'alert', undefined, '2 alerts'],
    [12_345, 'alert', undefined, '12,345 alerts'],
    [0, 'policy', 'policies', '0 policies'],
  ])('%p %p', (count, singular, pluralForm, expected) => {
    expect(plural(count, singular, pluralForm)).toBe(expected);
  });
});

describe('formatPercent: the one percentage', () => {
  // Expected: the decimal shifted two places and, for a score, rounded half up to one decimal by hand.
  test.each([
    [0.97234, '97.2%', '97.234%'],
    [0.1235, '12.4%', '12.35%'],
    [0.0115, '1.2%', '1.15%'],
    [0.011, '1.1%', '1.1%'],
    [0.5, '50.0%', '50.0%'],
    [1, '100.0%', '100.0%'],
    [0.99999, '100.0%', '99.999%'],
    [0.00049, '0.0%', '0.049%'],
    [0.0005, '0.1%', '0.05%'],
    [1e-7, '0.0%', '0.00001%'],
    [0, '0.0%', '0.0%'],
  ])('%p: a score %p, a threshold %p', (p, tenth, exact) => {
    expect(formatPercent(p)).toBe(tenth);
    expect(formatPercent(p, 'exact')).toBe(exact);
  });

  test('every score of FIRST (five decimals) rounds as its decimal says, half up', () => {
    for (let n = 0; n <= 100_000; n += 7) {
      const p = Number(`0.${String(n).padStart(5, '0')}`) || n / 100_000;
      const thousandths = Math.floor(n / 10); // the percent's tenths and the next digit, as integers
      const tenths = Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0);
      expect(formatPercent(p)).toBe(`${Math.floor(tenths / 10)}.${tenths % 10}%`);
    }
  });
});
