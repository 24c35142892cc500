// Pure: a CVSS v3 vector's base score (contract: "Vulnerabilities of added entries": without
// GitHub's word, the vector's base score banded as "Severity"). The CVSS v3.1 specification,
// section 7 (base metric equations) and Appendix A (Roundup); v3.0 vectors are scored by the same
// equations (v3.1 changed none of the base weights). A vector that is not one (v2, v4, a metric
// missing, repeated or unknown, a value its metric has not) has no score.

// Section 7.4: the metric values' weights. PR's depend on Scope (changed: L 0.68, H 0.5).
const AV: Record<string, number> = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 };
const AC: Record<string, number> = { L: 0.77, H: 0.44 };
const PR_UNCHANGED: Record<string, number> = { N: 0.85, L: 0.62, H: 0.27 };
const PR_CHANGED: Record<string, number> = { N: 0.85, L: 0.68, H: 0.5 };
const UI: Record<string, number> = { N: 0.85, R: 0.62 };
const CIA: Record<string, number> = { H: 0.56, L: 0.22, N: 0 };

/** Every metric a v3 vector may carry, and its values: the base (all required), temporal and environmental ones. */
const METRICS: Record<string, readonly string[]> = {
  AV: ['N', 'A', 'L', 'P'],
  AC: ['L', 'H'],
  PR: ['N', 'L', 'H'],
  UI: ['N', 'R'],
  S: ['U', 'C'],
  C: ['H', 'L', 'N'],
  I: ['H', 'L', 'N'],
  A: ['H', 'L', 'N'],
  E: ['X', 'U', 'P', 'F', 'H'],
  RL: ['X', 'O', 'T', 'W', 'U'],
  RC: ['X', 'U', 'R', 'C'],
  CR: ['X', 'L', 'M', 'H'],
  IR: ['X', 'L', 'M', 'H'],
  AR: ['X', 'L', 'M', 'H'],
  MAV: ['X', 'N', 'A', 'L', 'P'],
  MAC: ['X', 'L', 'H'],
  MPR: ['X', 'N', 'L', 'H'],
  MUI: ['X', 'N', 'R'],
  MS: ['X', 'U', 'C'],
  MC: ['X', 'N', 'L', 'H'],
  MI: ['X', 'N', 'L', 'H'],
  MA: ['X', 'N', 'L', 'H'],
};
const BASE = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'];

/**
 * Appendix A: the smallest number with one decimal at or above `value`, computed on integers so that
 * a binary fraction just above a tenth (4.000000000000001) does not round up to the next.
 */
function roundUp(value: number): number {
  const scaled = Math.round(value * 100_000);
  return scaled % 10_000 === 0 ? scaled / 100_000 : (Math.floor(scaled / 10_000) + 1) / 10;
}

/** The metrics of a `CVSS:3.x/…` vector by name; null when it is not a well-formed v3 vector. */
function metricsOf(vector: string): Map<string, string> | null {
  const [prefix, ...parts] = vector.trim().split('/');
  if (prefix !== 'CVSS:3.0' && prefix !== 'CVSS:3.1') return null;
  const metrics = new Map<string, string>();
  for (const part of parts) {
    const [name = '', value = '', ...rest] = part.split(':');
    if (rest.length > 0 || metrics.has(name) || !Object.hasOwn(METRICS, name) || !METRICS[name]!.includes(value))
      return null;
    metrics.set(name, value);
  }
  return BASE.every((name) => metrics.has(name)) ? metrics : null;
}

/** The base score (0.0 to 10.0) of a CVSS v3.0 or v3.1 vector; null when it is not one. */
export function cvss3BaseScore(vector: string): number | null {
  const m = metricsOf(vector);
  if (m === null) return null;
  const weight = (table: Record<string, number>, name: string) => table[m.get(name)!]!;
  const changed = m.get('S') === 'C';
  // Section 7.1: the Impact Sub-Score, the impact by Scope, the exploitability.
  const iss = 1 - (1 - weight(CIA, 'C')) * (1 - weight(CIA, 'I')) * (1 - weight(CIA, 'A'));
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const exploitability =
    8.22 * weight(AV, 'AV') * weight(AC, 'AC') * weight(changed ? PR_CHANGED : PR_UNCHANGED, 'PR') * weight(UI, 'UI');
  if (impact <= 0) return 0;
  return roundUp(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
}
