// A real HTTP server that plays the code-security service of shared/spec/service-api.md over an
// in-memory data set, with scripted faults for tests. Where the spec is silent (status codes, error
// bodies, page size cap, validation) it behaves as a typical JSON API: `{"error": "..."}` bodies,
// 400 for bad requests, 401 for bad tokens, 404 for unknown ids. Beside the service it serves CISA's
// Known Exploited Vulnerabilities catalog (simulator/kev.ts) at KEV_PATH, as a public feed does: a
// GET, no credentials asked.
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ScaAlert, ScaPackage } from './wire.js';
import { DEMO_TOKEN, defaultData, type RepositorySettings, type SimData } from './data.js';
import { KEV_PATH, kevCatalog, kevText } from './kev.js';
import {
  EPSS_API_PATH,
  EPSS_CSV_GZ_PATH,
  EPSS_CSV_PATH,
  epssApiAnswer,
  epssCsvGzip,
  epssCsvText,
  epssData,
  type EpssData,
} from './epss.js';
import { OSV_PATH, osvAnswer, osvData, type OsvData } from './osv.js';
import { DEPS_DEV_PATH, depsDevAnswer, depsDevData, type DepsDevData } from './deps-dev.js';

export interface SimulatorOptions {
  /** Default 0 (ephemeral); always binds 127.0.0.1. */
  port?: number;
  /** Added delay before every response (default 0). */
  latencyMs?: number;
  /** Page size cap for alerts and packages search (default 25); larger requests are clamped and the response says so. */
  maxPageSize?: number;
  /** Default defaultData(). */
  data?: SimData;
  tokenId?: string;
  tokenSecret?: string;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. */
  tls?: { key: string; cert: string };
  /** Compress answers (br or gzip) when the request accepts it, as real servers do (default false). */
  compress?: boolean;
  /** The KEV catalog to serve (see Simulator.kevCatalog); default kevCatalog(). */
  kevCatalog?: unknown;
  /** The EPSS scores to serve (see Simulator.epss); default epssData(). */
  epss?: EpssData;
  /** OSV's records to serve (see Simulator.osv); default osvData(). */
  osv?: OsvData;
  /** deps.dev's publish times to serve (see Simulator.depsDev); default depsDevData(). */
  depsDev?: DepsDevData;
}

/**
 * One scripted answer. With none of status, body, rawBody, chunks, hang, drop or redirect set, the
 * request is handled normally after `delayMs`, with `headers` added (a slow or decorated real answer).
 */
export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  /** JSON-encoded unless rawBody is set. Default for status >= 400: `{"error": "scripted <status> <reason>"}`, else empty. */
  body?: unknown;
  /** Sent as-is (Content-Type text/plain unless `headers` says otherwise). */
  rawBody?: string;
  /**
   * A body made as it is sent, piece by piece, never held whole (hugeKevCatalog(): over 16 MiB):
   * Content-Type JSON and chunked transfer encoding unless `headers` says otherwise (a
   * Content-Length given there must be the body's exact length). Sending stops when the client
   * goes away.
   */
  chunks?: () => Iterable<string | Uint8Array>;
  headers?: Record<string, string>;
  /** Never answer; the connection stays open until the client gives up or the server closes. */
  hang?: boolean;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Answer 307 with this Location (absolute URL). */
  redirect?: string;
  /** Extra delay before this answer. */
  delayMs?: number;
}

/**
 * Ways a real server gets the alerts search wrong, for the verdict-integrity tests. Set on
 * `sim.faults`; cleared by reset().
 */
export interface Faults {
  /** Answer page 1 whatever page is asked for (a server that ignores `page`). */
  ignorePage?: boolean;
  /** Each page after the first starts this many alerts early, repeating the end of the page before. */
  overlap?: number;
  /** Added to the true totalCount (negative: too low). */
  totalCountDelta?: number;
  /**
   * Fields of the alerts as served, by dotted path (`languages`, `metadata.severityScore`), set to
   * a value (`null`, a numeric string) or removed (`undefined`), on the alerts `where` selects.
   */
  alertFields?: { where?: (alert: ScaAlert) => boolean; set: Record<string, unknown> }[];
  /** Every JSON answer of every endpoint (not only the alerts search; the KEV catalog too) starts with a UTF-8 byte-order mark. */
  byteOrderMark?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** URL path without the query string. */
  path: string;
  /** The request target as sent: path and query string. */
  url: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** Arrival time (ms since epoch). */
  at: number;
  /** When the answer's last byte was handed to the connection (ms since epoch); absent while unanswered, and for a hang or a drop. */
  answeredAt?: number;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  /** Live state: tests may mutate it (or replace it) between requests. */
  state: SimData;
  /** Every request received, in order of arrival, including scripted ones and ones to unknown paths. */
  requests: RecordedRequest[];
  /** Compress answers when the request accepts it (see SimulatorOptions.compress). */
  compress: boolean;
  /** Scripted misbehaviour of the alerts search (see Faults). */
  faults: Faults;
  /**
   * The KEV catalog served at KEV_PATH (`GET`, `HEAD`; any other method 405): a JSON value is sent
   * with CISA's 4-space indent, a string as-is (malformed JSON), `undefined` answers 404. Default
   * kevCatalog(); tests may replace it (kevCatalogWith, largeKevCatalog, any value). Latency, scripts
   * (`sim.script(KEV_PATH, ...)`), compression and the byte-order-mark fault apply as to the
   * service's paths, and requests to it are recorded. Not restored by reset().
   */
  kevCatalog: unknown;
  /**
   * FIRST's EPSS scores, served as its API at EPSS_API_PATH and as its daily CSV at EPSS_CSV_PATH
   * and EPSS_CSV_GZ_PATH (simulator/epss.ts; GET only, no credentials asked); tests may change it.
   */
  epss: EpssData;
  /**
   * OSV's API under OSV_PATH (simulator/osv.ts: querybatch, vulns by id; no credentials asked; the
   * requests recorded as every request is); tests may change it.
   */
  osv: OsvData;
  /**
   * deps.dev's v3 API under DEPS_DEV_PATH (simulator/deps-dev.ts: GetVersion's publishedAt; no
   * credentials asked; the requests recorded as every request is); tests may change it.
   */
  depsDev: DepsDevData;
  /** Queue answers for a path; each request to it consumes one before normal handling. '*' matches any path (after that path's own queue). */
  script(path: string, ...responses: ScriptedResponse[]): void;
  setLatency(ms: number): void;
  /** Clears recorded requests, queued scripts and faults (not the state, not the latency). */
  reset(): void;
  /** Closes the server and destroys open and hanging connections. */
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;
const MAX_BODY_BYTES = 1_000_000;

// ---------- errors and request-body readers ----------

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string`);
  return value;
}

function requiredString(body: Body, field: string): string {
  const value = optionalString(body, field);
  if (!value) throw new HttpError(400, `${field} is required`);
  return value;
}

function optionalStringArray(body: Body, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new HttpError(400, `${field} must be an array of strings`);
  }
  // The spec does not say what an empty filter means; like most search APIs, it filters nothing.
  return value.length > 0 ? value : undefined;
}

function optionalPositiveInteger(body: Body, field: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new HttpError(400, `${field} must be an integer >= 1`);
  }
  return value;
}

const lowerSet = (values: string[] | undefined) => (values ? new Set(values.map((v) => v.toLowerCase())) : undefined);

// ---------- shared lookups ----------

function findRepository(state: SimData, repositoryId: string) {
  const repository = state.repositories.find((r) => r.id === repositoryId);
  if (!repository) throw new HttpError(404, `repository ${repositoryId} not found`);
  return repository;
}

/** Pagination of the two search endpoints: defaults 1 and 50, page size clamped to the server's cap. */
function paging(body: Body, maxPageSize: number) {
  const page = optionalPositiveInteger(body, 'page') ?? 1;
  const pageSize = Math.min(optionalPositiveInteger(body, 'pageSize') ?? 50, maxPageSize);
  return { page, pageSize, slice: <T>(items: T[]) => items.slice((page - 1) * pageSize, page * pageSize) };
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type Band = 'critical' | 'high' | 'medium' | 'low' | 'unknown';
const WORDS: Record<string, Band> = {
  critical: 'critical',
  high: 'high',
  medium: 'medium',
  moderate: 'medium',
  low: 'low',
};

/** The severity the gate would compute: a known word, else the CVSS v3 band of the score. */
function severityBand(alert: ScaAlert): Band {
  const word = alert.metadata.severity?.trim().toLowerCase() ?? '';
  if (Object.hasOwn(WORDS, word)) return WORDS[word]!;
  const score = alert.metadata.severityScore;
  if (typeof score !== 'number' || !(score > 0)) return 'unknown';
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

// ---------- 5. sca/alerts/search, 3. sca/packages/search, 4. sca/licenses/search ----------

const REACHABILITY: Record<string, (c: NonNullable<ScaAlert['reachabilityCounts']>) => boolean> = {
  reachable: (c) => c.reachable > 0,
  needsreview: (c) => c.needsReview > 0,
  unreachable: (c) => c.unreachable > 0 && c.reachable === 0 && c.needsReview === 0,
};

function alertMatcher(body: Body): (alert: ScaAlert) => boolean {
  const query = optionalString(body, 'query')?.toLowerCase();
  const languages = lowerSet(optionalStringArray(body, 'languages'));
  const severities = lowerSet(optionalStringArray(body, 'severities'));
  const reachability = lowerSet(optionalStringArray(body, 'reachability'));
  const unknown = [...(reachability ?? [])].filter((r) => !Object.hasOwn(REACHABILITY, r));
  if (unknown.length > 0)
    throw new HttpError(
      400,
      `reachability: unknown value(s) ${unknown.join(', ')}; use reachable, needsReview or unreachable`,
    );

  return (alert) => {
    const { metadata } = alert;
    if (
      query &&
      ![metadata.id, ...metadata.aliases, metadata.summary].some((text) => text.toLowerCase().includes(query))
    )
      return false;
    if (languages && !alert.languages.some((l) => languages.has(l.toLowerCase()))) return false;
    if (severities && !severities.has(metadata.severity?.toLowerCase() ?? '')) return false;
    const counts = alert.reachabilityCounts;
    if (reachability && !(counts && [...reachability].some((r) => REACHABILITY[r]!(counts)))) return false;
    return true;
  };
}

/**
 * The last unfiltered search, sorted: a client paging through 100,000 alerts asks for the same list
 * a hundred times. Valid while the same arrays, of the same lengths, hold the alerts.
 */
let lastSearch: { lists: ScaAlert[][]; lengths: number[]; found: ScaAlert[] } | null = null;

/** Whether a cache made from `cached.lists` still holds: the same arrays, of the same lengths. */
function stillHolds(cached: { lists: ScaAlert[][]; lengths: number[] }, lists: ScaAlert[][]): boolean {
  return (
    cached.lists.length === lists.length &&
    cached.lists.every((l, i) => l === lists[i] && l.length === cached.lengths[i])
  );
}

function findAlerts(body: Body, state: SimData, repositoryIds: string[]): ScaAlert[] {
  const lists = repositoryIds.map((id) => state.alerts[id] ?? []);
  const unfiltered = ['query', 'languages', 'severities', 'reachability'].every((f) => body[f] === undefined);
  if (unfiltered && lastSearch && stillHolds(lastSearch, lists)) return lastSearch.found;
  const found = lists.flat().filter(alertMatcher(body)).sort(byId);
  if (unfiltered) lastSearch = { lists, lengths: lists.map((l) => l.length), found };
  return found;
}

function searchAlerts(body: Body, { state, maxPageSize, faults }: Context) {
  const repositoryIds = optionalStringArray(body, 'repositoryIds') ?? Object.keys(state.alerts);
  const { page, pageSize } = paging(body, maxPageSize);
  const found = findAlerts(body, state, repositoryIds);
  const served = faults.ignorePage ? 1 : page;
  const start = Math.max(0, (served - 1) * pageSize - (served > 1 ? (faults.overlap ?? 0) : 0));
  const alerts = found.slice(start, start + pageSize).map((alert) => patchAlert(alert, faults.alertFields ?? []));
  return { alerts, totalCount: found.length + (faults.totalCountDelta ?? 0), page, pageSize };
}

/** The alert as served: a copy with the faults' fields set or removed. */
function patchAlert(alert: ScaAlert, patches: NonNullable<Faults['alertFields']>): unknown {
  const wanted = patches.filter((p) => !p.where || p.where(alert));
  if (wanted.length === 0) return alert;
  const copy = structuredClone(alert) as unknown as Record<string, unknown>;
  for (const { set } of wanted) {
    for (const [path, value] of Object.entries(set)) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const parent = keys.reduce<Record<string, unknown>>(
        (node, key) => (node[key] ??= {}) as Record<string, unknown>,
        copy,
      );
      if (value === undefined) delete parent[last];
      else parent[last] = value;
    }
  }
  return copy;
}

function packagesOf(state: SimData, repositoryIds: string[] | undefined): ScaPackage[] {
  const wanted = repositoryIds && new Set(repositoryIds);
  return state.packages.filter((p) => !wanted || wanted.has(p.repositoryId ?? ''));
}

function searchPackages(body: Body, { state, maxPageSize }: Context) {
  const searchQuery = optionalString(body, 'searchQuery')?.toLowerCase();
  const ecosystems = lowerSet(optionalStringArray(body, 'ecosystems'));
  const { page, pageSize, slice } = paging(body, maxPageSize);
  const found = packagesOf(state, optionalStringArray(body, 'repositoryIds'))
    .filter((p) => !searchQuery || p.name.toLowerCase().includes(searchQuery))
    .filter((p) => !ecosystems || ecosystems.has(p.ecosystem.toLowerCase()))
    .sort(byId);
  return { packages: slice(found), totalCount: found.length, page, pageSize };
}

function searchLicenses(body: Body, { state }: Context) {
  const packages = new Map(packagesOf(state, optionalStringArray(body, 'repositoryIds')).map((p) => [p.id, p]));
  const licenses = state.licenses.map((license) => ({
    id: license.id,
    name: license.name,
    packages: license.packageIds.flatMap((id) => packages.get(id) ?? []),
  }));
  return { licenses: licenses.filter((l) => l.packages.length > 0) };
}

// ---------- 1. stats/securityPosture, 2. stats/timeSaved ----------

/** Days since the epoch of a YYYY-MM-DD date, or a 400 naming the field. */
function dayNumber(text: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2025-02-30 over to March; a real date survives the round trip.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new HttpError(400, `${field} must be a date YYYY-MM-DD, got ${JSON.stringify(text)}`);
  }
  return ms / DAY_MS;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** startDate..endDate in days; default the last 30 days ending today (UTC). */
function statsWindow(body: Body): { start: number; end: number } {
  const startText = optionalString(body, 'startDate');
  const endText = optionalString(body, 'endDate');
  const end = endText ? dayNumber(endText, 'endDate') : Math.floor(Date.now() / DAY_MS);
  const start = startText ? dayNumber(startText, 'startDate') : end - 29;
  if (start > end) throw new HttpError(400, `startDate ${dateOf(start)} is after endDate ${dateOf(end)}`);
  if (end - start > 3660) throw new HttpError(400, 'the window startDate..endDate is longer than 10 years');
  return { start, end };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const wave = (day: number, period: number) => Math.sin((day * 2 * Math.PI) / period);

/** Risk from weighted severity counts, saturating towards 100; 0 when nothing is open. */
function riskScore(counts: Record<Band, number>): number {
  const weighted =
    counts.critical * 10 + counts.high * 4 + counts.medium * 1.5 + counts.low * 0.5 + counts.unknown * 0.5;
  return round1(100 * (1 - Math.exp(-weighted / 150)));
}

function countBands(alerts: ScaAlert[]): Record<Band, number> {
  const counts: Record<Band, number> = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 };
  for (const alert of alerts) counts[severityBand(alert)]++;
  return counts;
}

/** Creation days of the critical and high alerts: computed once a request, not once a day of the window. */
function creationDays(alerts: ScaAlert[]): Record<'critical' | 'high', number[]> {
  const days: Record<'critical' | 'high', number[]> = { critical: [], high: [] };
  for (const alert of alerts) {
    const band = severityBand(alert);
    if (band === 'critical' || band === 'high') days[band].push(Date.parse(alert.createdAt ?? '') / DAY_MS);
  }
  return days;
}

/** Exposure on a given day: ages (days) of the critical and high alerts open then (one pass, no copies: 100,000 alerts a day of the window add up). */
function exposureOn(day: number, created: Record<'critical' | 'high', number[]>) {
  const ages = (band: 'critical' | 'high') => {
    let count = 0;
    let sum = 0;
    let oldest = 0;
    for (const at of created[band]) {
      const age = day - at;
      if (!(age >= 0)) continue;
      count++;
      sum += age;
      if (age > oldest) oldest = age;
    }
    return { mean: count ? round1(sum / count) : 0, oldest: Math.floor(oldest) };
  };
  const critical = ages('critical');
  const high = ages('high');
  return {
    meanCriticalExposure: critical.mean,
    meanHighExposure: high.mean,
    oldestCriticalAge: critical.oldest,
    oldestHighAge: high.oldest,
  };
}

// projectId, timeGranularity and severities are accepted and ignored: the spec does not say what they change.
interface PostureCounts {
  /** Open (alerted) alerts per repository, in the order of state.repositories. */
  open: ScaAlert[][];
  allOpen: ScaAlert[];
  counts: Record<Band, number>;
  perRepository: Record<Band, number>[];
  created: Record<'critical' | 'high', number[]>;
  reachable: number;
}

/**
 * What the posture counts from the alerts, kept as the last search is (valid while the same arrays,
 * of the same lengths, hold them): 100,000 alerts took some 100 ms a request, and a single-threaded
 * simulator would make every request that arrived after the posture wait for it.
 */
let lastPosture: { lists: ScaAlert[][]; lengths: number[]; counts: PostureCounts } | null = null;

function postureCounts(state: SimData): PostureCounts {
  const lists = state.repositories.map((r) => state.alerts[r.id] ?? []);
  if (lastPosture && stillHolds(lastPosture, lists)) return lastPosture.counts;
  const open = lists.map((alerts) => alerts.filter((a) => a.isAlerted));
  const allOpen = open.flat();
  const counts: PostureCounts = {
    open,
    allOpen,
    counts: countBands(allOpen),
    perRepository: open.map(countBands),
    created: creationDays(allOpen),
    reachable: allOpen.filter((a) => (a.reachabilityCounts?.reachable ?? 0) > 0).length,
  };
  lastPosture = { lists, lengths: lists.map((l) => l.length), counts };
  return counts;
}

function securityPosture(body: Body, { state }: Context) {
  const { start, end } = statsWindow(body);
  const { open, allOpen, counts, perRepository, created, reachable } = postureCounts(state);
  const overall = riskScore(counts);

  // Smooth waves of the day number, so a window always draws the same believable chart.
  const trends = [];
  for (let day = start; day <= end; day++) {
    const w = 0.6 * wave(day, 14) + 0.4 * wave(day, 61);
    const olderIsRiskier = 1 + 0.002 * (end - day);
    trends.push({
      date: dateOf(day),
      openIssues: Math.max(0, Math.round(allOpen.length * (1 + 0.08 * w) * olderIsRiskier)),
      newIssues: Math.max(0, Math.round(4 + 3 * wave(day, 7))),
      resolvedIssues: Math.max(0, Math.round(4 + 3 * wave(day + 2, 9))),
      riskScore: round1(Math.min(100, overall * (1 + 0.05 * w) * olderIsRiskier)),
      criticalIssues: Math.max(0, Math.round(counts.critical + (counts.critical > 0 ? 1.5 * w : 0))),
      meanRemediationTime: round1(4.5 + 1.5 * wave(day, 30)),
      exposure: exposureOn(day, created),
    });
  }
  const first = trends[0]!.riskScore;
  const last = trends[trends.length - 1]!.riskScore;
  const repositoryRiskScores = state.repositories.map((r, i) => ({
    id: r.id,
    name: r.repositoryName,
    riskScore: riskScore(perRepository[i]!),
    openIssues: open[i]!.length,
    criticalIssues: perRepository[i]!.critical,
  }));
  const openIssuesByClass = Object.values(state.issues).filter((i) => i.status === 'open');

  return [
    {
      summary: {
        overAllRiskScore: overall,
        totalOpenIssues: allOpen.length,
        criticalIssues: counts.critical,
        highIssues: counts.high,
        mediumIssues: counts.medium,
        lowIssues: counts.low,
        vulnerabilityDensity: round1(allOpen.length / Math.max(1, state.repositories.length)),
        repositoriesAtRisk: repositoryRiskScores.filter((r) => r.riskScore > 0).length,
        totalRepositories: state.repositories.length,
        meanRemediationTime: trends[trends.length - 1]!.meanRemediationTime,
        riskTrend: last > first + 1 ? 'increasing' : last < first - 1 ? 'decreasing' : 'stable',
      },
      exposure: exposureOn(end, created),
      trends,
      topRiskFactors: [
        { type: 'VULNERABLE_DEPENDENCY', count: allOpen.length },
        { type: 'REACHABLE_VULNERABILITY', count: reachable },
        { type: 'CRITICAL_SEVERITY', count: counts.critical },
        ...[...new Set(openIssuesByClass.map((i) => i.vulnClass))].map((type) => ({
          type,
          count: openIssuesByClass.filter((i) => i.vulnClass === type).length,
        })),
      ].sort((a, b) => b.count - a.count),
      repositoryRiskScores,
    },
  ];
}

function timeSaved(body: Body) {
  const { start, end } = statsWindow(body);
  let patching = 0;
  let validation = 0;
  for (let day = start; day <= end; day++) {
    patching += 35 + 12 * wave(day, 9);
    validation += 16 + 5 * wave(day + 3, 13);
  }
  const patchingMinutesSaved = Math.round(patching);
  const validationMinutesSaved = Math.round(validation);
  return {
    totalMinutesSaved: patchingMinutesSaved + validationMinutesSaved,
    patchingMinutesSaved,
    validationMinutesSaved,
  };
}

// ---------- 6. installations/repositories, 7. scans/get-schedule, 8. issues/get ----------

function listRepositories(body: Body, { state }: Context) {
  const appId = requiredString(body, 'appId');
  const found = state.repositories.filter((r) =>
    [
      r.github?.githubAppInstallationId,
      r.github?.externalGithubAppInstallationId,
      r.gitlab?.gitlabInstallationId,
      r.bitbucket?.bitbucketInstallationId,
    ].includes(appId),
  );
  if (found.length === 0) throw new HttpError(404, `installation ${appId} not found`);
  return found;
}

function getSchedule(body: Body, { state }: Context) {
  const repositoryId = requiredString(body, 'repositoryId');
  findRepository(state, repositoryId);
  const schedule = state.schedules[repositoryId];
  if (!schedule) throw new HttpError(404, `no scan schedule for repository ${repositoryId}`);
  return schedule;
}

function getIssue(body: Body, { state }: Context) {
  const issueId = requiredString(body, 'issueId');
  const issue = Object.hasOwn(state.issues, issueId) ? state.issues[issueId] : undefined;
  if (!issue) throw new HttpError(404, `issue ${issueId} not found`);
  return issue;
}

// ---------- 9. referral/create ----------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REFERRAL_FIELDS: ReadonlyArray<readonly [field: string, min: number, max: number, email?: boolean]> = [
  ['firstName', 1, 100],
  ['lastName', 1, 100],
  ['email', 3, 254, true],
  ['mobilePhone', 10, 20],
  ['companyName', 1, 200],
  ['referrerFirstName', 1, 100],
  ['referrerLastName', 1, 100],
  ['referrerEmail', 3, 254, true],
];

function createReferral(body: Body, { state }: Context) {
  const problems: string[] = [];
  for (const [field, min, max, email] of REFERRAL_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string') problems.push(`${field} is required and must be a string`);
    else if (value.length < min || value.length > max) problems.push(`${field} must be ${min} to ${max} characters`);
    else if (email && !EMAIL.test(value)) problems.push(`${field} must be an email address`);
  }
  if (body.type !== 'DEMO') problems.push('type must be "DEMO"');
  if (body.notes !== undefined && (typeof body.notes !== 'string' || body.notes.length > 1000)) {
    problems.push('notes must be a string of at most 1000 characters');
  }
  if (problems.length > 0) throw new HttpError(400, problems.join('; '));
  const referralId = randomUUID();
  state.referrals.push({ referralId, createdAt: new Date().toISOString(), request: { ...body } });
  return { success: true, referralId };
}

// ---------- 10-12. repositories/set-* ----------

function settingsOf(body: Body, state: SimData): RepositorySettings {
  const repositoryId = requiredString(body, 'repositoryId');
  findRepository(state, repositoryId);
  return (state.settings[repositoryId] ??= { cweWhitelist: [], maxPrTimeoutMinutes: 30, isPrScanningEnabled: true });
}

function setCweWhitelist(body: Body, { state }: Context) {
  const list = body.cweWhitelist;
  if (!Array.isArray(list) || !list.every((c) => typeof c === 'string'))
    throw new HttpError(400, 'cweWhitelist must be an array of strings');
  settingsOf(body, state).cweWhitelist = [...list];
  return { ok: true };
}

function setMaxPrTimeout(body: Body, { state }: Context) {
  const minutes = body.maxPrTimeoutMinutes;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) {
    throw new HttpError(400, 'maxPrTimeoutMinutes must be a positive number');
  }
  settingsOf(body, state).maxPrTimeoutMinutes = minutes;
  return { ok: true };
}

function setPrScanning(body: Body, { state }: Context) {
  if (typeof body.isPrScanningEnabled !== 'boolean') throw new HttpError(400, 'isPrScanningEnabled must be a boolean');
  settingsOf(body, state).isPrScanningEnabled = body.isPrScanningEnabled;
  return { ok: true };
}

// ---------- routing ----------

interface Context {
  state: SimData;
  maxPageSize: number;
  faults: Faults;
}
type Operation = (body: Body, context: Context) => unknown;

const OPERATIONS = new Map<string, Operation>([
  ['/api/v1/stats/securityPosture', securityPosture],
  ['/api/v1/stats/timeSaved', timeSaved],
  ['/api/v1/sca/packages/search', searchPackages],
  ['/api/v1/sca/licenses/search', searchLicenses],
  ['/api/v1/sca/alerts/search', searchAlerts],
  ['/api/v1/installations/repositories', listRepositories],
  ['/api/v1/scans/get-schedule', getSchedule],
  ['/api/v1/issues/get', getIssue],
  ['/api/v1/referral/create', createReferral],
  ['/api/v1/repositories/set-cwe-whitelist', setCweWhitelist],
  ['/api/v1/repositories/set-max-pr-timeout', setMaxPrTimeout],
  ['/api/v1/repositories/set-pr-scanning', setPrScanning],
]);

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
const failure = (status: number, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: message },
  headers,
});

interface Token {
  id: string;
  secret: string;
}

/** Normal handling, in the order a real gateway would check: path, method, token, body, then the operation. */
function answer(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  raw: string,
  context: Context,
  token: Token,
): Answer {
  const operation = OPERATIONS.get(path);
  if (!operation) return failure(404, `no operation at ${path}`);
  if (method !== 'POST') return failure(405, `method ${method} not allowed on ${path}; use POST`, { Allow: 'POST' });
  if (headers['x-service-api-token-id'] !== token.id || headers['x-service-api-token-secret'] !== token.secret) {
    return failure(401, 'invalid or missing API token');
  }
  let body: unknown;
  try {
    body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    return failure(400, 'request body is not valid JSON');
  }
  if (!isObject(body)) return failure(400, 'request body must be a JSON object');
  try {
    const organizationId = optionalString(body, 'organizationId');
    // An empty organizationId is treated as not given, as the action sends it when the input is empty.
    if (organizationId && organizationId !== context.state.organizationId) {
      throw new HttpError(404, `organization ${organizationId} not found`);
    }
    return { status: 200, body: operation(body, context) };
  } catch (error) {
    if (error instanceof HttpError) return failure(error.status, error.message);
    return failure(500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------- the KEV catalog ----------

/**
 * The catalog's answer, as a static file server gives it: no credentials asked (none are
 * checked: a request that carries some is recorded with them, for tests to see), GET or HEAD.
 */
function answerKev(
  method: string,
  catalog: unknown,
): { status: number; text: string; headers: Record<string, string> } {
  if (method !== 'GET' && method !== 'HEAD') {
    const text = JSON.stringify({ error: `method ${method} not allowed on ${KEV_PATH}; use GET` });
    return { status: 405, text, headers: { ...JSON_TYPE, Allow: 'GET, HEAD' } };
  }
  if (catalog === undefined) return { status: 404, text: '<h1>Page not found</h1>', headers: HTML_TYPE };
  if (typeof catalog === 'string') return { status: 200, text: catalog, headers: JSON_TYPE };
  return { status: 200, text: kevText(catalog), headers: JSON_TYPE };
}

// ---------- FIRST's EPSS ----------

/** The EPSS API's JSON, or the CSV (gzipped as a file, not as a content coding, as FIRST serves it). */
function answerEpss(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  data: EpssData,
  extra: Record<string, string> = {},
): void {
  if (req.method !== 'GET') return send(res, 405, JSON.stringify({ error: 'use GET' }), { ...JSON_TYPE, Allow: 'GET' });
  if (path === EPSS_API_PATH) {
    const { status, text } = epssApiAnswer(new URL(req.url ?? '/', 'http://x').searchParams, data);
    return send(res, status, text, { ...JSON_TYPE, ...extra });
  }
  const body = path === EPSS_CSV_GZ_PATH ? epssCsvGzip(data) : Buffer.from(epssCsvText(data));
  const type = path === EPSS_CSV_GZ_PATH ? 'application/gzip' : 'text/csv; charset=utf-8';
  res.statusCode = 200;
  res.setHeader('Content-Length', body.byteLength);
  for (const [name, value] of Object.entries({ 'Content-Type': type, ...extra })) res.setHeader(name, value);
  res.end(body);
}

// ---------- HTTP plumbing ----------

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, `request body larger than ${MAX_BODY_BYTES} bytes`));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseLoosely(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  if (res.destroyed || res.writableEnded) return; // the client gave up, or close() destroyed the socket
  res.statusCode = status;
  res.setHeader('Content-Length', Buffer.byteLength(text));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(text);
}

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const HTML_TYPE = { 'Content-Type': 'text/html; charset=utf-8' };

/** As send, compressed with br or gzip when the request's Accept-Encoding allows it. */
function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
): void {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const coding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (coding === null || res.destroyed || res.writableEnded) return send(res, status, text, headers);
  const body = coding === 'br' ? brotliCompressSync(text) : gzipSync(text);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Encoding', coding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', body.byteLength);
  res.end(body);
}

/** Whether a scripted response only delays or decorates the normal answer. */
function passesThrough(s: ScriptedResponse): boolean {
  return [s.status, s.body, s.rawBody, s.chunks, s.redirect].every((v) => v === undefined) && !s.hang && !s.drop;
}

/** Sends what `chunks` makes as the client reads it (backpressure); stops when the client goes away. */
async function sendChunks(
  res: ServerResponse,
  status: number,
  chunks: () => Iterable<string | Uint8Array>,
  headers: Record<string, string>,
): Promise<void> {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  await pipeline(Readable.from(chunks()), res).catch(() => undefined); // the client gave up: nothing to answer
}

async function sendScripted(req: IncomingMessage, res: ServerResponse, s: ScriptedResponse): Promise<void> {
  if (s.hang) return;
  if (s.drop) {
    req.socket.destroy();
    return;
  }
  if (s.redirect !== undefined) return send(res, 307, '', { Location: s.redirect, ...s.headers });
  const status = s.status ?? 200;
  if (s.chunks !== undefined) return sendChunks(res, status, s.chunks, { ...JSON_TYPE, ...s.headers });
  if (s.rawBody !== undefined)
    return send(res, status, s.rawBody, { 'Content-Type': 'text/plain; charset=utf-8', ...s.headers });
  const body =
    s.body !== undefined
      ? s.body
      : status >= 400
        ? { error: `scripted ${status} ${STATUS_CODES[status] ?? ''}`.trim() }
        : undefined;
  send(res, status, body === undefined ? '' : JSON.stringify(body), { ...JSON_TYPE, ...s.headers });
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const maxPageSize = options.maxPageSize ?? 25;
  if (!Number.isInteger(maxPageSize) || maxPageSize < 1)
    throw new Error(`maxPageSize must be an integer >= 1, got ${maxPageSize}`);
  const token: Token = { id: options.tokenId ?? DEMO_TOKEN.id, secret: options.tokenSecret ?? DEMO_TOKEN.secret };
  let latencyMs = options.latencyMs ?? 0;
  const scripts = new Map<string, ScriptedResponse[]>();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  // Timers are tracked so close() can cancel pending delays instead of waiting them out.
  const pause = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        });

  const takeScript = (path: string): ScriptedResponse | undefined => {
    const own = scripts.get(path);
    if (own?.length) return own.shift();
    return scripts.get('*')?.shift();
  };

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? '';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const recorded: RecordedRequest = {
      method,
      path,
      url: req.url ?? '/',
      headers: flattenHeaders(req.headers),
      body: undefined,
      at: Date.now(),
    };
    sim.requests.push(recorded);
    res.once('finish', () => (recorded.answeredAt = Date.now()));
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, JSON.stringify({ error: error.message }), JSON_TYPE);
      return; // otherwise the client went away mid-body
    }
    recorded.body = parseLoosely(raw);

    const scripted = takeScript(path);
    await pause(latencyMs + (scripted?.delayMs ?? 0));
    if (scripted && !passesThrough(scripted)) return sendScripted(req, res, scripted);
    if (path === KEV_PATH) {
      const kev = answerKev(method, sim.kevCatalog);
      const headers = { ...kev.headers, ...scripted?.headers };
      const text = `${sim.faults.byteOrderMark && kev.status === 200 ? '\uFEFF' : ''}${kev.text}`;
      if (sim.compress) sendCompressed(req, res, kev.status, text, headers);
      else send(res, kev.status, text, headers);
      return;
    }
    if (path === EPSS_API_PATH || path === EPSS_CSV_PATH || path === EPSS_CSV_GZ_PATH)
      return answerEpss(req, res, path, sim.epss, scripted?.headers);
    if (path.startsWith(`${OSV_PATH}/`)) {
      const { status, text } = osvAnswer(method, path, raw, sim.osv);
      return send(res, status, text, { ...JSON_TYPE, ...scripted?.headers });
    }
    if (path.startsWith(`${DEPS_DEV_PATH}/`)) {
      const { status, text } = depsDevAnswer(method, path.slice(DEPS_DEV_PATH.length), sim.depsDev);
      return send(res, status, text, { ...JSON_TYPE, ...scripted?.headers });
    }
    const result = answer(method, path, req.headers, raw, { state: sim.state, maxPageSize, faults: sim.faults }, token);
    const headers = { ...JSON_TYPE, ...result.headers, ...scripted?.headers };
    const text = `${sim.faults.byteOrderMark ? '\uFEFF' : ''}${JSON.stringify(result.body)}`;
    if (sim.compress) sendCompressed(req, res, result.status, text, headers);
    else send(res, result.status, text, headers);
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    onRequest(req, res).catch((error: unknown) => {
      send(res, 500, JSON.stringify({ error: `simulator failure: ${String(error)}` }), JSON_TYPE);
    });
  };
  const server = options.tls
    ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : createServer(handler);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('simulator: no TCP address after listen');

  let closing: Promise<void> | undefined;
  const sim: Simulator = {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`,
    port: address.port,
    state: options.data ?? defaultData(),
    requests: [],
    faults: {},
    compress: options.compress ?? false,
    kevCatalog: 'kevCatalog' in options ? options.kevCatalog : kevCatalog(),
    epss: options.epss ?? epssData(),
    osv: options.osv ?? osvData(),
    depsDev: options.depsDev ?? depsDevData(),
    script(path, ...responses) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...responses]);
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    reset() {
      sim.requests.length = 0;
      sim.faults = {};
      scripts.clear();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        // Hanging and keep-alive connections would otherwise hold close() open indefinitely.
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
  return sim;
}
