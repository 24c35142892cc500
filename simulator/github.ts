// A minimal fake of GitHub's REST API: issue comments (the sticky PR comment), contents (policy
// files, at a ref), commits (is a commit readable) and the dependency review compare of two commits.
// Point the action at it with GITHUB_API_URL: `url` as on github.com, or `url + '/api/v3'` as on
// GitHub Enterprise Server (the prefix is accepted and recorded in `requests`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeGitHub {
  url: string;
  comments: FakeComment[];
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Answer every request with this status (e.g. 403 for a read-only token); null to behave. */
  failWith: number | null;
  /** Repository files for the contents API, by `owner/repo/path@ref`; only `token` may read them when set. */
  files: Map<string, { text: string; token?: string }>;
  /** Repositories moved or renamed, `owner/repo` -> where GitHub redirects (301) its contents requests: `owner/repo` here, or a whole URL. */
  moved: Map<string, string>;
  /** Dependency review compares, by `owner/repo/base...head`: GitHub's entries as it sends them. */
  compares: Map<string, CompareEntry[]>;
  /** Commits GitHub shows readable, by `owner/repo@sha` (a file at that ref makes it readable too, to a token that may read the file). */
  commits: Set<string>;
  /** One route misbehaving: an HTTP status, or `garbage` (200 with a body that is not JSON). */
  failRoute: Partial<Record<FakeRoute, number | 'garbage'>>;
  /** Forgets the comments, requests, files, moves, compares, commits and failures: as started. */
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

export type FakeRoute = 'compare' | 'contents' | 'commits' | 'comments';

/** A package as the simulator's data names it: maven `group:artifact`, npm `@scope/name`. */
export interface ComparedPackage {
  ecosystem: string;
  name: string;
  version: string;
}

/**
 * One compare entry as GitHub sends it for `pkg` in `manifest`; `advisories` are the GHSA ids GitHub
 * lists under its vulnerabilities. The package URL is made as GitHub makes it (maven group and
 * artifact as namespace and name, an npm scope's `@` encoded).
 */
export function compareEntry(
  changeType: CompareEntry['change_type'],
  pkg: ComparedPackage,
  manifest: string,
  advisories: readonly string[] = [],
): CompareEntry {
  const path = pkg.ecosystem === 'maven' ? pkg.name.replace(':', '/') : pkg.name.replace(/^@/, '%40');
  return {
    change_type: changeType,
    manifest,
    ecosystem: pkg.ecosystem === 'pypi' ? 'pip' : pkg.ecosystem,
    name: pkg.name,
    version: pkg.version,
    package_url: `pkg:${pkg.ecosystem}/${path}${pkg.version ? `@${encodeURIComponent(pkg.version)}` : ''}`,
    license: null,
    scope: 'runtime',
    source_repository_url: null,
    vulnerabilities: advisories.map((id) => ({
      severity: 'high',
      advisory_ghsa_id: id,
      advisory_summary: `Advisory ${id}`,
      advisory_url: `https://github.com/advisories/${id}`,
    })),
  };
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
    failRoute: {},
    reset: () => {
      fake.comments.length = 0;
      fake.requests.length = 0;
      fake.failWith = null;
      fake.files.clear();
      fake.moved.clear();
      fake.compares.clear();
      fake.commits.clear();
      fake.failRoute = {};
    },
    close: async () => {},
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const fullPath = (req.url ?? '').split('?')[0] ?? '';
    fake.requests.push({ method: req.method ?? '', path: fullPath, authorization: req.headers.authorization });
    const path = fullPath.replace(/^\/api\/v3(?=\/)/, '');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { body?: string }) : {};
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (fake.failWith) return send(fake.failWith, { message: 'Resource not accessible by integration' });
    const compare = /^\/repos\/([^/]+)\/([^/]+)\/dependency-graph\/compare\/([^/]+)$/.exec(path);
    const commit = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)$/.exec(path);
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(path);
    const route: FakeRoute | null = compare
      ? 'compare'
      : commit
        ? 'commits'
        : contents
          ? 'contents'
          : /\/comments$|\/comments\/\d+$/.test(path)
            ? 'comments'
            : null;
    const failing = route && fake.failRoute[route];
    if (failing === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>upstream error</html>');
    }
    if (failing)
      return send(failing, {
        message:
          failing === 403
            ? 'Dependency review is not supported on this repository. Please ensure that Dependency graph is enabled along with GitHub Advanced Security on private repositories'
            : 'Failure',
      });
    if (compare && req.method === 'GET') {
      const entries = fake.compares.get(`${compare[1]}/${compare[2]}/${decodeURIComponent(compare[3]!)}`);
      return entries ? send(200, entries) : send(404, { message: 'Not Found' });
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
      const query = (req.url ?? '').slice((req.url ?? '').indexOf('?'));
      const location = /^https?:/.test(moved) ? moved : `/repos/${moved}/contents/${contents[3]}${query}`;
      res.writeHead(301, { location, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Moved Permanently' }));
    }
    if (contents && req.method === 'GET') {
      const ref = new URL(req.url ?? '/', 'http://x').searchParams.get('ref') ?? 'main';
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
