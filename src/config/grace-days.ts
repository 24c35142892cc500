// `grace-days`: `severity=days` pairs, comma- or newline-separated (contract: "Inputs", "Grace
// periods"). Severities case-insensitive, spaces around `=` allowed, a severity given twice is an
// error, days a whole number 0..3650; a severity left out has 0.
import { SEVERITIES, type GraceDays, type Severity } from '../model.js';

export const MAX_GRACE_DAYS = 3650;

export function parseGraceDays(value: string): { days: GraceDays; errors: string[] } {
  const days: GraceDays = {};
  const errors: string[] = [];
  const pairs = value
    .split(/[,\r\n]/)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  for (const pair of pairs) {
    const match = /^([A-Za-z]+)\s*=\s*(\d+)$/.exec(pair);
    const shown = JSON.stringify(pair.length > 40 ? `${pair.slice(0, 37)}...` : pair);
    const problem = match && addGraceDays(days, match[1]!, match[2]!);
    if (!match) errors.push(`${shown} is not a severity=days pair; write e.g. critical=0, high=30, medium=90.`);
    else if (problem) errors.push(`${shown}: ${problem}.`);
  }
  if (pairs.length === 0) errors.push('lists no severity; write e.g. critical=0, high=30, medium=90.');
  return { days, errors };
}

/**
 * One severity's days added to `days` (the pair syntax and a policy file's mapping share it), or
 * what is wrong with them: a severity is case-insensitive and given once, days a whole number.
 */
export function addGraceDays(days: GraceDays, word: string, count: string): string | null {
  const severity = word.toLowerCase() as Severity;
  if (!SEVERITIES.includes(severity)) return `${JSON.stringify(word)} is not a severity; use ${SEVERITIES.join(', ')}`;
  if (!/^\d+$/.test(count) || Number(count) > MAX_GRACE_DAYS)
    return `days must be a whole number from 0 to ${MAX_GRACE_DAYS}`;
  if (severity in days) return `${severity} is given twice; give each severity once`;
  days[severity] = Number(count);
  return null;
}

/** `critical=0, high=30`: the setting as people write it (for logs and the summary). */
export function formatGraceDays(days: GraceDays): string {
  const given = SEVERITIES.filter((s) => days[s] !== undefined).map((s) => `${s}=${days[s]}`);
  return given.length > 0 ? given.join(', ') : 'none';
}
