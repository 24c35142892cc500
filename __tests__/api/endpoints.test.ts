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
  api = createEndpoints(
    createClient({ baseUrl: sim.url, tokenId: DEMO_TOKEN.id, tokenSecret: DEMO_TOKEN.secret, maxRetries: 0 }),
  );
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each row checks its own endpoint's answer
type Check = (value: any) => void;
const calls: Array<[keyof Endpoints, () => Promise<unknown>, Check]> = [
  [
    'securityPosture',
    () => api.securityPosture({ ...window, timeGranularity: 'day', severities: ['critical'] }),
    (v) => expect(v.trends).toHaveLength(7),
  ],
  ['timeSaved', () => api.timeSaved(window), (v) => expect(v.totalMinutesSaved).toBeGreaterThan(0)],
  [
    'searchPackages',
    () => api.searchPackages({ ...org, repositoryIds: [MAIN_REPO.id], page: 1, pageSize: 100 }),
    (v) => expect(v.packages.length).toBeGreaterThan(0),
  ],
  [
    'searchLicenses',
    () => api.searchLicenses({ ...org, repositoryIds: [MAIN_REPO.id] }),
    (v) => expect(v.licenses.length).toBeGreaterThan(0),
  ],
  [
    'searchAlerts',
    () => api.searchAlerts({ ...org, repositoryIds: [MAIN_REPO.id], page: 1, pageSize: 100, severities: ['critical'] }),
    (v) => expect(v.totalCount).toBeGreaterThan(0),
  ],
  [
    'listRepositories',
    () => api.listRepositories({ ...org, appId: APP_ID }),
    (v) => expect(v.map((r: { id: string }) => r.id)).toContain(CLEAN_REPO.id),
  ],
  ['getSchedule', () => api.getSchedule(repo), (v) => expect(v.crontab).toBe('0 2 * * 1-5')],
  ['getIssue', () => api.getIssue({ ...org, issueId: ISSUE_IDS.sca }), (v) => expect(v.vulnCategory).toBe('SCA')],
  ['createReferral', () => api.createReferral(referral), (v) => expect(v.success).toBe(true)],
  [
    'setCweWhitelist',
    () => api.setCweWhitelist({ ...repo, cweWhitelist: ['CWE-79'] }),
    (v) => expect(v).toEqual({ ok: true }),
  ],
  [
    'setMaxPrTimeout',
    () => api.setMaxPrTimeout({ ...repo, maxPrTimeoutMinutes: 30 }),
    (v) => expect(v).toEqual({ ok: true }),
  ],
  [
    'setPrScanning',
    () => api.setPrScanning({ ...repo, isPrScanningEnabled: false }),
    (v) => expect(v).toEqual({ ok: true }),
  ],
];

describe('each endpoint against the simulator', () => {
  test.each(calls)('%s: POSTs to its path and returns the parsed answer', async (name, call, check) => {
    check(await call());
    expect(sim.requests.map((r) => r.path)).toEqual([PATHS[name]]);
  });

  test.each(calls)(
    '%s: an answer that is not even the right kind of JSON value is an invalid-response ApiError',
    async (name, call) => {
      sim.script(PATHS[name], { body: 42 });
      await expect(call()).rejects.toMatchObject({ kind: 'invalid-response', endpoint: PATHS[name] });
    },
  );

  // Time saved only feeds the reports (every field reads as "not available"); a schedule without a
  // crontab is no schedule. Every other answer needs something an object of the wrong shape lacks.
  const TOLERANT: Array<keyof Endpoints> = ['timeSaved', 'getSchedule'];
  test.each(calls.filter(([name]) => !TOLERANT.includes(name)))(
    '%s: an object of the wrong shape is an invalid-response ApiError',
    async (name, call) => {
      sim.script(PATHS[name], { body: { unexpected: true } });
      await expect(call()).rejects.toMatchObject({ kind: 'invalid-response', endpoint: PATHS[name] });
    },
  );

  test('timeSaved: an object of the wrong shape reads as no figures', async () => {
    sim.script(PATHS.timeSaved, { body: { unexpected: true } });
    expect(await api.timeSaved(window)).toEqual({
      totalMinutesSaved: null,
      patchingMinutesSaved: null,
      validationMinutesSaved: null,
    });
  });

  test('getSchedule: an object of the wrong shape reads as no schedule', async () => {
    sim.script(PATHS.getSchedule, { body: { unexpected: true } });
    expect(await api.getSchedule(repo)).toBeNull();
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
    [
      'referral notes over 1000 characters',
      () => api.createReferral({ ...referral, notes: 'x'.repeat(1001) }),
      'notes',
    ],
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
      summary: {
        overAllRiskScore: 50,
        totalOpenIssues: 3,
        criticalIssues: 1,
        highIssues: 1,
        mediumIssues: 1,
        lowIssues: 0,
        meanRemediationTime: 2,
        riskTrend: 'stable',
      },
      trends: [{ date: '2026-11-01', openIssues: 3, riskScore: 50 }],
      repositoryRiskScores: [],
    };
    sim.script(PATHS.securityPosture, { body: [minimal] });
    const posture = await api.securityPosture(window);
    expect(posture?.summary.overAllRiskScore).toBe(50);
    expect(posture?.trends).toEqual([{ date: '2026-11-01', openIssues: 3, riskScore: 50 }]);
  });

  test('statistics the posture leaves out or sends as null read as not available (null)', async () => {
    sim.script(PATHS.securityPosture, {
      body: [{ summary: { overAllRiskScore: null, riskTrend: null }, trends: [], repositoryRiskScores: [] }],
    });
    expect(await api.securityPosture(window)).toEqual({
      summary: {
        overAllRiskScore: null,
        totalOpenIssues: null,
        criticalIssues: null,
        highIssues: null,
        mediumIssues: null,
        lowIssues: null,
        meanRemediationTime: null,
        riskTrend: null,
      },
      trends: [],
      repositoryRiskScores: [],
    });
  });

  test('no posture for the window (an empty array) reads as null', async () => {
    sim.script(PATHS.securityPosture, { body: [] });
    expect(await api.securityPosture(window)).toBeNull();
  });
});

describe('the tolerant reader: what the service sends, as the model', () => {
  /** One alert as service-api.md documents it. */
  const wireAlert = (over: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
    id: 'sca_1',
    isAlerted: true,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-02T10:00:00Z',
    languages: ['javascript'],
    reachabilityCounts: { reachable: 1, needsReview: 0, unreachable: 2 },
    ...over,
    metadata: {
      id: 'GHSA-aaaa-bbbb-cccc',
      packageIdentifier: 'pkg:npm/lodash@4.17.20',
      summary: 'Prototype pollution',
      description: 'A description',
      aliases: ['CVE-2026-1'],
      references: ['https://github.com/advisories/GHSA-aaaa-bbbb-cccc'],
      severity: 'critical',
      severityScore: 9.8,
      ...metadata,
    },
  });
  async function readAlerts(...alerts: unknown[]) {
    sim.script(PATHS.searchAlerts, { body: { alerts, totalCount: alerts.length, page: 1, pageSize: 100 } });
    return (await api.searchAlerts({ ...org, repositoryIds: [MAIN_REPO.id], page: 1, pageSize: 100 })).alerts;
  }
  async function readAlert(alert: unknown) {
    const [read] = await readAlerts(alert);
    if (!read?.ok) throw new Error(`expected a readable alert, got ${JSON.stringify(read)}`);
    return read.value;
  }

  test('an alert becomes the flat model Alert', async () => {
    expect(await readAlert(wireAlert())).toEqual({
      id: 'sca_1',
      advisory: 'GHSA-aaaa-bbbb-cccc',
      aliases: ['CVE-2026-1'],
      severity: 'critical',
      score: 9.8,
      alerted: true,
      reachability: { reachable: 1, needsReview: 0, unreachable: 2 },
      package: 'pkg:npm/lodash@4.17.20',
      summary: 'Prototype pollution',
      description: 'A description',
      references: ['https://github.com/advisories/GHSA-aaaa-bbbb-cccc'],
      languages: ['javascript'],
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-02T10:00:00Z',
    });
  });

  test('an alert without an id is an error of its own, naming the field; the others are read', async () => {
    const { id: _id, ...withoutId } = wireAlert();
    const alerts = await readAlerts(wireAlert({ id: 'sca_1' }), withoutId, wireAlert({ id: 'sca_3' }));
    expect(alerts.map((a) => a.ok)).toEqual([true, false, true]);
    expect(alerts[1]).toEqual({ ok: false, error: expect.stringMatching(/^id: /) });
    expect(alerts.flatMap((a) => (a.ok ? [a.value.id] : []))).toEqual(['sca_1', 'sca_3']);
  });

  /** The report-only fields of an alert that came without them. */
  const REPORT_ONLY_EMPTY = {
    languages: [],
    createdAt: null,
    updatedAt: null,
    summary: '',
    description: '',
    aliases: [],
    references: [],
    package: '',
  };

  test.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    ['isAlerted missing: alerted', { isAlerted: undefined }, {}, { alerted: true }],
    ['isAlerted null: alerted', { isAlerted: null }, {}, { alerted: true }],
    ['isAlerted false: not alerted', { isAlerted: false }, {}, { alerted: false }],
    ['reachabilityCounts {}: not analysed', { reachabilityCounts: {} }, {}, { reachability: null }],
    ['reachabilityCounts null: not analysed', { reachabilityCounts: null }, {}, { reachability: null }],
    [
      'a count that is no whole number: not analysed (never "only unreachable")',
      { reachabilityCounts: { reachable: 0, needsReview: 0, unreachable: 0.5 } },
      {},
      { reachability: null },
    ],
    [
      'reachabilityCounts missing a count: not analysed',
      { reachabilityCounts: { reachable: 1, needsReview: 0 } },
      {},
      { reachability: null },
    ],
    [
      'a score as a numeric string: the number',
      {},
      { severity: null, severityScore: '9.8' },
      { score: 9.8, severity: 'critical' },
    ],
    [
      'a score that is not a number: none',
      {},
      { severity: null, severityScore: 'high' },
      { score: null, severity: 'unknown' },
    ],
    ['severity important: high', {}, { severity: 'important', severityScore: 2.0 }, { severity: 'high', score: 2 }],
    [
      'severity moderate: medium',
      {},
      { severity: 'Moderate', severityScore: null },
      { severity: 'medium', score: null },
    ],
    [
      'report-only fields null: empty',
      { languages: null, createdAt: null, updatedAt: null },
      { summary: null, description: null, aliases: null, references: null, packageIdentifier: null },
      REPORT_ONLY_EMPTY,
    ],
    [
      'report-only fields missing: empty',
      { languages: undefined, createdAt: undefined, updatedAt: undefined },
      {
        summary: undefined,
        description: undefined,
        aliases: undefined,
        references: undefined,
        packageIdentifier: undefined,
      },
      REPORT_ONLY_EMPTY,
    ],
  ])('%s', async (_case, over, metadata, expected) => {
    expect(await readAlert(wireAlert(over, metadata))).toMatchObject(expected);
  });

  describe('alerts of one advisory (read once, shared)', () => {
    test('alerts with the same metadata share one copy of the advisory texts, each with its own fields', async () => {
      const [a, b] = await readAlerts(
        wireAlert({ id: 'sca_1' }),
        wireAlert({ id: 'sca_2', isAlerted: false, languages: ['python'], reachabilityCounts: null }),
      );
      if (!a?.ok || !b?.ok) throw new Error('expected both alerts read');
      expect(b.value).toMatchObject({ id: 'sca_2', alerted: false, languages: ['python'], reachability: null });
      expect(b.value.references).toBe(a.value.references);
      expect(b.value.aliases).toBe(a.value.aliases);
      expect(a.value).toMatchObject({ id: 'sca_1', alerted: true, languages: ['javascript'] });
    });

    test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
      ['another summary', { summary: 'Something else' }, { summary: 'Something else' }],
      ['another package', { packageIdentifier: 'pkg:npm/lodash@4.17.21' }, { package: 'pkg:npm/lodash@4.17.21' }],
      [
        'one more reference',
        { references: ['https://a.example', 'https://b.example'] },
        { references: ['https://a.example', 'https://b.example'] },
      ],
      ['the score as a numeric string', { severity: null, severityScore: '7.5' }, { severity: 'high', score: 7.5 }],
      ['the severity in other words', { severity: 'Important' }, { severity: 'high' }],
    ])('the same advisory id with %s is read from its own metadata', async (_case, metadata, expected) => {
      const [, other] = await readAlerts(wireAlert({ id: 'sca_1' }), wireAlert({ id: 'sca_2' }, metadata));
      if (!other?.ok) throw new Error(`expected the second alert read, got ${JSON.stringify(other)}`);
      expect(other.value).toMatchObject({ id: 'sca_2', ...expected });
    });

    test('a known advisory does not spare the rest of the alert its checks', async () => {
      const alerts = await readAlerts(
        wireAlert({ id: 'sca_1' }),
        wireAlert({ id: '  ' }),
        wireAlert({ id: 'sca_3', reachabilityCounts: { reachable: 0, needsReview: 0, unreachable: 0.5 } }),
      );
      expect(alerts[1]).toEqual({ ok: false, error: expect.stringMatching(/^id: /) });
      expect(alerts[2]).toMatchObject({ ok: true, value: { id: 'sca_3', reachability: null } });
    });
  });

  test('posture trend dates given as date-times are read as their date, and the trends put in date order', async () => {
    sim.script(PATHS.securityPosture, {
      body: [
        {
          summary: { overAllRiskScore: '42.5' },
          trends: [
            { date: '2026-11-03T00:00:00Z', openIssues: 3, riskScore: 30 },
            { date: '2026-11-01T23:59:59.999+02:00', openIssues: '1', riskScore: null },
            { date: '2026-11-02', openIssues: 2, riskScore: 20 },
          ],
          repositoryRiskScores: [{ id: MAIN_REPO.id, name: null, riskScore: '7', openIssues: 2, criticalIssues: null }],
        },
      ],
    });
    const posture = await api.securityPosture(window);
    expect(posture?.trends).toEqual([
      { date: '2026-11-01', openIssues: 1, riskScore: null },
      { date: '2026-11-02', openIssues: 2, riskScore: 20 },
      { date: '2026-11-03', openIssues: 3, riskScore: 30 },
    ]);
    expect(posture?.summary.overAllRiskScore).toBe(42.5);
    expect(posture?.repositoryRiskScores).toEqual([
      { id: MAIN_REPO.id, name: '', riskScore: 7, openIssues: 2, criticalIssues: null },
    ]);
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['a null crontab', { repoId: MAIN_REPO.id, executionCriteriaCrontab: null, isEnabled: true }],
    ['an empty crontab', { repoId: MAIN_REPO.id, executionCriteriaCrontab: '  ', isEnabled: true }],
  ])('a schedule answer of %s reads as no schedule (null)', async (_case, body) => {
    sim.script(PATHS.getSchedule, { body });
    expect(await api.getSchedule(repo)).toBeNull();
  });

  test('a schedule reads as its crontab, enabled unless the service says otherwise', async () => {
    sim.script(
      PATHS.getSchedule,
      { body: { repoId: MAIN_REPO.id, executionCriteriaCrontab: '0 3 * * *', isEnabled: false } },
      { body: { repoId: MAIN_REPO.id, executionCriteriaCrontab: '0 3 * * *', isEnabled: null } },
    );
    expect(await api.getSchedule(repo)).toEqual({ repoId: MAIN_REPO.id, crontab: '0 3 * * *', isEnabled: false });
    expect(await api.getSchedule(repo)).toEqual({ repoId: MAIN_REPO.id, crontab: '0 3 * * *', isEnabled: true });
  });
});
