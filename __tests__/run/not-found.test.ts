// What a 404 blames once the run's other reads are in (contract: "Errors blame the right input"): a
// 404 on every endpoint tried names api-url (host and path), never app-id; app-id only when the
// installations read says the installation is unknown, or the service answered the other reads.
import { describe, expect, test } from '@jest/globals';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import { PATHS } from '../../src/api/endpoints.js';
import type { Read, RepositoryReads, Statistics } from '../../src/run/gather.js';
import { alertsNotFound, installationsNotFound, whereApiUrlLeads } from '../../src/run/not-found.js';
import type { SettingChange } from '../../src/model.js';

const API_URL = 'https://security.example.com/wrong';
const HOST_AND_PATH = 'api-url https://security.example.com/wrong (host https://security.example.com, path /wrong)';

const failed = (endpoint: string, kind: ApiErrorKind, status: number | null, detail = `HTTP ${status}.`) => ({
  ok: false as const,
  error: new ApiError(endpoint, kind, detail, status),
});
const answered = <T>(value: T) => ({ ok: true as const, value });
const bare404 = (endpoint: string) => failed(endpoint, 'request', 404, 'HTTP 404 Not Found.');

describe('whereApiUrlLeads', () => {
  test.each<[string, Read<unknown>[], ReturnType<typeof whereApiUrlLeads>]>([
    ['both statistics 404', [bare404(PATHS.securityPosture), bare404(PATHS.timeSaved)], 'every-404'],
    [
      'a web page 404 and a bare 404',
      [failed(PATHS.securityPosture, 'api-url', 404), bare404(PATHS.timeSaved)],
      'every-404',
    ],
    ['one answered with data', [bare404(PATHS.securityPosture), answered({})], 'service'],
    [
      'one refused as a bad request',
      [failed(PATHS.securityPosture, 'request', 400), bare404(PATHS.timeSaved)],
      'service',
    ],
    ['a 404 naming the organization is the service', [failed(PATHS.securityPosture, 'organization', 404)], 'service'],
    ['a 405 says nothing of the service', [failed(PATHS.securityPosture, 'api-url', 405)], 'unknown'],
    ['a 503 says nothing of the service', [failed(PATHS.securityPosture, 'server', 503)], 'unknown'],
    [
      'no answer',
      [failed(PATHS.securityPosture, 'timeout', null), failed(PATHS.timeSaved, 'network', null)],
      'unknown',
    ],
    ['no other read', [], 'unknown'],
  ])('%s: %s', (_name, others, where) => {
    expect(whereApiUrlLeads(others)).toBe(where);
  });
});

describe('installationsNotFound', () => {
  const notFound = (error: ApiError, others: Read<unknown>[]) => installationsNotFound(API_URL, '4242', error, others);
  const statistics404 = [bare404(PATHS.securityPosture), bare404(PATHS.timeSaved)];

  test('the installation named: app-id, whatever the other reads', () => {
    const error = new ApiError(PATHS.listRepositories, 'installation', 'HTTP 404. "installation 4242 not found".', 404);
    const message = notFound(error, statistics404);
    expect(message).toMatch(/^app-id 4242: the service knows no such installation/);
    expect(message).toContain('Check app-id, or give repository-id.');
    expect(message).not.toMatch(/api-url|organization-id/);
  });

  test('a bare 404, and the statistics 404 too: api-url with its host and path, every endpoint listed', () => {
    const message = notFound(bare404(PATHS.listRepositories).error, statistics404);
    expect(message).toContain(
      'every request answered HTTP 404 (installations/repositories, stats/securityPosture, stats/timeSaved)',
    );
    expect(message).toContain(HOST_AND_PATH);
    expect(message).toContain('Check api-url');
    expect(message).not.toContain('app-id');
  });

  test('a bare 404 while the service answered the statistics: app-id, not api-url', () => {
    const message = notFound(bare404(PATHS.listRepositories).error, [answered({}), answered({})]);
    expect(message).toMatch(/^app-id 4242: the service knows no such installation/);
    expect(message).not.toContain('api-url');
  });

  test('a bare 404 and no other answer: both suspects, api-url with its host and path', () => {
    const message = notFound(bare404(PATHS.listRepositories).error, [failed(PATHS.timeSaved, 'timeout', null)]);
    expect(message).toContain('cannot tell');
    expect(message).toContain('app-id');
    expect(message).toContain(HOST_AND_PATH);
  });

  test.each<[ApiErrorKind, string]>([
    ['organization', 'Check organization-id'],
    ['api-url', 'Check api-url'],
    ['doubled-path', 'Give api-url without /api/v1'],
  ])('a 404 of kind %s says what its error says', (kind, words) => {
    const message = notFound(new ApiError(PATHS.listRepositories, kind, 'HTTP 404.', 404), statistics404);
    expect(message).toContain(words);
    expect(message).not.toContain('app-id');
  });
});

describe('alertsNotFound (repository-id alone)', () => {
  const reads = (over: Partial<RepositoryReads> = {}): RepositoryReads => ({
    alerts: { alerts: [], errors: [bare404(PATHS.searchAlerts).error], warnings: [], totalCount: null },
    schedule: answered(null),
    packages: null,
    licenses: null,
    ...over,
  });
  const stats404: Statistics = {
    posture: bare404(PATHS.securityPosture),
    timeSaved: bare404(PATHS.timeSaved),
  };
  const restated = (r: RepositoryReads, s: Statistics = stats404, settings: SettingChange[] = []) =>
    alertsNotFound(API_URL, r, s, settings).alerts.errors[0]!;

  test('every request 404: the alerts error names api-url, its host and path, and lists what was tried', () => {
    const error = restated(reads({ packages: bare404(PATHS.searchPackages) }));
    expect(error.kind).toBe('api-url');
    expect(error.message).toContain(
      'every request answered HTTP 404 (sca/alerts/search, stats/securityPosture, stats/timeSaved, sca/packages/search)',
    );
    expect(error.message).toContain(HOST_AND_PATH);
  });

  test.each<[string, RepositoryReads, Statistics, SettingChange[]]>([
    ['the posture answered', reads(), { ...stats404, posture: answered(null) }, []],
    ['the packages answered', reads({ packages: answered([]) }), stats404, []],
    [
      'the schedule answered',
      reads({ schedule: answered({ repoId: 'r', crontab: '0 0 * * *', isEnabled: true }) }),
      stats404,
      [],
    ],
    [
      'a setting was applied',
      reads(),
      stats404,
      [{ setting: 'pr-scanning', input: 'set-pr-scanning', value: true, status: 'applied' }],
    ],
  ])('%s: the alerts 404 stays as it was', (_name, r, s, settings) => {
    expect(restated(r, s, settings)).toBe(r.alerts.errors[0]);
  });

  test('an alerts error that is no bare 404 stays as it was', () => {
    const organization = failed(PATHS.searchAlerts, 'organization', 404).error;
    const r = reads({ alerts: { alerts: [], errors: [organization], warnings: [], totalCount: null } });
    expect(restated(r)).toBe(organization);
  });
});
