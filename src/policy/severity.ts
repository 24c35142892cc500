// What a severity means to the gate, per the contract's "Severity" section (the service's words are
// read into a Severity at the wire's edge, api/severity.ts; their order is the model's).
import { severityRank, type Alert, type Severity, type Threshold } from '../model.js';

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
