// The simulator's 12 operations: every success parses with the client's schemas, filters and
// pagination behave as documented, and bad requests get the service's error shape.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { z } from 'zod';
import * as schemas from '../../src/api/schemas.js';
import * as wire from '../../simulator/wire.js';
import {
  APP_ID,
  BITBUCKET_INSTALLATION_ID,
  BITBUCKET_REPO,
  CLEAN_REPO,
  defaultData,
  GITLAB_INSTALLATION_ID,
  GITLAB_REPO,
  ISSUE_IDS,
  KEV_REPO,
  LICENSE_FIXTURES,
  MAIN_REPO,
  MAIN_REPO_SEVERITY_COUNTS,
  ORG_ID,
  UNSCHEDULED_REPO,
} from '../../simulator/data.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { makeReferral } from '../fixtures/referral.js';
import { P, post } from './call.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.state = defaultData();
});

/** POSTs and parses the 200 answer with `schema`, failing with the server's message otherwise. */
async function ok<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
  const reply = await post(sim, path, body);
  expect({ path, status: reply.status, body: reply.status === 200 ? 'ok' : reply.body }).toEqual({
    path,
    status: 200,
    body: 'ok',
  });
  const parsed = schema.safeParse(reply.body);
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.data;
}

async function rejected(path: string, body: unknown, status: number, message: RegExp): Promise<void> {
  const reply = await post(sim, path, body);
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual({ error: expect.stringMatching(message) });
}

const webshop = { organizationId: ORG_ID, repositoryIds: [MAIN_REPO.id] };

describe('every operation answers with what the schemas accept', () => {
  test.each([
    [
      'posture',
      P.posture,
      { organizationId: ORG_ID, startDate: '2026-01-01', endDate: '2026-01-31', timeGranularity: 'day' },
      wire.postureResponseSchema,
    ],
    [
      'time saved',
      P.timeSaved,
      { organizationId: ORG_ID, startDate: '2026-01-01', endDate: '2026-01-31' },
      wire.timeSavedSchema,
    ],
    ['packages', P.packages, webshop, wire.packagesResponseSchema],
    ['licenses', P.licenses, webshop, wire.licensesResponseSchema],
    ['alerts', P.alerts, { ...webshop, pageSize: 100 }, wire.alertsResponseSchema],
    ['repositories', P.repositories, { organizationId: ORG_ID, appId: APP_ID }, wire.repositoriesResponseSchema],
    ['schedule', P.schedule, { organizationId: ORG_ID, repositoryId: MAIN_REPO.id }, wire.scheduleSchema],
    ['SCA issue', P.issue, { issueId: ISSUE_IDS.sca }, schemas.issueSchema],
    ['SAST issue', P.issue, { issueId: ISSUE_IDS.sast }, schemas.issueSchema],
    ['secret issue', P.issue, { issueId: ISSUE_IDS.secret }, schemas.issueSchema],
    ['referral', P.referral, makeReferral(), schemas.referralResponseSchema],
    [
      'cwe whitelist',
      P.cweWhitelist,
      { repositoryId: MAIN_REPO.id, cweWhitelist: ['CWE-79'] },
      schemas.okResponseSchema,
    ],
    [
      'max pr timeout',
      P.maxPrTimeout,
      { repositoryId: MAIN_REPO.id, maxPrTimeoutMinutes: 45 },
      schemas.okResponseSchema,
    ],
    ['pr scanning', P.prScanning, { repositoryId: MAIN_REPO.id, isPrScanningEnabled: false }, schemas.okResponseSchema],
  ])('%s', async (_name, path, body, schema) => {
    await ok(path, body, schema as z.ZodType);
  });

  test('every alert and package of every repository parses, not only the first page', async () => {
    const alerts = sim.state.repositories.flatMap((r) => sim.state.alerts[r.id] ?? []);
    expect(
      wire.alertsResponseSchema.safeParse({ alerts, totalCount: alerts.length, page: 1, pageSize: 1 }).success,
    ).toBe(true);
    const packages = sim.state.packages;
    expect(
      wire.packagesResponseSchema.safeParse({ packages, totalCount: packages.length, page: 1, pageSize: 1 }).success,
    ).toBe(true);
    expect(wire.scheduleSchema.array().safeParse(Object.values(sim.state.schedules)).success).toBe(true);
  });
});

describe('sca/alerts/search', () => {
  const search = (body: object) => ok(P.alerts, { ...webshop, pageSize: 1000, ...body }, wire.alertsResponseSchema);

  test('the server caps pageSize at 25 and reports the clamped size', async () => {
    const page = await ok(P.alerts, { ...webshop, pageSize: 100 }, wire.alertsResponseSchema);
    expect(page).toMatchObject({ page: 1, pageSize: 25, totalCount: 69 });
    expect(page.alerts).toHaveLength(25);
  });

  test('defaults are page 1 and pageSize 50 (then clamped)', async () => {
    expect(await ok(P.alerts, webshop, wire.alertsResponseSchema)).toMatchObject({ page: 1, pageSize: 25 });
  });

  test('pages are disjoint, ordered by id, and a page past the end is empty', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ page, pageSize: 25 })));
    expect(pages.map((p) => p.alerts.length)).toEqual([25, 25, 19, 0]);
    const ids = pages.flatMap((p) => p.alerts.map((a) => a.id));
    expect(new Set(ids).size).toBe(69);
    expect([...ids].sort()).toEqual(ids);
    expect(pages[3]).toMatchObject({ totalCount: 69, page: 4 });
  });

  test('a smaller pageSize is honoured', async () => {
    expect((await search({ pageSize: 7 })).alerts).toHaveLength(7);
  });

  test.each([
    ['page 0', { page: 0 }, /page must be an integer >= 1/],
    ['page 1.5', { page: 1.5 }, /page must be/],
    ['page as a string', { page: '2' }, /page must be/],
    ['pageSize 0', { pageSize: 0 }, /pageSize must be an integer >= 1/],
    ['repositoryIds not an array', { repositoryIds: 'repo_webshop' }, /repositoryIds must be an array of strings/],
    ['an unknown reachability value', { reachability: ['maybe'] }, /reachability/],
  ])('400 for %s', async (_name, body, message) => {
    await rejected(P.alerts, body, 400, message);
  });

  test('without repositoryIds it searches every repository', async () => {
    const all = await ok(P.alerts, { pageSize: 1 }, wire.alertsResponseSchema);
    expect(all.totalCount).toBe(69 + 4 + 3 + 3 + 4);
  });

  test('the clean repository has no alerts', async () => {
    expect((await search({ repositoryIds: [CLEAN_REPO.id] })).totalCount).toBe(0);
  });

  test.each([
    ['advisory id, any case', 'ghsa-jfh8-c2jp-5v3q', ['GHSA-jfh8-c2jp-5v3q']],
    ['an alias', 'CVE-2021-44228', ['GHSA-jfh8-c2jp-5v3q']],
    [
      'part of the summary',
      'log4j',
      ['GHSA-jfh8-c2jp-5v3q', 'GHSA-7rjr-3q55-vv33', 'GHSA-p6xc-xr62-6r2g', 'GHSA-8489-44mv-ggj8'],
    ],
  ])('query matches %s', async (_name, query, advisories) => {
    const { alerts } = await search({ query });
    expect(alerts.map((a) => a.metadata.id).sort()).toEqual([...advisories].sort());
  });

  test('severities compare case-insensitively with metadata.severity only', async () => {
    const { alerts } = await search({ severities: ['critical'] });
    // CRITICAL and critical words; the two score-only criticals have no word to match.
    expect(alerts.map((a) => a.metadata.severity)).toEqual(expect.arrayContaining(['critical', 'CRITICAL']));
    expect(alerts).toHaveLength(3);
    expect((await search({ severities: ['HIGH'] })).alerts.map((a) => a.metadata.severity)).toContain('HIGH');
  });

  test('languages filter on the reachability languages', async () => {
    const { alerts } = await search({ languages: ['Go'] });
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((a) => a.languages.includes('go'))).toBe(true);
  });

  test.each([
    ['reachable', (c: Counts) => c.reachable > 0],
    ['needsReview', (c: Counts) => c.needsReview > 0],
    ['unreachable', (c: Counts) => c.reachable === 0 && c.needsReview === 0 && c.unreachable > 0],
  ])('reachability %s', async (value, holds) => {
    const { alerts } = await search({ reachability: [value] });
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((a) => a.reachabilityCounts && holds(a.reachabilityCounts))).toBe(true);
  });

  test('mutating the live state changes the next answer', async () => {
    sim.state.alerts[MAIN_REPO.id] = sim.state.alerts[MAIN_REPO.id]!.slice(0, 2);
    expect((await search({})).totalCount).toBe(2);
  });
});
type Counts = { reachable: number; needsReview: number; unreachable: number };

describe('sca/packages/search and sca/licenses/search', () => {
  test('packages: filter by name and ecosystem, clamp and report pageSize', async () => {
    const page = await ok(P.packages, { ...webshop, searchQuery: 'LOG4J', pageSize: 500 }, wire.packagesResponseSchema);
    expect(page.packages.map((p) => p.name)).toEqual(['org.apache.logging.log4j:log4j-core']);
    expect(page.pageSize).toBe(25);
    const go = await ok(P.packages, { ...webshop, ecosystems: ['golang'] }, wire.packagesResponseSchema);
    expect(go.packages.length).toBeGreaterThan(0);
    expect(go.packages.every((p) => p.ecosystem === 'golang' && p.manifestPath === 'services/gateway/go.mod')).toBe(
      true,
    );
  });

  test('packages: a page past the end is empty and keeps the total', async () => {
    const page = await ok(P.packages, { ...webshop, page: 99 }, wire.packagesResponseSchema);
    expect(page.packages).toEqual([]);
    expect(page.totalCount).toBeGreaterThan(0);
  });

  test('packages: 400 for a non-integer page', async () => {
    await rejected(P.packages, { page: 'x' }, 400, /page must be/);
  });

  test('licenses group the packages of the asked repositories only', async () => {
    const { licenses } = await ok(P.licenses, { repositoryIds: [CLEAN_REPO.id] }, wire.licensesResponseSchema);
    expect(licenses.map((l) => [l.id, l.name])).toEqual([
      ['MIT', 'MIT License'],
      ['0BSD', 'BSD Zero Clause License'],
    ]);
    expect(licenses.flatMap((l) => l.packages).every((p) => p.repositoryId === CLEAN_REPO.id)).toBe(true);
    const gitlab = await ok(P.licenses, { repositoryIds: [GITLAB_REPO.id] }, wire.licensesResponseSchema);
    expect(gitlab.licenses.map((l) => l.id)).toEqual(['MIT', 'Apache-2.0']);
    const all = await ok(P.licenses, {}, wire.licensesResponseSchema);
    expect(all.licenses.length).toBe(sim.state.licenses.length);
    expect(all.licenses.every((l) => l.packages.length > 0)).toBe(true);
  });

  test('licenses of acme/webshop: SPDX ids, expressions, internal ids, free text and NOASSERTION, each package with its manifest', async () => {
    const reply = await post(sim, P.licenses, webshop);
    expect(schemas.licensesResponseSchema.safeParse(reply.body).success).toBe(true);
    const { licenses } = wire.licensesResponseSchema.parse(reply.body);
    expect(licenses.map((l) => [l.id, l.name])).toEqual([
      ['MIT', 'MIT License'],
      ['Apache-2.0', 'Apache License 2.0'],
      ['BSD-3-Clause', 'BSD 3-Clause "New" or "Revised" License'],
      ['ISC', 'ISC License'],
      ['MPL-2.0', 'Mozilla Public License 2.0'],
      ['LGPL-2.1-or-later', 'GNU Lesser General Public License v2.1 or later'],
      ['GPL-3.0-only', 'GNU General Public License v3.0 only'],
      ['MIT OR Apache-2.0', 'MIT License or Apache License 2.0'],
      ['MIT OR GPL-3.0-only', 'MIT License or GNU General Public License v3.0 only'],
      [
        'GPL-2.0-only WITH Classpath-exception-2.0',
        'GNU General Public License v2.0 only, with Classpath exception 2.0',
      ],
      ['lic_7f2a', 'BSD-2-Clause'],
      ['lic_3c9e', 'Apache-2.0 OR BSD-3-Clause'],
      ['lic_b81d', 'EPL-1.0 OR LGPL-2.1-only'],
      ['lic_9c41', 'The Acme Commercial License'],
      ['NOASSERTION', 'NOASSERTION'],
    ]);
    const packages = licenses.flatMap((l) => l.packages);
    for (const p of packages) {
      expect(p.repositoryId).toBe(MAIN_REPO.id);
      expect(p.manifestPath).not.toBe('');
      expect(p.manifestStartLine).toBeGreaterThan(0);
      expect(p).toEqual(sim.state.packages.find((q) => q.id === p.id));
    }
    // every package of the repository is listed; a package may be listed under several entries
    expect(new Set(packages.map((p) => p.id)).size).toBe(
      sim.state.packages.filter((p) => p.repositoryId === MAIN_REPO.id).length,
    );
    const under = (name: string) => licenses.filter((l) => l.packages.some((p) => p.name === name)).map((l) => l.id);
    expect(under(LICENSE_FIXTURES.twoEntries.name)).toEqual([...LICENSE_FIXTURES.twoEntries.licenseIds]);
    const { twoEntries: _, ...single } = LICENSE_FIXTURES;
    for (const fixture of Object.values(single)) expect(under(fixture.name)).toEqual([fixture.licenseId]);
    const gpl = licenses.find((l) => l.id === 'GPL-3.0-only')!.packages;
    expect(gpl.map((p) => [p.name, p.version, p.manifestPath])).toEqual([
      [LICENSE_FIXTURES.gpl.name, LICENSE_FIXTURES.gpl.version, 'package.json'],
    ]);
  });
});

describe('stats', () => {
  test('posture: one trend per day of the window, a row per repository', async () => {
    const [posture] = await ok(
      P.posture,
      { startDate: '2026-02-20', endDate: '2026-03-05' },
      wire.postureResponseSchema,
    );
    expect(posture!.trends.map((t) => t.date)).toEqual([
      '2026-02-20',
      '2026-02-21',
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    const rows = new Map(posture!.repositoryRiskScores.map((r) => [r.id, r]));
    expect([...rows.keys()].sort()).toEqual(sim.state.repositories.map((r) => r.id).sort());
    expect(rows.get(CLEAN_REPO.id)).toMatchObject({ riskScore: 0, criticalIssues: 0, openIssues: 0 });
    expect(rows.get(MAIN_REPO.id)).toMatchObject({ criticalIssues: MAIN_REPO_SEVERITY_COUNTS.critical });
    expect(rows.get(MAIN_REPO.id)!.riskScore).toBeGreaterThan(50);
  });

  test('posture is deterministic for a window', async () => {
    const body = { startDate: '2025-12-01', endDate: '2025-12-31' };
    expect((await post(sim, P.posture, body)).text).toBe((await post(sim, P.posture, body)).text);
  });

  test('posture defaults to the 30 days ending today (UTC)', async () => {
    const [posture] = await ok(P.posture, {}, wire.postureResponseSchema);
    expect(posture!.trends).toHaveLength(30);
    expect(posture!.trends.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  test('time saved grows with the window', async () => {
    const week = await ok(P.timeSaved, { startDate: '2026-01-01', endDate: '2026-01-07' }, wire.timeSavedSchema);
    const quarter = await ok(P.timeSaved, { startDate: '2026-01-01', endDate: '2026-03-31' }, wire.timeSavedSchema);
    expect(quarter.totalMinutesSaved).toBeGreaterThan(week.totalMinutesSaved * 10);
    expect(week.totalMinutesSaved).toBe(week.patchingMinutesSaved + week.validationMinutesSaved);
  });

  test.each([
    ['an impossible date', { startDate: '2026-02-30', endDate: '2026-03-01' }, /startDate must be a date/],
    ['a non-date', { endDate: 'yesterday' }, /endDate must be a date/],
    ['start after end', { startDate: '2026-03-02', endDate: '2026-03-01' }, /after endDate/],
  ])('400 for %s', async (_name, body, message) => {
    await rejected(P.posture, body, 400, message);
    await rejected(P.timeSaved, body, 400, message);
  });
});

describe('installations, schedules, issues', () => {
  test.each([
    ['the GitHub app', APP_ID, [MAIN_REPO.id, CLEAN_REPO.id, UNSCHEDULED_REPO.id, KEV_REPO.id]],
    ['the GitLab installation', GITLAB_INSTALLATION_ID, [GITLAB_REPO.id]],
    ['the Bitbucket installation', BITBUCKET_INSTALLATION_ID, [BITBUCKET_REPO.id]],
  ])('repositories of %s', async (_name, appId, ids) => {
    const repositories = await ok(P.repositories, { organizationId: ORG_ID, appId }, wire.repositoriesResponseSchema);
    expect(repositories.map((r) => r.id)).toEqual(ids);
  });

  test('the main repository carries the GitHub ids the action resolves by', async () => {
    const [main] = await ok(P.repositories, { appId: APP_ID }, wire.repositoriesResponseSchema);
    expect(main).toEqual({
      id: MAIN_REPO.id,
      repositoryUrl: MAIN_REPO.url,
      repositoryName: MAIN_REPO.name,
      defaultBranch: 'main',
      github: {
        githubAppInstallationId: APP_ID,
        externalGithubRepositoryId: MAIN_REPO.externalId,
        externalGithubAppInstallationId: APP_ID,
      },
    });
  });

  test('schedules: enabled on the main repository, disabled on the clean one', async () => {
    expect(await ok(P.schedule, { repositoryId: MAIN_REPO.id }, wire.scheduleSchema)).toMatchObject({
      executionCriteriaCrontab: '0 2 * * 1-5',
      isEnabled: true,
    });
    expect(await ok(P.schedule, { repositoryId: CLEAN_REPO.id }, wire.scheduleSchema)).toMatchObject({
      isEnabled: false,
    });
  });

  test('the SCA issue has reachability analyses and a patch', async () => {
    const issue = await ok(P.issue, { issueId: ISSUE_IDS.sca, organizationId: ORG_ID }, schemas.issueSchema);
    expect(issue.vulnCategory).toBe('SCA');
    expect(issue.scaReachabilityAnalyses?.length).toBeGreaterThan(0);
    expect(issue.patch?.prLink).toMatch(/^https:\/\//);
  });

  test.each([
    ['an unknown app', P.repositories, { appId: '999' }, 404, /installation 999 not found/],
    ['a missing appId', P.repositories, {}, 400, /appId is required/],
    [
      'another organisation',
      P.repositories,
      { organizationId: 'org_other', appId: APP_ID },
      404,
      /organization org_other not found/,
    ],
    [
      'a repository without a schedule',
      P.schedule,
      { repositoryId: UNSCHEDULED_REPO.id },
      404,
      /no scan schedule for repository repo_legacy/,
    ],
    [
      'an unknown repository schedule',
      P.schedule,
      { repositoryId: 'repo_nope' },
      404,
      /repository repo_nope not found/,
    ],
    ['an unknown issue', P.issue, { issueId: 'issue_nope' }, 404, /issue issue_nope not found/],
    ['a missing issueId', P.issue, {}, 400, /issueId is required/],
    ['an inherited property name as issue id', P.issue, { issueId: 'constructor' }, 404, /not found/],
  ])('%s', async (_name, path, body, status, message) => {
    await rejected(path, body, status, message);
  });
});

describe('referral/create', () => {
  test('creates a referral with a v4 UUID and stores it', async () => {
    const created = await ok(
      P.referral,
      makeReferral({ notes: 'met at a conference' }),
      schemas.referralResponseSchema,
    );
    expect(created.referralId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sim.state.referrals).toEqual([expect.objectContaining({ referralId: created.referralId })]);
  });

  test.each([
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
    ['mobilePhone', { mobilePhone: '123' }],
    ['companyName', { companyName: undefined }],
    ['referrerEmail', { referrerEmail: 'a@b' }],
    ['type', { type: 'TRIAL' }],
    ['notes', { notes: 'x'.repeat(1001) }],
  ])('400 naming %s', async (field, override) => {
    await rejected(P.referral, makeReferral(override), 400, new RegExp(field));
    expect(sim.state.referrals).toEqual([]);
  });
});

describe('repositories/set-*', () => {
  test('each setting changes the repository state', async () => {
    await ok(
      P.cweWhitelist,
      { organizationId: ORG_ID, repositoryId: MAIN_REPO.id, cweWhitelist: ['CWE-79', 'CWE-89'] },
      schemas.okResponseSchema,
    );
    await ok(P.maxPrTimeout, { repositoryId: MAIN_REPO.id, maxPrTimeoutMinutes: 90 }, schemas.okResponseSchema);
    await ok(P.prScanning, { repositoryId: MAIN_REPO.id, isPrScanningEnabled: false }, schemas.okResponseSchema);
    expect(sim.state.settings[MAIN_REPO.id]).toEqual({
      cweWhitelist: ['CWE-79', 'CWE-89'],
      maxPrTimeoutMinutes: 90,
      isPrScanningEnabled: false,
    });
    await ok(P.cweWhitelist, { repositoryId: MAIN_REPO.id, cweWhitelist: [] }, schemas.okResponseSchema);
    expect(sim.state.settings[MAIN_REPO.id]?.cweWhitelist).toEqual([]);
  });

  test.each([
    [
      'a whitelist that is not a list',
      P.cweWhitelist,
      { cweWhitelist: 'CWE-79' },
      /cweWhitelist must be an array of strings/,
    ],
    ['a whitelist of numbers', P.cweWhitelist, { cweWhitelist: [79] }, /cweWhitelist/],
    ['a zero timeout', P.maxPrTimeout, { maxPrTimeoutMinutes: 0 }, /maxPrTimeoutMinutes must be a positive number/],
    ['a timeout as a string', P.maxPrTimeout, { maxPrTimeoutMinutes: '30' }, /maxPrTimeoutMinutes/],
    ['pr scanning as a string', P.prScanning, { isPrScanningEnabled: 'true' }, /isPrScanningEnabled must be a boolean/],
  ])('400 for %s, state unchanged', async (_name, path, body, message) => {
    const before = structuredClone(sim.state.settings);
    await rejected(path, { repositoryId: MAIN_REPO.id, ...body }, 400, message);
    expect(sim.state.settings).toEqual(before);
  });

  test.each([P.cweWhitelist, P.maxPrTimeout, P.prScanning])('%s: 404 for an unknown repository', async (path) => {
    await rejected(
      path,
      { repositoryId: 'repo_nope', cweWhitelist: [], maxPrTimeoutMinutes: 5, isPrScanningEnabled: true },
      404,
      /repository repo_nope not found/,
    );
  });
});
