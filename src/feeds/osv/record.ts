// A record of OSV's `/v1/vulns/{id}` (OSV schema), wire -> what the gate uses, read with zod
// (contract: "Vulnerabilities of added entries"): its id, aliases, severity, summary, and each
// affected package with its fixed versions. OSV's JSON leaves empty fields out, so every list may be
// missing (or null); fields the gate does not read are ignored.
import { z } from 'zod';
import { alertSeverity } from '../../api/severity.js';
import { cveId, success, type Outcome, type Severity } from '../../model.js';
import { list, parsed } from './answers.js';
import { cvss3BaseScore } from './cvss.js';

const record = z.object(
  {
    id: z.string().min(1),
    aliases: list(z.string()),
    summary: z.string().nullish(),
    details: z.string().nullish(),
    severity: list(z.object({ type: z.string(), score: z.string() })),
    affected: list(
      z.object({
        package: z.object({ ecosystem: z.string(), name: z.string().min(1) }).nullish(),
        ranges: list(z.object({ events: list(z.object({ fixed: z.string().nullish() })) })),
      }),
    ),
    // Any JSON: each database says its own things here; GitHub's `severity` is a word.
    database_specific: z.object({ severity: z.unknown().optional() }).nullish(),
  },
  { error: 'is not a JSON object' },
);

/** What the gate needs of a vulnerability's record. */
export interface OsvVuln {
  id: string;
  /** As the record gives them (GHSA, CVE and other databases' ids). */
  aliases: string[];
  /** Its GitHub advisory: the id itself or its first GHSA alias; null when it has none. */
  ghsa: string | null;
  /** Its CVE ids (the id itself or aliases), upper-cased, each once. */
  cves: string[];
  /** GitHub's word when the record has one, else its CVSS v3 vector's base score banded; `unknown` otherwise. */
  severity: Severity;
  /** The worst base score of its CVSS v3 vectors; null without one. */
  score: number | null;
  /** Its summary, or else the first line of its details ('' without either). */
  summary: string;
  /** Each affected package (entries without one, such as GIT ranges, left out) and its fixed versions, each once. */
  affected: Array<{ ecosystem: string; name: string; fixed: string[] }>;
}

const isGhsa = (id: string) => /^GHSA-/i.test(id);

/** A record of `/v1/vulns/{id}`, or why it is not one. */
export function readVulnRecord(text: string): Outcome<OsvVuln> {
  const read = parsed(text, record);
  if (!read.ok) return read;
  const r = read.value;
  const aliases = r.aliases ?? [];
  const cves = new Set([r.id, ...aliases].map(cveId).filter((cve) => cve !== null));
  const scores = (r.severity ?? []).flatMap((s) => (s.type === 'CVSS_V3' ? [cvss3BaseScore(s.score)] : []));
  const score = scores.reduce<number | null>(
    (worst, s) => (s !== null && (worst === null || s > worst) ? s : worst),
    null,
  );
  const word = r.database_specific?.severity;
  return success({
    id: r.id,
    aliases,
    ghsa: [r.id, ...aliases].find(isGhsa) ?? null,
    cves: [...cves],
    severity: alertSeverity(typeof word === 'string' ? word : null, score),
    score,
    summary: r.summary?.trim() || (r.details?.trim().split('\n', 1)[0] ?? ''),
    affected: (r.affected ?? []).flatMap(({ package: pkg, ranges }) => {
      if (!pkg) return [];
      const fixed = (ranges ?? []).flatMap((range) => (range.events ?? []).flatMap((e) => (e.fixed ? [e.fixed] : [])));
      return [{ ecosystem: pkg.ecosystem, name: pkg.name, fixed: [...new Set(fixed)] }];
    }),
  });
}
