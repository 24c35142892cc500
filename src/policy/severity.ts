// What a severity means to the gate, per the contract's "Severity" section (the service's words are
// read into a Severity at the wire's edge, api/severity.ts; their order is the model's).
import { severityRank, type Alert, type Severity, type Threshold } from '../model.js';
import { readableCreatedAt } from './grace.js';

/** Whether an alert of severity `s` fails a gate set at `t`. `unknown` fails only at `low`. */
export function meetsThreshold(s: Severity, t: Threshold): boolean {
  if (t === 'none') return false;
  if (s === 'unknown') return t === 'low';
  return severityRank(s) >= severityRank(t);
}

/**
 * Of two copies of one alert, the one that counts (contract: "Duplicates", "Duplicates, time
 * included"): alerted over not alerted, then the higher severity, then the higher score, then the
 * earlier createdAt (a missing or unreadable one counts as earliest: it has no grace period).
 */
export function worseCopy<A extends Pick<Alert, 'alerted' | 'severity' | 'score' | 'createdAt'>>(
  a: A,
  b: A,
  now: Date = new Date(),
): A {
  if (a.alerted !== b.alerted) return a.alerted ? a : b;
  if (a.severity !== b.severity) return severityRank(a.severity) >= severityRank(b.severity) ? a : b;
  const [x, y] = [a.score ?? -Infinity, b.score ?? -Infinity];
  if (x !== y) return y > x ? b : a;
  const created = (c: A) => readableCreatedAt(c.createdAt, now) ?? -Infinity;
  return created(b) < created(a) ? b : a;
}
