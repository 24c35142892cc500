// A minimal fake of GitHub's REST API: issue comments (the sticky PR comment), contents (policy
// files, at a ref), commits (is a commit readable), the dependency review compare of two commits
// (in pages, when asked to) and the global security advisories; and of its GraphQL API for the same
// advisories (github-graphql.ts).
// Point the action at it with GITHUB_API_URL: `url` as on github.com, or `url + '/api/v3'` as on
// GitHub Enterprise Server (the prefix is accepted and recorded in `requests`); GraphQL is at
// `url + '/graphql'`, or `url + '/api/graphql'` as on GitHub Enterprise Server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerGraphql } from './github-graphql.js';

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeGitHub {
  url: string;
  comments: FakeComment[];
  /**
   * `query` (without `?`) only on compare requests that carry one: which page was asked for; `body`
   * (as sent) only on GraphQL requests.
   */
  requests: Array<{ method: string; path: string; authorization: string | undefined; query?: string; body?: string }>;
  /** Answer every request with this status (e.g. 403 for a read-only token); null to behave. */
  failWith: number | null;
  /** Repository files for the contents API, by `owner/repo/path@ref`; only `token` may read them when set. */
  files: Map<string, { text: string | Uint8Array; token?: string }>;
  /** Repositories moved or renamed, `owner/repo` -> where GitHub redirects (301) its contents requests: `owner/repo` here, or a whole URL. */
  moved: Map<string, string>;
  /** Dependency review compares, by `owner/repo/base...head`: GitHub's entries as it sends them. */
  compares: Map<string, CompareEntry[]>;
  /** Commits GitHub shows readable, by `owner/repo@sha` (a file at that ref makes it readable too, to a token that may read the file). */
  commits: Set<string>;
  /**
   * Entries per page of a compare, whatever `per_page` the client sends (GitHub sets the page size);
   * pages are linked by a `Link` header as GitHub writes it. null: the whole compare in one answer.
   */
  comparePageSize: number | null;
  /** One compare page failing each time it is asked for (page 1 is the request without `page`). */
  failComparePage: { page: number; status: number | 'garbage' } | null;
  /** Another origin (`http://127.0.0.2:PORT`) for the compare's `next` links: a client must not follow it. */
  compareNextOrigin: string | null;
  /**
   * A paged compare that does not move: every page after the first answers the first page's entries
   * again (a cache that ignores `page`) or none, its `Link` header still GitHub's for the page asked.
   */
  compareStuck: 'first-page-again' | 'empty' | null;
  /**
   * Global security advisories by GHSA id, GitHub's JSON as sent (advisoryRecord() builds one; a test
   * may store a broken one); GraphQL answers from them too.
   */
  advisories: Map<string, object>;
  /** One route misbehaving: an HTTP status, or `garbage` (200 with a body that is not JSON). */
  failRoute: Partial<Record<FakeRoute, number | 'garbage'>>;
  /** One route answering 502 to its next N requests, then as usual (a client that retries gets through). */
  failRouteTimes: Partial<Record<FakeRoute, number>>;
  /** One route answering 302 to this URL (a whole URL: another origin, where no token may go). */
  redirectRoute: Partial<Record<FakeRoute, string>>;
  /** Forgets the comments, requests, files, moves, compares, paging, advisories, commits and failures: as started. */
  reset(): void;
  close(): Promise<void>;
}

/** One entry of GitHub's dependency review compare, as on the wire. */
export interface CompareEntry {
  change_type: 'added' | 'removed';
  manifest: string;
  ecosystem: string;
  name: string;
  version: string;
  package_url: string | null;
  license?: string | null;
  scope?: string;
  source_repository_url?: string | null;
  vulnerabilities: Array<{
    severity: string;
    advisory_ghsa_id: string;
    advisory_summary: string;
    advisory_url: string;
  }>;
}

export type FakeRoute = 'compare' | 'contents' | 'commits' | 'comments' | 'advisories' | 'graphql';

/** A package as the simulator's data names it: maven `group:artifact`, npm `@scope/name`. */
export interface ComparedPackage {
  ecosystem: string;
  name: string;
  version: string;
}

/**
 * A vulnerability as a compare entry lists it: the GHSA id, and GitHub's severity word there
 * (`critical`, `high`, `moderate`, `low`; default `high`) and summary (default `Advisory <id>`).
 */
export type ComparedAdvisory = string | { id: string; severity?: string; summary?: string };

/**
 * One compare entry as GitHub sends it for `pkg` in `manifest`; `advisories` are the vulnerabilities
 * GitHub lists for it. The package URL is made as GitHub makes it (maven group and artifact as
 * namespace and name, an npm scope's `@` encoded). `license` is GitHub's SPDX expression (default
 * null), `scope` where the dependency is used (default `runtime`).
 */
export function compareEntry(
  changeType: CompareEntry['change_type'],
  pkg: ComparedPackage,
  manifest: string,
  advisories: readonly ComparedAdvisory[] = [],
  {
    license = null,
    scope = 'runtime',
  }: { license?: string | null; scope?: 'runtime' | 'development' | 'unknown' } = {},
): CompareEntry {
  const path = pkg.ecosystem === 'maven' ? pkg.name.replace(':', '/') : pkg.name.replace(/^@/, '%40');
  return {
    change_type: changeType,
    manifest,
    ecosystem: pkg.ecosystem === 'pypi' ? 'pip' : pkg.ecosystem,
    name: pkg.name,
    version: pkg.version,
    package_url: `pkg:${pkg.ecosystem}/${path}${pkg.version ? `@${encodeURIComponent(pkg.version)}` : ''}`,
    license,
    scope,
    source_repository_url: null,
    vulnerabilities: advisories.map((advisory) => {
      const {
        id,
        severity = 'high',
        summary = `Advisory ${id}`,
      } = typeof advisory === 'string' ? { id: advisory } : advisory;
      return {
        severity,
        advisory_ghsa_id: id,
        advisory_summary: summary,
        advisory_url: `https://github.com/advisories/${id}`,
      };
    }),
  };
}

/**
 * A global security advisory as `GET /advisories/{ghsa_id}` answers it (GitHub's REST reference,
 * "global-advisory"). Its severity words are not the compare's: `medium`, where the compare says
 * `moderate`.
 */
export interface GlobalAdvisory {
  ghsa_id: string;
  cve_id: string | null;
  url: string;
  html_url: string;
  repository_advisory_url: string | null;
  summary: string;
  description: string | null;
  type: 'reviewed' | 'unreviewed' | 'malware';
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  source_code_location: string | null;
  identifiers: Array<{ type: 'GHSA' | 'CVE'; value: string }>;
  references: string[];
  published_at: string;
  updated_at: string;
  github_reviewed_at: string | null;
  nvd_published_at: string | null;
  withdrawn_at: string | null;
  vulnerabilities: Array<{
    package: { ecosystem: string; name: string };
    vulnerable_version_range: string;
    first_patched_version: string | null;
    vulnerable_functions: string[];
  }>;
  cvss: { vector_string: string | null; score: number | null };
  cvss_severities: {
    cvss_v3: { vector_string: string | null; score: number | null } | null;
    cvss_v4: { vector_string: string | null; score: number | null } | null;
  };
  epss: { percentage: number; percentile: number } | null;
  cwes: Array<{ cwe_id: string; name: string }>;
  credits: [];
}

/** What advisoryRecord() needs to know of an advisory; the rest of the record follows from it. */
export interface AdvisoryFacts {
  cve: string | null;
  severity: GlobalAdvisory['severity'];
  summary: string;
  /** The package it affects (GitHub's ecosystem word: `maven`, `npm`, `pip`, `go`), its range and fix. */
  affects?: { ecosystem: string; name: string; range: string; patched: string | null };
  /** CVSS v3.1; none when absent. */
  cvss?: { vector: string; score: number };
  cwes?: Array<{ cwe_id: string; name: string }>;
  epss?: { percentage: number; percentile: number };
  /** ISO 8601; default 2024-01-15T00:00:00Z. */
  publishedAt?: string;
  description?: string;
}

/** One global security advisory record, reviewed by GitHub, with the GHSA and (if any) CVE identifiers. */
export function advisoryRecord(ghsa: string, facts: AdvisoryFacts): GlobalAdvisory {
  const published = facts.publishedAt ?? '2024-01-15T00:00:00Z';
  const htmlUrl = `https://github.com/advisories/${ghsa}`;
  const cvss = facts.cvss ? { vector_string: facts.cvss.vector, score: facts.cvss.score } : null;
  return {
    ghsa_id: ghsa,
    cve_id: facts.cve,
    url: `https://api.github.com/advisories/${ghsa}`,
    html_url: htmlUrl,
    repository_advisory_url: null,
    summary: facts.summary,
    description: facts.description ?? facts.summary,
    type: 'reviewed',
    severity: facts.severity,
    source_code_location: null,
    identifiers: [{ type: 'GHSA', value: ghsa }, ...(facts.cve ? [{ type: 'CVE' as const, value: facts.cve }] : [])],
    references: [...(facts.cve ? [`https://nvd.nist.gov/vuln/detail/${facts.cve}`] : []), htmlUrl],
    published_at: published,
    updated_at: published,
    github_reviewed_at: published,
    nvd_published_at: facts.cve ? published : null,
    withdrawn_at: null,
    vulnerabilities: facts.affects
      ? [
          {
            package: { ecosystem: facts.affects.ecosystem, name: facts.affects.name },
            vulnerable_version_range: facts.affects.range,
            first_patched_version: facts.affects.patched,
            vulnerable_functions: [],
          },
        ]
      : [],
    cvss: cvss ?? { vector_string: null, score: null },
    cvss_severities: { cvss_v3: cvss, cvss_v4: null },
    epss: facts.epss ?? null,
    cwes: facts.cwes ?? [],
    credits: [],
  };
}

/**
 * GitHub's `Link` header for page `page` of `last` pages at `base` (an absolute URL with its query):
 * prev, next, last and first, in GitHub's order, each where it applies; `next` on `nextOrigin` when set.
 */
function linkHeader(base: URL, page: number, last: number, perPage: number, nextOrigin: string | null): string {
  // page and per_page first, then whatever else the request asked (GitHub carries the query over).
  const others = [...base.searchParams].filter(([name]) => name !== 'page' && name !== 'per_page');
  const at = (p: number, origin = base.origin) =>
    `${origin}${base.pathname}?${new URLSearchParams([['page', String(p)], ['per_page', String(perPage)], ...others])}`;
  const links: Array<[string, string]> = [];
  if (page > 1) links.push(['prev', at(page - 1)]);
  if (page < last) links.push(['next', at(page + 1, nextOrigin ?? base.origin)], ['last', at(last)]);
  if (page > 1) links.push(['first', at(1)]);
  return links.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ');
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  let nextId = 1000;
  const fake: FakeGitHub = {
    url: '',
    comments: [],
    requests: [],
    failWith: null,
    files: new Map(),
    moved: new Map(),
    compares: new Map(),
    commits: new Set(),
    comparePageSize: null,
    failComparePage: null,
    compareNextOrigin: null,
    compareStuck: null,
    advisories: new Map(),
    failRoute: {},
    failRouteTimes: {},
    redirectRoute: {},
    reset: () => {
      fake.comments.length = 0;
      fake.requests.length = 0;
      fake.failWith = null;
      fake.files.clear();
      fake.moved.clear();
      fake.compares.clear();
      fake.commits.clear();
      fake.comparePageSize = null;
      fake.failComparePage = null;
      fake.compareNextOrigin = null;
      fake.compareStuck = null;
      fake.advisories.clear();
      fake.failRoute = {};
      fake.failRouteTimes = {};
      fake.redirectRoute = {};
    },
    close: async () => {},
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const [fullPath = '', rawQuery = ''] = (req.url ?? '').split(/\?(.*)/s);
    const query = new URLSearchParams(rawQuery);
    const path = fullPath.replace(/^\/api\/v3(?=\/)/, '');
    const compare = /^\/repos\/([^/]+)\/([^/]+)\/dependency-graph\/compare\/([^/]+)$/.exec(path);
    const graphql = /^(\/api)?\/graphql$/.test(fullPath);
    const recorded: FakeGitHub['requests'][number] = {
      method: req.method ?? '',
      path: fullPath,
      authorization: req.headers.authorization,
      ...(compare && rawQuery ? { query: rawQuery } : {}),
    };
    fake.requests.push(recorded);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (graphql) recorded.body = text;
    const body = chunks.length && !graphql ? (JSON.parse(text) as { body?: string }) : {};
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (fake.failWith) return send(fake.failWith, { message: 'Resource not accessible by integration' });
    const commit = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)$/.exec(path);
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(path);
    const advisory = /^\/advisories\/([^/]+)$/.exec(path);
    const route: FakeRoute | null = graphql
      ? 'graphql'
      : compare
        ? 'compare'
        : commit
          ? 'commits'
          : contents
            ? 'contents'
            : advisory
              ? 'advisories'
              : /\/comments$|\/comments\/\d+$/.test(path)
                ? 'comments'
                : null;
    // GitHub reads a missing or unusable `page` as the first page.
    const page = Math.max(1, Math.floor(Number(query.get('page'))) || 1);
    const redirect = route && fake.redirectRoute[route];
    if (redirect) {
      res.writeHead(302, { location: redirect, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Found' }));
    }
    const failingPage = compare && fake.failComparePage?.page === page ? fake.failComparePage.status : null;
    const failing = (route && fake.failRoute[route]) || failingPage;
    const timesLeft = route ? (fake.failRouteTimes[route] ?? 0) : 0;
    if (route && timesLeft > 0) {
      fake.failRouteTimes[route] = timesLeft - 1;
      return send(502, { message: 'Server Error' });
    }
    if (failing === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>upstream error</html>');
    }
    if (failing)
      return send(failing, {
        message:
          failing !== 403
            ? 'Failure'
            : route === 'advisories' || route === 'graphql'
              ? 'Resource not accessible by integration'
              : 'Dependency review is not supported on this repository. Please ensure that Dependency graph is enabled along with GitHub Advanced Security on private repositories',
      });
    if (compare && req.method === 'GET') {
      const entries = fake.compares.get(`${compare[1]}/${compare[2]}/${decodeURIComponent(compare[3]!)}`);
      if (!entries) return send(404, { message: 'Not Found' });
      if (fake.comparePageSize === null) return send(200, entries);
      const size = Math.max(1, Math.floor(fake.comparePageSize));
      const last = Math.max(1, Math.ceil(entries.length / size));
      const link = linkHeader(new URL(req.url ?? '/', fake.url), page, last, size, fake.compareNextOrigin);
      if (link) res.setHeader('link', link);
      const shown = page === 1 || fake.compareStuck === null ? page : fake.compareStuck === 'empty' ? last + 1 : 1;
      return send(200, entries.slice((shown - 1) * size, shown * size));
    }
    if (graphql && req.method === 'POST') {
      // GitHub's GraphQL API answers no one without a token.
      if (!req.headers.authorization) return send(401, { message: 'This endpoint requires you to be authenticated.' });
      let request: unknown;
      try {
        request = JSON.parse(text);
      } catch {
        return send(400, { message: 'Problems parsing JSON' });
      }
      return send(200, answerGraphql(request, fake.advisories));
    }
    if (advisory && req.method === 'GET') {
      const record = fake.advisories.get(decodeURIComponent(advisory[1]!));
      return record ? send(200, record) : send(404, { message: 'Not Found' });
    }
    if (commit && req.method === 'GET') {
      const key = `${commit[1]}/${commit[2]}@${commit[3]}`;
      // A file at the commit shows it, to a token that may read the file.
      const known =
        fake.commits.has(key) ||
        [...fake.files].some(
          ([k, file]) =>
            k.startsWith(`${commit[1]}/${commit[2]}/`) &&
            k.endsWith(`@${commit[3]}`) &&
            (file.token === undefined || req.headers.authorization === `Bearer ${file.token}`),
        );
      return known ? send(200, { sha: commit[3] }) : send(404, { message: 'No commit found for SHA: ' + commit[3] });
    }
    const moved = contents && fake.moved.get(`${contents[1]}/${contents[2]}`);
    if (contents && moved) {
      const location = /^https?:/.test(moved)
        ? moved
        : `/repos/${moved}/contents/${contents[3]}${rawQuery ? `?${rawQuery}` : ''}`;
      res.writeHead(301, { location, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Moved Permanently' }));
    }
    if (contents && req.method === 'GET') {
      const ref = query.get('ref') ?? 'main';
      const file = fake.files.get(`${contents[1]}/${contents[2]}/${decodeURIComponent(contents[3]!)}@${ref}`);
      // GitHub answers 404, not 403, when the token may not see the repository.
      if (!file || (file.token !== undefined && req.headers.authorization !== `Bearer ${file.token}`))
        return send(404, { message: 'Not Found' });
      if (!/application\/vnd\.github\.raw/.test(req.headers.accept ?? ''))
        return send(415, { message: 'ask for the raw media type' });
      res.writeHead(200, { 'content-type': 'application/vnd.github.raw; charset=utf-8' });
      return res.end(file.text);
    }
    if (/^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(path)) {
      if (req.method === 'GET') return send(200, fake.comments);
      if (req.method === 'POST') {
        const comment = { id: nextId++, body: body.body ?? '', user: { login: 'github-actions[bot]', type: 'Bot' } };
        fake.comments.push(comment);
        return send(201, comment);
      }
    }
    const update = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path);
    if (update && req.method === 'PATCH') {
      const comment = fake.comments.find((c) => c.id === Number(update[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = body.body ?? '';
      return send(200, comment);
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
