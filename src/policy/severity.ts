// Severity of an alert and its order, per the contract's "Severity" section.
import { severityRank, type Alert, type Severity, type Threshold } from '../model.js';

// A Map, not an object literal: a service word like "constructor" must not hit Object.prototype.
const NAMED = new Map<string, Severity>([
  ['critical', 'critical'],
  ['high', 'high'],
  ['medium', 'medium'],
  ['moderate', 'medium'], // GitHub advisories say "moderate"
  ['important', 'high'], // Red Hat and Microsoft say "important"
  ['low', 'low'],
]);

/** Severity from a CVSS v3 score; anything not a positive number is `unknown`. */
export function severityFromScore(score: number | null | undefined): Severity {
  if (typeof score !== 'number' || Number.isNaN(score) || score <= 0) return 'unknown';
  // Scores above 10, Infinity (`1e999` in JSON) included, are out of the CVSS range; they still band
  // as critical so a bad value cannot open the gate.
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  return 'low';
}

/** The named severity when the service gives a known word, else the score's band, else `unknown`. */
export function alertSeverity(word: string | null | undefined, score: number | null | undefined): Severity {
  return NAMED.get(typeof word === 'string' ? word.trim().toLowerCase() : '') ?? severityFromScore(score);
}

/** Whether an alert of severity `s` fails a gate set at `t`. `unknown` fails only at `low`. */
export function meetsThreshold(s: Severity, t: Threshold): boolean {
  if (t === 'none') return false;
  if (s === 'unknown') return t === 'low';
  return severityRank(s) >= severityRank(t);
}

/**
 * Of two copies of one alert, the one that counts (contract, "Duplicates"): alerted over not
 * alerted, then the higher severity, then the higher score.
 */
export function worseCopy<A extends Pick<Alert, 'alerted' | 'severity' | 'score'>>(a: A, b: A): A {
  if (a.alerted !== b.alerted) return a.alerted ? a : b;
  if (a.severity !== b.severity) return severityRank(a.severity) >= severityRank(b.severity) ? a : b;
  return (b.score ?? -Infinity) > (a.score ?? -Infinity) ? b : a;
}
