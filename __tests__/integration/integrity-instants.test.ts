// Instants are instants, end to end through dist/ (contract: "Verdict integrity", "Instants are
// instants"; "VEX statements", "Which statement wins"; "Pull requests and time", "Grace periods"):
// a date-time the gate compares is RFC 3339 with a zone. A VEX time without one, or on a day that does
// not exist, is an input error naming the file and the statement, whatever the runner's TZ; an
// alert's createdAt without one has no grace period. Expectations come from the documents and alerts
// each test writes, read as the contract words them.
import { describe, expect, test } from '@jest/globals';
import { CLEAN_REPO } from '../../simulator/data.js';
import { CLEAN, errorText, useSimulator, type GateOptions } from './harness.js';
import { serviceAlert } from './introduced-fixtures.js';
import { alertOf, REPORT, vexDocument } from './vex-fixtures.js';

const h = useSimulator();

const PUSH_ON_CLEAN: GateOptions = { ...CLEAN, eventName: 'push' };
const LODASH = 'GHSA-35jh-r3h4-6jhm';
const PRODUCT = 'pkg:npm/lodash@4.17.20';
const DAY = 86_400_000;

const lodashAlert = () => serviceAlert('alert_lodash', LODASH, PRODUCT, 'critical');

function judge(files: Record<string, string>, env: Record<string, string> = {}, inputs: Record<string, string> = {}) {
  h.sim.state.alerts[CLEAN_REPO.id] = [lodashAlert()];
  return h.gate(
    { 'vex-files': Object.keys(files).join('\n'), 'report-file': REPORT, 'max-retries': '0', ...inputs },
    { ...PUSH_ON_CLEAN, files, env },
  );
}

const NOT_AFFECTED = { status: 'not_affected', justification: 'vulnerable_code_not_present' };
const AFFECTED = { status: 'affected', action_statement: 'Upgrade to 4.17.21' };

describe('a VEX time is RFC 3339 with a zone: the verdict never depends on TZ', () => {
  // 10:00 without a zone is 10:00Z in UTC (after 05:00Z: the not_affected statement would win) and
  // 01:00Z in Tokyo (before it: the affected one would win). It is neither: it is no instant.
  const files = {
    'a.json': vexDocument('urn:a', [
      { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, last_updated: '2025-06-01T10:00:00' },
    ]),
    'b.json': vexDocument('urn:b', [
      { vulnerability: LODASH, products: [PRODUCT], ...AFFECTED, last_updated: '2025-06-01T05:00:00Z' },
    ]),
  };

  test('a time without a zone is an input error naming the file and the statement, in UTC and in Tokyo alike', async () => {
    const utc = await judge(files, { TZ: 'UTC' });
    const tokyo = await judge(files, { TZ: 'Asia/Tokyo' });
    for (const run of [utc, tokyo]) {
      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
      expect(errorText(run)).toContain('vex-files a.json: statements[0]: last_updated: "2025-06-01T10:00:00"');
    }
    expect(errorText(tokyo)).toBe(errorText(utc));
    // An input error: nothing asked of the service.
    expect(h.sim.requests).toEqual([]);
  });

  test('with zones, the instants decide, whatever TZ: 10:00+09:00 is before 05:00Z', async () => {
    const zoned = {
      'a.json': vexDocument('urn:a', [
        { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, last_updated: '2025-06-01t10:00:00+09:00' },
      ]),
      'b.json': vexDocument('urn:b', [
        { vulnerability: LODASH, products: [PRODUCT], ...AFFECTED, last_updated: '2025-06-01T05:00:00.5z' },
      ]),
    };
    for (const TZ of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      const run = await judge(zoned, { TZ });
      expect({ TZ, result: run.outputs.result, vex: alertOf(run, 'alert_lodash').vex?.document }).toEqual({
        TZ,
        result: 'fail',
        vex: 'urn:b',
      });
    }
  });
});

describe('a VEX time that is not a real date-time is an input error naming the file and the statement', () => {
  test('a day February lacks, a bare number, a document time: every one at once', async () => {
    const doc = vexDocument(
      'urn:doc',
      [
        { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, timestamp: '2025-02-30T00:00:00Z' },
        { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, last_updated: '1' },
        { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, timestamp: '2025-02-28T00:00:00Z' },
      ],
      { timestamp: '2024-13-01T00:00:00Z' },
    );
    const run = await judge({ 'vex.json': doc });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    const text = errorText(run);
    expect(text).toContain('vex-files vex.json: statements[0]: timestamp: "2025-02-30T00:00:00Z"');
    expect(text).toContain('vex-files vex.json: statements[1]: last_updated: "1"');
    expect(text).toContain('vex-files vex.json: timestamp: "2024-13-01T00:00:00Z"');
    expect(text).not.toContain('statements[2]');
    expect(h.sim.requests).toEqual([]);
  });
});

describe('an alert whose createdAt has no zone has no grace period', () => {
  test('zone-less: gating; the same instant with a zone: due', async () => {
    const created = new Date(Date.now() - 5 * DAY);
    const zoneless = created.toISOString().slice(0, 19); // 2025-…T…:…:… : no Z, no offset
    const zoned = `${zoneless}+00:00`;
    const other = 'GHSA-hrpp-h998-j3pp';
    h.sim.state.alerts[CLEAN_REPO.id] = [
      { ...lodashAlert(), createdAt: zoneless },
      { ...serviceAlert('alert_qs', other, 'pkg:npm/qs@6.7.0', 'critical'), createdAt: zoned },
    ];
    for (const TZ of ['UTC', 'Asia/Tokyo']) {
      const run = await h.gate(
        { 'grace-days': 'critical=30', 'report-file': REPORT, 'max-retries': '0' },
        { ...PUSH_ON_CLEAN, env: { TZ } },
      );
      // Due 30 days after the zoned createdAt, its UTC date.
      const dueOn = new Date(Date.parse(`${zoneless}Z`) + 30 * DAY).toISOString().slice(0, 10);
      const statusOf = (id: string) => {
        const { status, dueOn: due } = alertOf(run, id) as unknown as { status: string; dueOn: string | null };
        return { status, dueOn: due };
      };
      expect({ TZ, lodash: statusOf('alert_lodash'), qs: statusOf('alert_qs') }).toEqual({
        TZ,
        lodash: { status: 'gating', dueOn: null },
        qs: { status: 'due', dueOn },
      });
      expect(run.outputs).toMatchObject({ result: 'fail', 'gating-count': '1', 'due-count': '1' });
    }
  });
});
