// Locale-independent numbers and plurals, shared by the policy's sentences and the reports.
// Written out rather than with Intl.NumberFormat, whose first use loads ICU's locale data: some
// 10 ms of a run's start, for a format (grouped digits, at most one decimal) this short.

/** The shortest decimal that reads back as `magnitude` (a non-negative finite number), split at the point. */
function decimalDigits(magnitude: number): [whole: string, fraction: string] {
  const [mantissa, exponent] = String(magnitude).split('e') as [string, string | undefined];
  const [integer, fraction = ''] = mantissa.split('.') as [string, string | undefined];
  if (exponent === undefined) return [integer, fraction];
  const digits = integer + fraction;
  const point = integer.length + Number(exponent);
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  return [digits.slice(0, point).padEnd(point, '0'), digits.slice(point)];
}

/**
 * The shortest decimal that reads back as `n` (a non-negative finite number), written out without an
 * exponent: 0.011 -> "0.011", 1e-7 -> "0.0000001". A threshold read from a decimal of at most 15
 * significant digits is shown as that decimal (config/fields.ts, parseEpssMode).
 */
export function decimalText(n: number): string {
  const [whole, fraction] = decimalDigits(n);
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** `1,234.5`; `—` for a value that is not a finite number. Rounds as Intl does: the shortest decimal, half away from zero. */
export function formatNumber(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  const [integer, fraction] = decimalDigits(Math.abs(n));
  let whole = integer;
  let tenth = fraction[0] ?? '0';
  if ((fraction[1] ?? '0') >= '5') {
    const up = (BigInt(whole + tenth) + 1n).toString().padStart(2, '0');
    [whole, tenth] = [up.slice(0, -1), up.slice(-1)];
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const text = tenth === '0' ? grouped : `${grouped}.${tenth}`;
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}

/**
 * A probability (0–1) as a percentage: the one formatter of a percentage (the reasons, the failure
 * message, the tables and the JSON report agree to the last digit). A score is shown with one decimal,
 * `0.9723` -> `97.2%`, rounded half up on the decimal it is written in, so `0.1235` is `12.4%` however
 * the binary number under it falls. A threshold is shown `exact`, as the decimal it was given:
 * `0.0115` -> `1.15%` (never `1.2%`: an alert at 1.16% must not look below it), `0.5` -> `50.0%`.
 */
export function formatPercent(probability: number, precision: 'tenth' | 'exact' = 'tenth'): string {
  if (!Number.isFinite(probability)) return '—';
  const [integer, fraction] = decimalDigits(Math.abs(probability));
  // Shifted two places: the whole percent, then its decimals.
  const digits = `${integer}${fraction.padEnd(2, '0')}`;
  const point = integer.length + 2;
  const sign = probability < 0 ? '-' : '';
  if (precision === 'exact') {
    const whole = BigInt(digits.slice(0, point)).toString();
    const decimals = digits.slice(point).replace(/0+$/, '');
    return `${sign}${whole}.${decimals || '0'}%`;
  }
  let tenths = BigInt(digits.slice(0, point + 1).padEnd(point + 1, '0'));
  if ((digits[point + 1] ?? '0') >= '5') tenths += 1n;
  const text = tenths.toString().padStart(2, '0');
  return `${sign}${BigInt(text.slice(0, -1)).toString()}.${text.slice(-1)}%`;
}

/** `1 alert`, `2 alerts`; `plural` when the word does not take an `s`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}
