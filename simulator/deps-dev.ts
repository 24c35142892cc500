// deps.dev's v3 API as the simulator serves it under DEPS_DEV_PATH (`release-age-url` =
// `${sim.url}/depsdev`), in the shapes deps.dev publishes (google/deps.dev: api/v3/api.proto,
// GetVersion): `GET {DEPS_DEV_PATH}/v3/systems/{SYSTEM}/packages/{name}/versions/{version}`, each
// segment percent-encoded, answers the version with its `publishedAt`, or 404 `{"code":5,…}` for a
// version it has not seen, as deps.dev's gRPC gateway answers it. Publish times are fixed instants,
// or hours before the request (on the simulator's clock, which the demo's --today may shift), so a
// fresh version stays fresh whatever day the demo runs. Seeded: what the bad pull request adds
// (simulator/pull-requests.ts), the made-up hijacked releases the demo's --too-new and --malicious
// add, and event-stream 3.3.6 (the 2018 compromise --deny names). Requests are recorded as every
// request of the simulator is.

export const DEPS_DEV_PATH = '/depsdev';
const VERSION_PATH = /^\/v3\/systems\/([^/]+)\/packages\/([^/]+)\/versions\/([^/]+)$/;

/** When a version was published: an instant, hours before the request, or nothing said (no `publishedAt`). */
export type PublishedAt = { at: string } | { hoursAgo: number } | { none: true };

export interface DepsDevData {
  /** By `SYSTEM\nname\nversion` (depsDevKey). */
  versions: Map<string, PublishedAt>;
  /** A fault of every answer: a 500 (gRPC "Internal"), or a 200 that is not JSON. */
  fault: null | 'error' | 'garbage';
}

export const depsDevKey = (system: string, name: string, version: string) => `${system}\n${name}\n${version}`;

/** The made-up fresh release the demo's --too-new adds (a name invented so as to defame no real package). */
export const FRESH_RELEASE = {
  /** A hijacked maintainer's release published 14 hours before the run: no advisory, no OSV record yet. */
  system: 'NPM',
  name: 'string-palette',
  version: '2.3.1',
  hoursAgo: 14,
} as const;

/** Publish times of the bad pull request's packages (approximately as the registries give them) and the demo's. */
export function depsDevData(): DepsDevData {
  const at = (iso: string): PublishedAt => ({ at: iso });
  const fresh = FRESH_RELEASE;
  return {
    versions: new Map<string, PublishedAt>([
      [depsDevKey('MAVEN', 'org.apache.logging.log4j:log4j-core', '2.14.1'), at('2021-03-12T10:31:22Z')],
      [depsDevKey('NPM', 'micromatch', '4.0.5'), at('2022-03-24T14:36:51Z')],
      [depsDevKey('NPM', 'fast-glob', '3.3.2'), at('2023-11-06T19:48:05Z')],
      [depsDevKey('NPM', 'ffmpeg-static', '5.2.0'), at('2023-08-07T09:12:40Z')],
      [depsDevKey('NPM', 'event-stream', '3.3.6'), at('2018-09-09T03:11:36Z')],
      [depsDevKey('NPM', 'color-stringify', '4.1.1'), at('2025-09-08T13:16:00Z')],
      [depsDevKey('NPM', '@simulated-scope/tiny-hue', '3.0.2'), at('2025-09-15T19:02:11Z')],
      [depsDevKey('NPM', fresh.name, '2.3.0'), at('2025-04-02T08:00:00Z')],
      [depsDevKey('NPM', fresh.name, fresh.version), { hoursAgo: fresh.hoursAgo }],
    ]),
    fault: null,
  };
}

const grpcError = (code: number, message: string) => JSON.stringify({ code, message, details: [] });

/** The answer to a request under DEPS_DEV_PATH (`path` without it). */
export function depsDevAnswer(method: string, path: string, data: DepsDevData): { status: number; text: string } {
  if (method !== 'GET') return { status: 405, text: grpcError(12, 'Method Not Allowed') };
  const match = VERSION_PATH.exec(path);
  if (!match) return { status: 404, text: grpcError(5, 'Not Found') };
  if (data.fault === 'error') return { status: 500, text: grpcError(13, 'internal error') };
  if (data.fault === 'garbage') return { status: 200, text: '<html>502 Bad Gateway</html>' };
  let segments: string[];
  try {
    segments = match.slice(1, 4).map((s) => decodeURIComponent(s));
  } catch {
    return { status: 400, text: grpcError(3, 'invalid path encoding') };
  }
  const [system, name, version] = segments as [string, string, string];
  const known = data.versions.get(depsDevKey(system.toUpperCase(), name, version));
  if (known === undefined) return { status: 404, text: grpcError(5, 'version not found') };
  const publishedAt =
    'at' in known
      ? known.at
      : 'hoursAgo' in known
        ? new Date(Date.now() - known.hoursAgo * 3_600_000).toISOString()
        : undefined;
  const body = {
    versionKey: { system: system.toUpperCase(), name, version },
    ...(publishedAt === undefined ? {} : { publishedAt }),
    isDefault: false,
    licenses: [],
    advisoryKeys: [],
    links: [],
    slsaProvenances: [],
    attestations: [],
    registries: [],
    relatedProjects: [],
  };
  return { status: 200, text: JSON.stringify(body) };
}
