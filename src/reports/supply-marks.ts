// What the checks before any advisory found of a version, in the words every report uses (contract:
// "Before any advisory", "Reported"): `too new: published 14 h ago, can land from 2026-11-30 10:00 UTC`,
// `too new: publish time unknown (not found (404))`, `malicious: MAL-2025-1234`, `denied: <reason>`.
// Plain text; the summary links the MAL- ids. Pure.
import { ageWords, utcMinute } from '../instants.js';
import type { SupplyChainEntry } from '../model.js';

/** The release-age mark; null when it is old enough, not covered, private, or not checked. */
export function tooNewMark(entry: SupplyChainEntry): string | null {
  if (entry.releaseAge === 'unknown') return `too new: publish time unknown (${entry.unknownWhy ?? 'not known'})`;
  if (entry.releaseAge !== 'too-new') return null;
  const age = entry.ageHours === null ? '' : `published ${ageWords(entry.ageHours)} ago`;
  const lands = entry.landsFrom === null ? '' : `can land from ${utcMinute(entry.landsFrom)}`;
  return `too new: ${[age, lands].filter(Boolean).join(', ')}`;
}

/** The deny mark: the entry's reason, else the entry that names it. */
export function deniedMark(entry: SupplyChainEntry): string | null {
  return entry.denied === null ? null : `denied: ${entry.denied.reason ?? entry.denied.purl}`;
}

/** The malicious mark, each MAL- id named; null when OSV lists none (or was not asked). */
export function maliciousMark(entry: SupplyChainEntry): string | null {
  const ids = entry.malicious ?? [];
  return ids.length === 0 ? null : `malicious: ${ids.join(', ')}`;
}

/** Every mark of an entry, the organization's decision first, then OSV's, then release age. */
export function supplyMarks(entry: SupplyChainEntry): string[] {
  return [deniedMark(entry), maliciousMark(entry), tooNewMark(entry)].filter((mark) => mark !== null);
}

/** Whether any check found something of it (the entries the reports list one by one). */
export const hasMark = (entry: SupplyChainEntry): boolean => supplyMarks(entry).length > 0;
