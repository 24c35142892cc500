// Severity of an alert and its order, per the contract's "Severity" section.
import type { Alert, Severity, Threshold } from '../model.js';

// A Map, not an object literal: a service word like "constructor" must not hit Object.prototype.
const NAMED = new Map<string, Severity>([
  ['critical', 'critical'],
  ['high', 'high'],
  ['medium', 'medium'],
  ['moderate', 'medium'], // GitHub advisories say "moderate"
  ['important', 'high'], // Red Hat and Microsoft say "important"
  ['low', 'low'],
]);

const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };

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

/** critical 4 … low 1, unknown 0. */
export function severityRank(s: Severity): number {
  return RANK[s];
}

/** Whether an alert of severity `s` fails a gate set at `t`. `unknown` fails only at `low`. */
export function meetsThreshold(s: Severity, t: Threshold): boolean {
  if (t === 'none') return false;
  if (s === 'unknown') return t === 'low';
  return RANK[s] >= RANK[t];
}

/** Plain code-unit order: locale-free, so the order is the same on every runner. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Worst first: severity, then score descending (no score last), then advisory id, then alert id,
 * so the order does not depend on the order the service returned the alerts in.
 */
export function worstFirst(a: Alert, b: Alert): number {
  const bySeverity = RANK[b.severity] - RANK[a.severity];
  if (bySeverity !== 0) return bySeverity;
  if (a.score !== b.score) {
    if (a.score === null) return 1;
    if (b.score === null) return -1;
    return b.score - a.score;
  }
  return compareText(a.advisory, b.advisory) || compareText(a.id, b.id);
}

/**
 * Of two copies of one alert, the one that counts (contract, "Duplicates"): alerted over not
 * alerted, then the higher severity, then the higher score.
 */
export function worseCopy<A extends Pick<Alert, 'alerted' | 'severity' | 'score'>>(a: A, b: A): A {
  if (a.alerted !== b.alerted) return a.alerted ? a : b;
  if (a.severity !== b.severity) return RANK[a.severity] >= RANK[b.severity] ? a : b;
  return (b.score ?? -Infinity) > (a.score ?? -Infinity) ? b : a;
}
