// Pure: an alert's EPSS score (contract: "Exploit prediction (EPSS)"): the highest probability over
// its CVE ids (its advisory id and aliases; a finding's CVE ids come as its aliases), and whether
// it reaches the threshold.
import { cveId, type Alert, type EpssScore } from '../model.js';

/** The score of the alert's CVE id scored highest (the first such on a tie); null when none is scored. */
export function highestEpss(
  alert: Pick<Alert, 'advisory' | 'aliases'>,
  scores: ReadonlyMap<string, EpssScore>,
): EpssScore | null {
  let highest: EpssScore | null = null;
  for (const id of [alert.advisory, ...alert.aliases]) {
    const cve = cveId(id);
    const score = cve === null ? undefined : scores.get(cve);
    if (score && (highest === null || score.probability > highest.probability)) highest = score;
  }
  return highest;
}
