// What every part of the SARIF log shares: fingerprints, tags, levels, locations, scores and rule
// names, for the alerts (sarif.ts) and what a pull request brings in (sarif-introduced.ts) alike.
import { createHash } from 'node:crypto';
import type { Result } from 'sarif';
import type { Severity } from '../model.js';
import { truncate } from './markdown.js';

export const FINGERPRINT_KEY = 'securityGateAlert/v1';
/** The tag of the rules and results of known-exploited alerts (CISA's KEV catalog lists them). */
export const KEV_TAG = 'kev';

export type Level = NonNullable<Result['level']>;

/** The level of an alert that does not gate: a warning while it still matters (medium and up), else a note. */
export const NOT_GATING_LEVELS: Record<Severity, Level> = {
  critical: 'warning',
  high: 'warning',
  medium: 'warning',
  low: 'note',
  unknown: 'note',
};

/** The text, ending with a full stop unless it ends a sentence already. */
export const asSentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** A score within each band, for advisories without one (GitHub ranks alerts by `security-severity`). */
const REPRESENTATIVE_SCORES: Partial<Record<Severity, number>> = { critical: 9.5, high: 8.0, medium: 5.5, low: 2.0 };

/** A repository file as SARIF names it: `?` and `#` would end a URI path; the rest is left readable. */
export function artifactLocation(path: string) {
  return { uri: encodeURI(path).replace(/[?#]/g, encodeURIComponent), uriBaseId: '%SRCROOT%' };
}

/** `security-severity`: the score (clamped to CVSS's 0-10), else one representative of the severity band. */
export function securitySeverity(severity: Severity, score: number | null): string | undefined {
  if (score !== null && Number.isFinite(score) && score > 0) return String(Math.min(10, score));
  const representative = REPRESENTATIVE_SCORES[severity];
  return representative === undefined ? undefined : representative.toFixed(1);
}

/** Stable across runs (no line numbers, which move when the manifest is edited), distinct per package and file. */
export function fingerprint(advisoryId: string, pkg: string, path: string): string {
  return hashKey(fingerprintKey(advisoryId, pkg, path));
}

export const fingerprintKey = (advisoryId: string, pkg: string, path: string) => `${advisoryId}|${pkg}|${path}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** `PrototypePollutionInLodash` from the summary; the id when the summary has no ASCII words. */
export function ruleName(advisoryId: string, summary: string): string {
  const words = (summary.slice(0, 500).match(/[A-Za-z0-9]+/g) ?? []).slice(0, 12);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return name === '' ? advisoryId : truncate(name, 100);
}
