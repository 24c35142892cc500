// Step 4 of a run: every read, concurrently, each settled on its own so that what did arrive is
// still reported when another read fails. The alerts read says exactly what it lacks.
import { ApiError, type RetryEvent } from '../api/client.js';
import { PATHS, type Endpoints } from '../api/endpoints.js';
import { cveIdsOfAlertsAnswer } from '../api/alerts.js';
import { pagedSearch, type Page, type PageSignals } from '../api/paginate.js';
import type { LicenseAnswer } from '../api/schemas.js';
import { oneATurn } from '../api/turns.js';
import {
  failure,
  success,
  type Alert,
  type LicenseEntry,
  type Outcome,
  type Package,
  type Posture,
  type Schedule,
  type TimeSaved,
} from '../model.js';
import { plural } from '../numbers.js';
import { expressionBoundsProblem } from '../policy/license-bounds.js';

export type Read<T> = Outcome<T, ApiError>;

export interface StatisticsRequest {
  organizationId: string | null;
  projectId: string | null;
  startDate: string;
  endDate: string;
}

export interface RepositoryReadsRequest {
  organizationId: string | null;
  repositoryId: string;
  /** Package manifest locations are read only when a report places alerts in files. */
  packages: boolean;
  /** The licenses are read only under a license policy. */
  licenses: boolean;
  /**
   * Told of each alert page's CVE ids as soon as the page is read, before it is checked: the EPSS
   * scores are asked for meanwhile. The pages are then checked one a turn of the event loop, so
   * that the pages read meanwhile are told of first.
   */
  onCveIds?: (cves: string[]) => void;
}

/** The statistics: they do not need the repository id, so they can start before it is known. */
export interface Statistics {
  posture: Read<Posture | null>;
  timeSaved: Read<TimeSaved>;
}

export interface AlertsRead {
  /** Every alert that could be read, each once: the first copy read of an id (reading chooses no copy). */
  alerts: Alert[];
  /**
   * Every copy of each alert id read with different content (most reads: none): the verdict judges
   * each, and the alert is the copy judged worst (contract: "Duplicates, time included").
   */
  copies?: ReadonlyMap<string, readonly Alert[]>;
  /** What the read lacks: a failed page, an incomplete read, alerts that cannot be judged. */
  errors: ApiError[];
  /** Odd but usable: duplicates with different content, more alerts than announced. */
  warnings: string[];
  /** What page 1 announced; null when no page could be read. */
  totalCount: number | null;
}

export interface RepositoryReads {
  alerts: AlertsRead;
  /** null: the repository has no schedule. */
  schedule: Read<Schedule | null>;
  packages: Read<Package[]> | null;
  /** null: no license policy, so nothing was read. */
  licenses: Read<LicenseEntry[]> | null;
}

/** A read's answer, or its API error; anything else is a bug and is thrown on. */
export async function settle<T>(promise: Promise<T>): Promise<Read<T>> {
  try {
    return success(await promise);
  } catch (error) {
    if (error instanceof ApiError) return failure(error);
    throw error; // a bug, not a service fault
  }
}

/** A failed page's error: an ApiError, or a bug, thrown on (as settle does), never passed off as the service's fault. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/** A page's 429 or 503 tells the paged reader to slow down. */
const throttling = (signals: PageSignals) => ({
  onRetry: (event: RetryEvent) => {
    if (event.status === 429 || event.status === 503) signals.throttled();
  },
});

/**
 * Page 1 refused at pageSize 1000 (contract: then ask for 100): a 4xx other than 401/403, whichever
 * input its words blame (the organization, the installation: the kind chooses the advice, not whether
 * the size is tried again), or an answer too large to read (1000 alerts with long descriptions). Not
 * what shows api-url leads elsewhere (a web page, a 405): that does not depend on the page size.
 */
const REFUSED_SIZE = new Set(['request', 'organization', 'installation']);
const isRefusal = (error: unknown) =>
  error instanceof ApiError &&
  ((REFUSED_SIZE.has(error.kind) && error.status !== null && error.status >= 400 && error.status < 500) ||
    error.kind === 'too-large');

/**
 * A package row: its id and where it is declared (contract: "Every manifest row counts"). Rows that
 * share an id but name another manifest or line are each a place the package is declared; only the
 * same row served twice is one.
 */
const packageRowKey = (p: Package) =>
  [p.id, p.manifestPath, p.manifestStartLine, p.manifestEndLine, p.manifestStartColumn, p.manifestEndColumn].join('\n');

/** At most `max` items of a list, then how many more. */
function some(items: string[], max = 5): string {
  return items.slice(0, max).join('; ') + (items.length > max ? `; and ${items.length - max} more` : '');
}

export function readStatistics(api: Endpoints, request: StatisticsRequest): Promise<Statistics> {
  const window = {
    organizationId: request.organizationId ?? undefined,
    projectId: request.projectId ?? undefined,
    startDate: request.startDate,
    endDate: request.endDate,
  };
  return Promise.all([
    settle(api.securityPosture({ ...window, timeGranularity: 'day' })),
    settle(api.timeSaved(window)),
  ]).then(([posture, timeSaved]) => ({ posture, timeSaved }));
}

export async function readRepository(api: Endpoints, request: RepositoryReadsRequest): Promise<RepositoryReads> {
  const organizationId = request.organizationId ?? undefined;
  const repositoryIds = [request.repositoryId];
  const schedule = api.getSchedule({ organizationId, repositoryId: request.repositoryId }).catch((error: unknown) => {
    // The spec does not say how "no schedule" looks; a 404 is what a real server plausibly sends.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  const packages = request.packages
    ? pagedSearch(
        async (page, pageSize, signals): Promise<Page<Package>> => {
          const r = await api.searchPackages({ organizationId, repositoryIds, page, pageSize }, throttling(signals));
          return { items: r.packages, totalCount: r.totalCount, pageSize: r.pageSize };
        },
        { key: packageRowKey, merge: (a) => a, isRefusal, noun: 'packages' },
      ).then((read) => {
        if (read.failure) throw asApiError(read.failure);
        if (read.incomplete) throw new ApiError(PATHS.searchPackages, 'incomplete', read.incomplete);
        return read.items;
      })
    : null;
  const licenses = request.licenses
    ? api.searchLicenses({ organizationId, repositoryIds }).then((r) => licenseEntries(r.licenses))
    : null;
  const [alerts, s, k, l] = await Promise.all([
    readAlerts(api, organizationId, repositoryIds, request.onCveIds),
    settle(schedule),
    packages ? settle(packages) : Promise.resolve(null),
    licenses ? settle(licenses) : Promise.resolve(null),
  ]);
  return { alerts, schedule: s, packages: k, licenses: l };
}

/**
 * The license entries, whole: under a license policy they decide the verdict, so an entry or a
 * package that cannot be read makes the read fail (naming where), rather than pass unseen.
 */
function licenseEntries(answers: Outcome<LicenseAnswer>[]): LicenseEntry[] {
  const unreadable: string[] = [];
  const entries: LicenseEntry[] = [];
  answers.forEach((answer, i) => {
    if (!answer.ok) {
      unreadable.push(`license ${i + 1} (${answer.error})`);
      return;
    }
    // Beyond the bounds no expression is judged: never read as "unknown", never searched at length.
    for (const field of ['id', 'name'] as const) {
      const beyond = expressionBoundsProblem(answer.value[field] ?? '');
      if (beyond) unreadable.push(`license ${i + 1} (its ${field} is ${beyond})`);
    }
    const packages: Package[] = [];
    answer.value.packages.forEach((pkg, j) => {
      if (pkg.ok) packages.push(pkg.value);
      else unreadable.push(`package ${j + 1} of license ${i + 1} (${pkg.error})`);
    });
    entries.push({ id: answer.value.id, name: answer.value.name, packages });
  });
  if (unreadable.length > 0) {
    const detail = `${plural(unreadable.length, 'entry', 'entries')} the license policy cannot judge: ${some(unreadable)}.`;
    throw new ApiError(PATHS.searchLicenses, 'invalid-response', detail);
  }
  return entries;
}

/**
 * Alerts in flight at once: 4 pages of 1,000. Each page in flight holds its body until it is read,
 * one at a time: with 16 pages of 100,000 distinct alerts, they raised the run's peak by some 50 MiB.
 */
const ALERTS_IN_FLIGHT = 4_000;

async function readAlerts(
  api: Endpoints,
  organizationId: string | undefined,
  repositoryIds: string[],
  onCveIds?: (cves: string[]) => void,
): Promise<AlertsRead> {
  // Copies of one id with different content, each kept for the verdict to judge: the first stays in
  // its place, and the verdict alone picks the worst.
  const copies = new Map<string, Alert[]>();
  const keep = (a: Alert, b: Alert): Alert => {
    const known = copies.get(a.id) ?? [a];
    if (!known.includes(b)) known.push(b);
    copies.set(a.id, known);
    return a;
  };
  const turns = oneATurn();
  const onData =
    onCveIds &&
    ((data: unknown) => {
      onCveIds(cveIdsOfAlertsAnswer(data));
      return turns.next();
    });
  const read = await pagedSearch(
    async (page, pageSize, signals): Promise<Page<Alert>> => {
      const options = { ...throttling(signals), onData };
      const r = await api.searchAlerts({ organizationId, repositoryIds, page, pageSize }, options);
      const items: Alert[] = [];
      const unreadable: string[] = [];
      r.alerts.forEach((alert, i) => {
        if (alert.ok) items.push(alert.value);
        else unreadable.push(`alert ${i + 1} of page ${page} (${alert.error})`);
      });
      return { items, unreadable, totalCount: r.totalCount, pageSize: r.pageSize };
    },
    {
      key: (a) => a.id,
      merge: keep,
      isRefusal,
      noun: 'alerts',
      maxItemsInFlight: ALERTS_IN_FLIGHT,
    },
  );
  const errors: ApiError[] = [];
  if (read.failure) errors.push(asApiError(read.failure));
  if (read.unreadable.length > 0) {
    const detail = `${plural(read.unreadable.length, 'alert')} without what the gate needs, so the gate cannot judge ${read.unreadable.length === 1 ? 'it' : 'them'}: ${some(read.unreadable)}.`;
    errors.push(new ApiError(PATHS.searchAlerts, 'invalid-response', detail));
  }
  if (read.incomplete) errors.push(new ApiError(PATHS.searchAlerts, 'incomplete', read.incomplete));
  const warnings: string[] = [];
  if (read.conflicts.length > 0) {
    warnings.push(
      `The alerts search sent ${plural(read.conflicts.length, 'alert')} more than once with different content (${some(read.conflicts)}); the gate counted the worst copy of each.`,
    );
  }
  const distinct = read.items.length + read.unreadable.length;
  if (read.totalCount !== null && distinct > read.totalCount) {
    warnings.push(
      `The alerts search announced ${plural(read.totalCount, 'alert')} (totalCount) but ${distinct} distinct alerts were read; the gate used all ${distinct}.`,
    );
  }
  return { alerts: read.items, copies, errors, warnings, totalCount: read.totalCount };
}

/** Every alert read, each copy of a duplicate included: what the pull request's findings are checked against. */
export function everyCopy({ alerts, copies }: Pick<AlertsRead, 'alerts' | 'copies'>): Alert[] {
  if (!copies || copies.size === 0) return alerts;
  return [...alerts.filter((alert) => !copies.has(alert.id)), ...[...copies.values()].flat()];
}
