// The order of severities, per the contract's "Severity" section (the service's words are read
// into a Severity at the wire's edge, api/severity.ts).
import type { Alert, Severity, Threshold } from '../model.js';

const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };

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
