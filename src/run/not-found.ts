// What a 404 blames once the run's other reads are in (contract: "Errors blame the right input").
// A 404 whose error names nothing is an id the service does not know, or an api-url that does not
// lead to the service: when every request of the run answered 404, it is api-url (its host or
// path); when the service answered another read there, the id. Pure.
import { describeApiUrl } from '../api/classify.js';
import { ApiError } from '../api/client.js';
import type { SettingChange } from '../model.js';
import type { Read, RepositoryReads, Statistics } from './gather.js';

/** A 404 whose error names neither the organization nor the installation, and is no web page. */
export const isBare404 = (error: ApiError) => error.kind === 'request' && error.status === 404;

/**
 * What the run's other reads show of where api-url leads: `every-404`, they all answered 404;
 * `service`, the service answered one of them (its data, or an error only it gives); else `unknown`
 * (no answer, or one any server might give: a 5xx, a 405, a web page).
 */
export type WhereApiUrlLeads = 'every-404' | 'service' | 'unknown';

export function whereApiUrlLeads(others: readonly Read<unknown>[]): WhereApiUrlLeads {
  const notFound = (read: Read<unknown>) => !read.ok && read.error.status === 404 && !fromTheService(read);
  if (others.length > 0 && others.every(notFound)) return 'every-404';
  return others.some(fromTheService) ? 'service' : 'unknown';
}

function fromTheService(read: Read<unknown>): boolean {
  if (read.ok) return true;
  const { kind, status } = read.error;
  if (kind === 'request') return status !== null && status !== 404;
  return kind === 'credentials' || kind === 'organization' || kind === 'installation' || kind === 'invalid-response';
}

/** `/api/v1/stats/timeSaved` as messages name an endpoint: `stats/timeSaved`. */
export const endpointName = (endpoint: string) => endpoint.replace(/^\/api\/v1\//, '');

/**
 * `error` (a bare 404) restated once every other read answered 404 too: api-url does not lead to
 * the service's API, an error of kind api-url whose message says so with api-url's host and path.
 */
export function everyRequest404(apiUrl: string, error: ApiError, others: readonly Read<unknown>[]): ApiError {
  const asked = [error.endpoint, ...others.flatMap((read) => (read.ok ? [] : [read.error.endpoint]))];
  const detail =
    `every request answered HTTP 404 (${[...new Set(asked)].map(endpointName).join(', ')}), so ` +
    `${describeApiUrl(apiUrl)} does not lead to the service's API; ${endpointName(error.endpoint)}: ${error.detail}`;
  return new ApiError(error.endpoint, 'api-url', detail, error.status, error.attempts);
}

/**
 * The message of a 404 from installations/repositories: app-id only when the answer names the
 * installation, or the service answered the other reads; api-url when they answered 404 too; else
 * what the answer names (the organization, a web page, a doubled path), or both suspects.
 */
export function installationsNotFound(
  apiUrl: string,
  appId: string,
  error: ApiError,
  others: readonly Read<unknown>[],
): string {
  const unknownApp = `app-id ${appId}: the service knows no such installation; installations/repositories answered`;
  if (error.kind === 'installation') return `${unknownApp} ${error.detail} Check app-id, or give repository-id.`;
  if (!isBare404(error)) return error.message;
  const where = whereApiUrlLeads(others);
  if (where === 'every-404') return everyRequest404(apiUrl, error, others).message;
  if (where === 'service')
    return `${unknownApp} ${error.detail} The service answered the run's other requests there, so it is the installation it does not know. Check app-id, or give repository-id.`;
  return (
    `installations/repositories answered ${error.detail} The service answered no other request, so the run cannot ` +
    `tell an installation the service does not know from an api-url that does not lead to it. Check app-id, ` +
    `and ${describeApiUrl(apiUrl)}.`
  );
}

/**
 * With repository-id alone (installations/repositories never asked): the alerts read's bare 404,
 * restated as api-url's when every other request answered 404 too (a schedule read as none may
 * have; a setting the service applied or refused shows it there).
 */
export function alertsNotFound(
  apiUrl: string,
  reads: RepositoryReads,
  statistics: Statistics,
  settings: readonly SettingChange[],
): RepositoryReads {
  const bare = reads.alerts.errors.find(isBare404);
  const answered =
    (reads.schedule.ok && reads.schedule.value !== null) ||
    settings.some((change) => change.status === 'applied' || change.status === 'rejected');
  if (!bare || answered) return reads;
  const tried: (Read<unknown> | null)[] = [statistics.posture, statistics.timeSaved, reads.packages, reads.licenses];
  const others = tried.filter((read) => read !== null);
  if (whereApiUrlLeads(others) !== 'every-404') return reads;
  const errors = reads.alerts.errors.map((error) => (error === bare ? everyRequest404(apiUrl, bare, others) : error));
  return { ...reads, alerts: { ...reads.alerts, errors } };
}
