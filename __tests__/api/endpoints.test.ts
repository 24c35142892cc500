// Every endpoint function of the client against the simulator: the happy path, a response that
// does not match the spec's schema, and the requests refused before sending.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { ApiError, createClient } from '../../src/api/client.js';
import { createEndpoints, PATHS, type Endpoints } from '../../src/api/endpoints.js';
import { APP_ID, CLEAN_REPO, DEMO_TOKEN, ISSUE_IDS, MAIN_REPO, ORG_ID } from '../../simulator/data.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { makeReferral } from '../fixtures/referral.js';

let sim: Simulator;
let api: Endpoints;
beforeAll(async () => {
  sim = await startSimulator();
  api = createEndpoints(createClient({ baseUrl: sim.url, tokenId: DEMO_TOKEN.id, tokenSecret: DEMO_TOKEN.secret, maxRetries: 0 }));
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.reset());

const org = { organizationId: ORG_ID };
const repo = { ...org, repositoryId: MAIN_REPO.id };
const window = { ...org, startDate: '2026-11-01', endDate: '2026-11-07' };
const referral = makeReferral();

// [endpoint, call, a check of the parsed answer]
const calls: Array<[keyof Endpoints, () => Promise<unknown>, (value: any) => void]> = [
  ['securityPosture', () => api.securityPosture({ ...window, timeGranularity: 'day', severities: ['critical'] }), (v) => expect(v[0].trends).toHaveLength(7)],
  ['timeSaved', () => api.timeSaved(window), (v) => expect(v.totalMinutesSaved).toBeGreaterThan(0)],
  ['searchPackages', () => api.searchPackages({ ...org, repositoryIds: [MAIN_REPO.id], page: 1, pageSize: 100 }), (v) => expect(v.packages.length).toBeGreaterThan(0)],
  ['searchLicenses', () => api.searchLicenses({ ...org, repositoryIds: [MAIN_REPO.id] }), (v) => expect(v.licenses.length).toBeGreaterThan(0)],
  ['searchAlerts', () => api.searchAlerts({ ...org, repositoryIds: [MAIN_REPO.id], page: 1, pageSize: 100, severities: ['critical'] }), (v) => expect(v.totalCount).toBeGreaterThan(0)],
  ['listRepositories', () => api.listRepositories({ ...org, appId: APP_ID }), (v) => expect(v.map((r: { id: string }) => r.id)).toContain(CLEAN_REPO.id)],
  ['getSchedule', () => api.getSchedule(repo), (v) => expect(v.executionCriteriaCrontab).toBe('0 2 * * 1-5')],
  ['getIssue', () => api.getIssue({ ...org, issueId: ISSUE_IDS.sca }), (v) => expect(v.vulnCategory).toBe('SCA')],
  ['createReferral', () => api.createReferral(referral), (v) => expect(v.success).toBe(true)],
  ['setCweWhitelist', () => api.setCweWhitelist({ ...repo, cweWhitelist: ['CWE-79'] }), (v) => expect(v).toEqual({ ok: true })],
  ['setMaxPrTimeout', () => api.setMaxPrTimeout({ ...repo, maxPrTimeoutMinutes: 30 }), (v) => expect(v).toEqual({ ok: true })],
  ['setPrScanning', () => api.setPrScanning({ ...repo, isPrScanningEnabled: false }), (v) => expect(v).toEqual({ ok: true })],
];

describe('each endpoint against the simulator', () => {
  test.each(calls)('%s: POSTs to its path and returns the parsed answer', async (name, call, check) => {
    check(await call());
    expect(sim.requests.map((r) => r.path)).toEqual([PATHS[name]]);
  });

  test.each(calls)('%s: an answer of the wrong shape is an invalid-response ApiError', async (name, call) => {
    sim.script(PATHS[name], { body: { unexpected: true } });
    await expect(call()).rejects.toMatchObject({ kind: 'invalid-response', endpoint: PATHS[name] });
  });
});

describe('the settings endpoints change what the service holds', () => {
  test('later reads of the simulator state show the change', async () => {
    await api.setMaxPrTimeout({ ...repo, maxPrTimeoutMinutes: 45 });
    await api.setCweWhitelist({ ...repo, cweWhitelist: [] });
    expect(sim.state.settings[MAIN_REPO.id]).toMatchObject({ maxPrTimeoutMinutes: 45, cweWhitelist: [] });
  });
});

describe('requests refused before sending', () => {
  test.each([
    ['referral with an empty first name', () => api.createReferral({ ...referral, firstName: '' }), 'firstName'],
    ['referral with a bad email', () => api.createReferral({ ...referral, email: 'not-an-email' }), 'email'],
    ['referral with a short phone', () => api.createReferral({ ...referral, mobilePhone: '12345' }), 'mobilePhone'],
    ['referral of another type', () => api.createReferral(makeReferral({ type: 'SALES' })), 'type'],
    ['referral notes over 1000 characters', () => api.createReferral({ ...referral, notes: 'x'.repeat(1001) }), 'notes'],
    ['alerts page 0', () => api.searchAlerts({ page: 0 }), 'page'],
    ['alerts pageSize 0', () => api.searchAlerts({ pageSize: 0 }), 'pageSize'],
    ['issue without an id', () => api.getIssue({ issueId: '' }), 'issueId'],
  ])('%s', async (_name, call, field) => {
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'request' });
    expect((error as ApiError).message).toContain(field);
    expect(sim.requests).toHaveLength(0);
  });
});

describe('fields the action never reads may be missing', () => {
  test('a posture with only the fields the reports use parses', async () => {
    const minimal = {
      summary: { overAllRiskScore: 50, totalOpenIssues: 3, criticalIssues: 1, highIssues: 1, mediumIssues: 1, lowIssues: 0, meanRemediationTime: 2, riskTrend: 'stable' },
      trends: [{ date: '2026-11-01', openIssues: 3, riskScore: 50 }],
      repositoryRiskScores: [],
    };
    sim.script(PATHS.securityPosture, { body: [minimal] });
    const [posture] = await api.securityPosture(window);
    expect(posture?.summary.overAllRiskScore).toBe(50);
  });

  test('a field the action reads is still required', async () => {
    sim.script(PATHS.securityPosture, { body: [{ summary: {}, trends: [], repositoryRiskScores: [] }] });
    await expect(api.securityPosture(window)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
