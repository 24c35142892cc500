// OSV's API (https://osv.dev) as the simulator serves it under OSV_PATH, in the shapes osv.dev
// publishes (google/osv.dev: docs/api/post-v1-querybatch.md, docs/api/get-v1-vulns.md, and the
// server, go/internal/api/query_affected.go and get_vuln_by_id.go):
// - `POST {OSV_PATH}/v1/querybatch` with `{"queries":[{"package":{"ecosystem","name"},"version","page_token"?}]}`:
//   `{"results":[{"vulns":[{"id","modified"}],"next_page_token"?}]}`, one result per query in the
//   order asked (an empty result is `{}`, as OSV's JSON leaves empty fields out). More than 1,000
//   queries is a 400 "too many queries", an ecosystem OSV does not know a 400 "invalid ecosystem",
//   a page token it did not give a 400 "invalid cursor", as osv.dev answers them (gRPC's
//   InvalidArgument, `{"code":3,"message":…}`). A query's ids come `pageSize` at a time (OSV's
//   page is 1,000 ids a query; it also pages a batch past some 3,000 ids, which this fake does not).
// - `GET {OSV_PATH}/v1/vulns/{id}`: the record, or 404 `{"code":5,"message":"Vulnerability not found"}`.
// A version is matched by the `versions` a record's `affected[]` entry enumerates (as OSV's records
// carry them), the name exactly (PyPI's by PEP 503, as OSV normalises it).
// Seeded: two made-up malicious npm packages (MAL- records; names invented so as to defame no real
// package), the records OSV holds for what the bad pull request adds (simulator/pull-requests.ts:
// GitHub's advisories as OSV imports them, GHSA ids with their CVE aliases), and an NVD-sourced
// CVE record (no GitHub severity: its CVSS vector alone says how bad).
import { badPullRequest } from './pull-requests.js';
import type { GlobalAdvisory } from './github.js';

/** The base URL the reader is given is `${sim.url}${OSV_PATH}`. */
export const OSV_PATH = '/osv';
export const OSV_QUERYBATCH_PATH = `${OSV_PATH}/v1/querybatch`;
/** Followed by the id. */
export const OSV_VULNS_PATH = `${OSV_PATH}/v1/vulns/`;
/** osv.dev's maxBatchQueries. */
export const OSV_MAX_QUERIES = 1_000;

/** The ecosystems the fake knows (osv.dev knows many more: Debian, Alpine …, which the gate never asks). */
export const OSV_ECOSYSTEMS = [
  'npm',
  'PyPI',
  'Maven',
  'Go',
  'crates.io',
  'NuGet',
  'RubyGems',
  'Packagist',
  'Pub',
  'Hex',
  'GitHub Actions',
] as const;

/** An OSV record (OSV schema 1.6), the fields the gate reads and a few around them. */
export interface OsvRecord {
  id: string;
  modified: string;
  published?: string;
  summary?: string;
  details?: string;
  aliases?: string[];
  related?: string[];
  severity?: Array<{ type: string; score: string }>;
  affected?: Array<{
    package?: { ecosystem: string; name: string; purl?: string };
    ranges?: Array<{ type: string; repo?: string; events: Array<Record<string, string>> }>;
    versions?: string[];
    database_specific?: Record<string, unknown>;
  }>;
  references?: Array<{ type: string; url: string }>;
  database_specific?: Record<string, unknown>;
  schema_version?: string;
}

export interface OsvData {
  /** By id. */
  records: Map<string, OsvRecord>;
  /** Ids a query's result holds at most; the rest behind `next_page_token`. osv.dev's is 1,000. */
  pageSize: number;
  /** A fault: every page token answered with the first page again (and the same token), as a cache that ignores it would. */
  ignoresPageToken: boolean;
  /** A fault of every OSV answer: a 500 (OSV's gRPC "Internal"), or a 200 that is not JSON. */
  fault: null | 'error' | 'garbage';
}

/** The made-up malicious versions the fake knows (MAL- records, as OpenSSF's malicious-packages publishes them). */
export const OSV_MALICIOUS = {
  /** A hijacked maintainer's release of an unscoped package. */
  colorStringify: { id: 'MAL-2025-47301', ecosystem: 'npm', name: 'color-stringify', version: '4.1.1' },
  /** A scoped package: OSV's name is `@scope/name`. */
  tinyHue: { id: 'MAL-2025-47302', ecosystem: 'npm', name: '@simulated-scope/tiny-hue', version: '3.0.2' },
} as const;

/** An NVD-sourced record OSV serves under the CVE id: no `database_specific.severity`, a CVSS v3.1 vector (10.0). */
export const OSV_CVE_RECORD_ID = 'CVE-2021-44228';

/** A MAL- record of `name`'s `versions`, as OpenSSF's malicious-packages repository writes one. */
export function malRecord(id: string, ecosystem: string, name: string, versions: string[]): OsvRecord {
  return {
    id,
    modified: '2025-09-16T08:12:40Z',
    published: '2025-09-15T21:47:03Z',
    summary: `Malicious code in ${name} (${ecosystem})`,
    details: `\n---\n_-= Per source details. Do not edit below this line.=-_\n\n## Source: ghsa-malware (GHSA-0000-0000-0000)\nAny computer that has this package installed or running should be considered fully compromised.\n`,
    affected: [
      {
        package: { ecosystem, name },
        versions,
        database_specific: { source: `https://github.com/ossf/malicious-packages/blob/main/osv/malicious/${id}.json` },
      },
    ],
    database_specific: { 'malicious-packages-origins': [{ source: 'ghsa-malware', sha256: '0'.repeat(64) }] },
    schema_version: '1.6.0',
  };
}

/** GitHub's ecosystem words, as OSV names the same ecosystems (the ones the bad pull request uses). */
const OSV_ECOSYSTEM_OF: Record<string, string> = { maven: 'Maven', npm: 'npm', pip: 'PyPI', go: 'Go' };
/** GitHub's severity words, as GitHub's records in OSV carry them (`database_specific.severity`). */
const GITHUB_SEVERITY: Record<GlobalAdvisory['severity'], string | null> = {
  critical: 'CRITICAL',
  high: 'HIGH',
  medium: 'MODERATE',
  low: 'LOW',
  unknown: null,
};

/** Versions the fake knows of the bad pull request's packages, oldest first. */
const KNOWN_VERSIONS: Record<string, string[]> = {
  'org.apache.logging.log4j:log4j-core': [
    '2.12.1',
    '2.13.0',
    '2.13.1',
    '2.13.2',
    '2.13.3',
    '2.14.0',
    '2.14.1',
    '2.15.0',
    '2.16.0',
    '2.17.0',
    '2.17.1',
  ],
  micromatch: ['4.0.2', '4.0.4', '4.0.5', '4.0.6', '4.0.7', '4.0.8'],
};

/** Dotted numbers compared number by number (enough for the known versions above). */
function compareDotted(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** GitHub's `>= 2.13.0, < 2.15.0` (or `< 4.0.8`) as OSV's range events. */
function eventsOf(range: string, patched: string | null): Array<Record<string, string>> {
  const introduced = />=\s*([^,\s]+)/.exec(range)?.[1] ?? '0';
  return [{ introduced }, ...(patched ? [{ fixed: patched }] : [])];
}

/**
 * A GitHub advisory as OSV serves it under its GHSA id (OSV imports GitHub's advisory database):
 * the CVE as an alias, the CVSS vector in `severity`, GitHub's word in `database_specific.severity`,
 * each package's range as events and the versions in it enumerated.
 */
export function osvRecordOfAdvisory(advisory: GlobalAdvisory): OsvRecord {
  const vector = advisory.cvss_severities.cvss_v3?.vector_string;
  const severity = GITHUB_SEVERITY[advisory.severity];
  return {
    id: advisory.ghsa_id,
    modified: advisory.updated_at,
    published: advisory.published_at,
    summary: advisory.summary,
    details: advisory.description ?? advisory.summary,
    aliases: advisory.cve_id ? [advisory.cve_id] : [],
    ...(vector ? { severity: [{ type: 'CVSS_V3', score: vector }] } : {}),
    affected: advisory.vulnerabilities.map(
      ({ package: pkg, vulnerable_version_range: range, first_patched_version }) => {
        const events = eventsOf(range, first_patched_version);
        const low = events[0]!.introduced!;
        const versions = (KNOWN_VERSIONS[pkg.name] ?? []).filter(
          (v) =>
            (low === '0' || compareDotted(v, low) >= 0) &&
            (!first_patched_version || compareDotted(v, first_patched_version) < 0),
        );
        return {
          package: { ecosystem: OSV_ECOSYSTEM_OF[pkg.ecosystem] ?? pkg.ecosystem, name: pkg.name },
          ranges: [{ type: 'ECOSYSTEM', events }],
          versions,
          database_specific: {
            source: `https://github.com/github/advisory-database/blob/main/advisories/github-reviewed/${advisory.ghsa_id}.json`,
          },
        };
      },
    ),
    references: advisory.references.map((url) => ({ type: 'WEB', url })),
    database_specific: {
      ...(severity ? { severity } : {}),
      cwe_ids: advisory.cwes.map((cwe) => cwe.cwe_id),
      github_reviewed: true,
      github_reviewed_at: advisory.github_reviewed_at,
      nvd_published_at: advisory.nvd_published_at,
    },
    schema_version: '1.6.0',
  };
}

/** NVD's Log4Shell as OSV serves it: no package (a GIT range), no GitHub severity, NVD's CVSS v3.1 vector. */
function cveRecord(): OsvRecord {
  return {
    id: OSV_CVE_RECORD_ID,
    modified: '2025-02-04T14:25:41Z',
    published: '2021-12-10T10:15:09Z',
    details:
      'Apache Log4j2 2.0-beta9 through 2.15.0 (excluding security releases 2.12.2, 2.12.3, and 2.3.1) JNDI features used in configuration, log messages, and parameters do not protect against attacker controlled LDAP and other JNDI related endpoints.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
    affected: [
      {
        ranges: [
          {
            type: 'GIT',
            repo: 'https://github.com/apache/logging-log4j2',
            events: [{ introduced: '0' }, { fixed: 'c77b3cb39312b83b053d23a2158b99ac7de44dd3' }],
          },
        ],
      },
    ],
    schema_version: '1.6.0',
  };
}

/** The fake's data: the seeded records, OSV's page, no fault. */
export function osvData(): OsvData {
  const records = [
    ...Object.values(OSV_MALICIOUS).map((m) => malRecord(m.id, m.ecosystem, m.name, [m.version])),
    ...[...badPullRequest().advisories.values()].map(osvRecordOfAdvisory),
    cveRecord(),
  ];
  return { records: new Map(records.map((r) => [r.id, r])), pageSize: 1_000, ignoresPageToken: false, fault: null };
}

// ---------- the answers ----------

interface OsvAnswer {
  status: number;
  text: string;
}

const grpcError = (status: number, code: number, message: string): OsvAnswer => ({
  status,
  text: JSON.stringify({ code, message, details: [] }),
});
const invalid = (message: string) => grpcError(400, 3, message);

/** PEP 503, as OSV compares PyPI names; other names exactly. */
const nameKey = (ecosystem: string, name: string) =>
  ecosystem === 'PyPI' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name;
const versionKey = (ecosystem: string, name: string, version: string) =>
  JSON.stringify([ecosystem, nameKey(ecosystem, name), version]);

/** Ids by package version, from the records' enumerated versions. */
function indexOf(records: Map<string, OsvRecord>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const record of records.values())
    for (const affected of record.affected ?? []) {
      if (!affected.package) continue;
      for (const version of affected.versions ?? []) {
        const key = versionKey(affected.package.ecosystem, affected.package.name, version);
        const ids = index.get(key) ?? [];
        if (!ids.includes(record.id)) ids.push(record.id);
        index.set(key, ids);
      }
    }
  for (const ids of index.values()) ids.sort();
  return index;
}

const token = (offset: number) => Buffer.from(`page:${offset}`).toString('base64');
function offsetOf(pageToken: string): number | null {
  const match = /^page:(\d+)$/.exec(Buffer.from(pageToken, 'base64').toString());
  return match ? Number(match[1]) : null;
}

interface Query {
  ecosystem: string;
  name: string;
  version: string;
  pageToken: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A query as osv.dev's parseQuery checks it; a string is why it is refused. */
function queryOf(raw: unknown, at: number): Query | string {
  if (!isObject(raw) || !isObject(raw.package)) return `invalid query`;
  const { ecosystem, name } = raw.package;
  const { version, page_token: pageToken } = raw;
  if (typeof ecosystem !== 'string' || !(OSV_ECOSYSTEMS as readonly string[]).includes(ecosystem))
    return 'invalid ecosystem';
  if (typeof name !== 'string' || name === '') return 'invalid query';
  if (typeof version !== 'string' || version === '') return `error in query at index ${at}: version is required`;
  if (pageToken !== undefined && typeof pageToken !== 'string') return 'invalid cursor';
  return { ecosystem, name, version, pageToken: pageToken || null };
}

function querybatch(raw: string, data: OsvData): OsvAnswer {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return invalid('request body is not JSON');
  }
  if (!isObject(body) || !Array.isArray(body.queries)) return invalid('queries: an array is required');
  if (body.queries.length > OSV_MAX_QUERIES) return invalid('too many queries');
  const queries = body.queries.map(queryOf);
  const refused = queries.find((q) => typeof q === 'string');
  if (refused !== undefined) return invalid(refused);
  const index = indexOf(data.records);
  const results = [];
  for (const query of queries as Query[]) {
    const ids = index.get(versionKey(query.ecosystem, query.name, query.version)) ?? [];
    const offset = query.pageToken === null || data.ignoresPageToken ? 0 : offsetOf(query.pageToken);
    if (offset === null) return invalid('invalid cursor');
    const page = ids.slice(offset, offset + data.pageSize);
    const more = offset + data.pageSize < ids.length;
    results.push({
      ...(page.length > 0 ? { vulns: page.map((id) => ({ id, modified: data.records.get(id)!.modified })) } : {}),
      ...(more ? { next_page_token: token(offset + data.pageSize) } : {}),
    });
  }
  return { status: 200, text: JSON.stringify({ results }) };
}

/** What the fake answers a request under OSV_PATH: method, path (no query) and raw body. */
export function osvAnswer(method: string, path: string, raw: string, data: OsvData): OsvAnswer {
  if (data.fault === 'error') return grpcError(500, 13, 'internal error');
  if (data.fault === 'garbage') return { status: 200, text: '<html><body>Service temporarily unavailable' };
  if (path === OSV_QUERYBATCH_PATH) return method === 'POST' ? querybatch(raw, data) : grpcError(405, 12, 'use POST');
  if (path.startsWith(OSV_VULNS_PATH)) {
    if (method !== 'GET') return grpcError(405, 12, 'use GET');
    const id = decodeURIComponent(path.slice(OSV_VULNS_PATH.length));
    const record = data.records.get(id);
    return record ? { status: 200, text: JSON.stringify(record) } : grpcError(404, 5, 'Vulnerability not found');
  }
  return grpcError(404, 5, 'Not Found');
}
