// Step 4 of a run: every read the reports need, concurrently, each settled on its own so that
// what did arrive is still reported when another read fails.
import { ApiError } from '../api/client.js';
import { PATHS, type Endpoints } from '../api/endpoints.js';
import { fetchAllPages, type Paginated } from '../api/paginate.js';
import type { Posture, ScaAlert, ScaPackage, Schedule, TimeSaved } from '../api/schemas.js';

export interface GatherRequest {
  organizationId: string | null;
  projectId: string | null;
  repositoryId: string;
  startDate: string;
  endDate: string;
  /** Package manifest locations are read only when a report places alerts in files. */
  packages: boolean;
}

export type Read<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface Gathered {
  alerts: Read<ScaAlert[]>;
  /** totalCount the alerts search reported, for a warning when it disagrees with what was read. */
  alertsReported: number | null;
  posture: Read<Posture | null>;
  timeSaved: Read<TimeSaved>;
  /** null: the repository has no schedule (the service answers 404). */
  schedule: Read<Schedule | null>;
  packages: Read<ScaPackage[]> | null;
}

const PAGE_SIZE = 100; // contract: at least 100; the server's answer decides the page count

async function settle<T>(promise: Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error; // a bug, not a service fault
  }
}

export async function gather(api: Endpoints, request: GatherRequest): Promise<Gathered> {
  const org = request.organizationId ?? undefined;
  const project = request.projectId ?? undefined;
  const repositoryIds = [request.repositoryId];
  const window = { organizationId: org, projectId: project, startDate: request.startDate, endDate: request.endDate };

  const alerts = fetchAllPages(async (page, pageSize) => {
    const r = await api.searchAlerts({ organizationId: org, repositoryIds, page, pageSize });
    return { items: r.alerts, totalCount: r.totalCount, pageSize: r.pageSize };
  }, { pageSize: PAGE_SIZE });
  const packages = request.packages
    ? fetchAllPages(async (page, pageSize) => {
        const r = await api.searchPackages({ organizationId: org, repositoryIds, page, pageSize });
        return { items: r.packages, totalCount: r.totalCount, pageSize: r.pageSize };
      }, { pageSize: PAGE_SIZE })
    : null;
  const schedule = api.getSchedule({ organizationId: org, repositoryId: request.repositoryId }).catch((error: unknown) => {
    // The spec does not say how "no schedule" looks; a 404 is what a real server plausibly sends.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

  const [a, p, t, s, k] = await Promise.all([
    settle(alerts.then((r) => complete(r, PATHS.searchAlerts))),
    settle(api.securityPosture({ ...window, timeGranularity: 'day' }).then((list) => list[0] ?? null)),
    settle(api.timeSaved(window)),
    settle(schedule),
    packages ? settle(packages.then((r) => complete(r, PATHS.searchPackages))) : Promise.resolve(null),
  ]);
  const alertsReported = await alerts.then((r) => r.totalCount, () => null);
  return { alerts: a, alertsReported, posture: p, timeSaved: t, schedule: s, packages: k };
}

/** A read stopped by the page bound is incomplete: an error, never a silent partial gate. */
function complete<T>(read: Paginated<T>, path: string): T[] {
  if (read.truncated) {
    throw new ApiError(path, 'invalid-response', `more than ${read.pagesRequested} pages: stopped with ${read.items.length} of ${read.totalCount} items read.`);
  }
  return read.items;
}
