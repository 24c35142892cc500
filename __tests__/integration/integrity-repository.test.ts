// The contract's "The right repository, again" and the outputs that carry service text, through the
// bundled action against the simulator: an installation entry that is another GitHub repository
// never matches by URL or name; a repository-id with app-id that the installation does not list
// stops the run before any alert is judged, even when the service holds alerts under that id; and
// `schedule` and `repository-id` hold no line break or control character whatever the service sends.
import { describe, expect, test } from '@jest/globals';
import { GITLAB_REPO, MAIN_REPO, UNSCHEDULED_REPO } from '../../simulator/data.js';
import type { Repository } from '../../simulator/wire.js';
import { errorText, PATHS, plain, SETTINGS_PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

const repo = (id: string): Repository => {
  const found = h.sim.state.repositories.find((r) => r.id === id);
  if (!found) throw new Error(`no repository ${id} in the simulator's data`);
  return found;
};

/** A push to `repository` whose event names the GitHub repository `eventId`. */
const pushOf = (repository: string, eventId: number) => ({
  repository,
  eventName: 'push',
  event: { repository: { id: eventId, full_name: repository } },
});

/** Stopped at the resolution: exit 1, result error, nothing of any repository read or changed. */
function expectUnresolved(run: GateRun): string {
  expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
  const allowed: string[] = [PATHS.repositories, PATHS.posture, PATHS.timeSaved];
  expect(h.sim.requests.map((r) => r.path).filter((path) => !allowed.includes(path))).toEqual([]);
  return errorText(run);
}

describe('an entry whose externalGithubRepositoryId names another GitHub repository never matches by URL or name', () => {
  test.each([
    ['by URL', { repositoryName: 'legacy (renamed in the service)' }],
    ['by name', { repositoryUrl: 'https://git-mirror.acme.example/scm/legacy' }],
  ])(
    'an event repository.id the service does not know: acme/legacy-api (another GitHub id) is not matched %s',
    async (_name, change) => {
      Object.assign(repo(UNSCHEDULED_REPO.id), change);
      const run = await h.gate({}, pushOf(UNSCHEDULED_REPO.name, 1));
      const message = expectUnresolved(run);
      expect(message).toContain('no repository of app');
      expect(message).toContain(UNSCHEDULED_REPO.id); // listed as seen
    },
  );

  test('a repository deleted and re-created on GitHub: the old entry (same URL and name, old id) is not this one', async () => {
    // acme/webshop re-created: GitHub gave it the id 777; the service still holds the old repository's entry
    const run = await h.gate({}, pushOf(MAIN_REPO.name, 777));
    const message = expectUnresolved(run);
    expect(message).toContain(`github.externalGithubRepositoryId = 777`);
    expect(message).toContain(MAIN_REPO.id);
    expect(run.outputs['repository-id']).toBe('');
  });

  test.each([
    ['empty', ''],
    ['null', null],
  ])('an entry whose GitHub id is %s still matches by URL', async (_name, externalId) => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    legacy.github = { ...legacy.github!, externalGithubRepositoryId: externalId as string };
    legacy.repositoryName = 'legacy (renamed in the service)';
    const run = await h.gate({}, pushOf(UNSCHEDULED_REPO.name, 1));
    expect(run.outputs['repository-id']).toBe(UNSCHEDULED_REPO.id);
    for (const r of h.requests(PATHS.alerts)) expect(r.body).toMatchObject({ repositoryIds: [UNSCHEDULED_REPO.id] });
  });

  test('of two entries with this URL, the one without a GitHub id is picked, not the one of another GitHub repository', async () => {
    const legacy = repo(UNSCHEDULED_REPO.id);
    h.sim.state.repositories.push({
      ...structuredClone(legacy),
      id: 'repo_legacy_unlinked',
      github: { ...legacy.github!, externalGithubRepositoryId: '' },
    });
    h.sim.state.alerts.repo_legacy_unlinked = [];
    const run = await h.gate({}, pushOf(UNSCHEDULED_REPO.name, 1));
    expect(run.outputs['repository-id']).toBe('repo_legacy_unlinked');
  });
});

describe('a repository-id with app-id that the installation does not list stops the run before any alert is judged', () => {
  // acme-group/payments-service belongs to the GitLab installation, not to app 4242, and the service
  // holds alerts under its id (a critical one among them).
  test.each([
    ['alerts that would fail the gate', 'critical', 'fail'],
    ['alerts that would pass', 'none', 'warn'],
  ])(
    '%s: a setup error that fails whatever on-api-error says, no verdict, no setting sent',
    async (_name, threshold, mode) => {
      expect(h.sim.state.alerts[GITLAB_REPO.id]?.length).toBeGreaterThan(0);
      const run = await h.gate({
        'repository-id': GITLAB_REPO.id,
        'fail-on-severity': threshold,
        'on-api-error': mode,
        'set-pr-scanning': 'false',
        'set-max-pr-timeout-minutes': '20',
        'report-file': 'report.json',
      });
      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
      expect(errorText(run)).toContain(`repository-id ${GITLAB_REPO.id} is not a repository of app`);
      for (const path of SETTINGS_PATHS) expect(h.requests(path)).toEqual([]);
      expect(h.sim.state.settings[GITLAB_REPO.id]).toMatchObject({
        isPrScanningEnabled: true,
        maxPrTimeoutMinutes: 30,
      });
      // no verdict: no alert of that repository is counted, judged, listed or annotated
      expect(['', '0']).toContain(run.outputs['alerts-total']);
      expect(['', '0']).toContain(run.outputs['gating-count']);
      expect((JSON.parse(run.files['report.json']!) as { alerts: unknown[] }).alerts).toEqual([]);
      const text = plain(run.summary);
      expect(text).toMatch(/no verdict/i);
      for (const alert of h.sim.state.alerts[GITLAB_REPO.id]!) {
        expect(text).not.toContain(alert.metadata.id);
        expect(run.stdout).not.toContain(alert.metadata.id);
      }
    },
  );
});

describe('outputs that carry service text hold no line break or control character', () => {
  const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

  test('schedule: a crontab with line breaks and escapes comes out on one line', async () => {
    h.sim.state.schedules[MAIN_REPO.id]!.executionCriteriaCrontab =
      '0 2 * * 1-5\n::set-output name=result::pass\r\n\u001b[31mred\u0085\u2028x\u0000';
    const run = await h.gate();
    expect(run.outputs.schedule).toMatch(/^0 2 \* \* 1-5\b/);
    expect(run.outputs.schedule).not.toMatch(CONTROL);
    expect(run.outputs.result).toBe('fail'); // the verdict stands: the schedule only feeds the reports
  });

  test('repository-id: a resolved id with a line break comes out on one line; the reads still use the id as sent', async () => {
    const odd = `${MAIN_REPO.id}\n::set-output name=result::pass\u001b[0m`;
    const { state } = h.sim;
    repo(MAIN_REPO.id).id = odd;
    state.alerts[odd] = state.alerts[MAIN_REPO.id]!;
    delete state.alerts[MAIN_REPO.id];
    const run = await h.gate();
    expect(run.outputs['repository-id']).toMatch(new RegExp(`^${MAIN_REPO.id}\\b`));
    expect(run.outputs['repository-id']).not.toMatch(CONTROL);
    expect(h.requests(PATHS.alerts).length).toBeGreaterThan(0);
    for (const r of h.requests(PATHS.alerts)) expect(r.body).toMatchObject({ repositoryIds: [odd] });
    expect(run.outputs.result).toBe('fail'); // its critical alerts were read and judged
  });
});

describe('an installation the service does not know', () => {
  test.each([['resolving'], ['checking repository-id']])(
    'a 404 from installations/repositories is a setup error that fails even under on-api-error: warn (%s)',
    async (mode) => {
      const inputs = {
        'app-id': '9999',
        'on-api-error': 'warn',
        ...(mode === 'resolving' ? {} : { 'repository-id': MAIN_REPO.id }),
      };
      const run = await h.gate(inputs);
      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
      expect(errorText(run)).toContain('app-id 9999: the service knows no such installation');
      expect(run.outputs['alerts-total']).toBe('');
    },
  );
});
