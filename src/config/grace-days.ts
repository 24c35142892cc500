// `grace-days`: `severity=days` pairs, comma- or newline-separated (contract: "Inputs", "Grace
// periods"). Severities case-insensitive, spaces around `=` allowed, a severity given twice is an
// error, days a whole number 0..3650; a severity left out has 0.
import { SEVERITIES, type Severity } from '../model.js';

export const MAX_GRACE_DAYS = 3650;

export type GraceDaysSetting = Partial<Record<Severity, number>>;

export function parseGraceDays(value: string): { days: GraceDaysSetting; errors: string[] } {
  const days: GraceDaysSetting = {};
  const errors: string[] = [];
  const pairs = value
    .split(/[,\r\n]/)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  for (const pair of pairs) {
    const match = /^([A-Za-z]+)\s*=\s*(\d+)$/.exec(pair);
    const severity = match?.[1]?.toLowerCase() as Severity | undefined;
    const shown = JSON.stringify(pair.length > 40 ? `${pair.slice(0, 37)}...` : pair);
    if (!match || severity === undefined) {
      errors.push(`${shown} is not a severity=days pair; write e.g. critical=0, high=30, medium=90.`);
    } else if (!SEVERITIES.includes(severity)) {
      errors.push(`${shown}: ${JSON.stringify(match[1])} is not a severity; use ${SEVERITIES.join(', ')}.`);
    } else if (Number(match[2]) > MAX_GRACE_DAYS) {
      errors.push(`${shown}: days must be a whole number from 0 to ${MAX_GRACE_DAYS}.`);
    } else if (severity in days) {
      errors.push(`${severity} is given twice; give each severity once.`);
    } else {
      days[severity] = Number(match[2]);
    }
  }
  if (pairs.length === 0) errors.push('lists no severity; write e.g. critical=0, high=30, medium=90.');
  return { days, errors };
}

/** `critical=0, high=30`: the setting as people write it (for logs and the summary). */
export function formatGraceDays(days: GraceDaysSetting): string {
  const given = SEVERITIES.filter((s) => days[s] !== undefined).map((s) => `${s}=${days[s]}`);
  return given.length > 0 ? given.join(', ') : 'none';
}
