// An alert's severity from the service's word and score, per the contract's "Severity" section:
// normalised here, at the wire's edge, so the policy only ever sees the model's Severity.
import type { Severity } from '../model.js';

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
