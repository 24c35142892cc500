// The policy file end to end, through dist/ as the runner runs it: a file in the workspace or in
// another repository (through a fake GitHub contents API, with config-token), precedence, errors
// with file, key, line and column before any request, and which settings came from the file.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { CLEAN, errorText, plain, PUSH, useSimulator, useFakeGitHub } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const POLICY = `version: 1
fail-on-severity: high
ignore-unreachable: true
allow-alerts:
  - id: GHSA-jfh8-c2jp-5v3q
    until: 2099-12-31
    reason: vendor fix pending, SEC-123
`;
// On a push: on a pull request the base commit's copy judges (base-policy.test.ts).
const local = (text: string) => ({ ...PUSH, files: { '.github/security-gate.yml': text } });

describe('a policy file in the workspace', () => {
  test('sets the policy; the log, the summary and the JSON report say which file and which settings', async () => {
    const run = await h.gate({ 'config-file': '.github/security-gate.yml', 'report-file': 'r.json' }, local(POLICY));
    const report = JSON.parse(run.files['r.json']!) as {
      options: { failOnSeverity: string; configFile: string; sources: Record<string, string>; allowAlerts: unknown[] };
    };
    expect(report.options.failOnSeverity).toBe('high');
    expect(report.options.allowAlerts).toEqual([
      {
        id: 'GHSA-jfh8-c2jp-5v3q',
        until: '2099-12-31',
        reason: 'vendor fix pending, SEC-123',
        source: { kind: 'policy-file', path: '.github/security-gate.yml', line: 5 },
      },
    ]);
    expect(report.options.configFile).toBe('.github/security-gate.yml');
    expect(report.options.sources).toMatchObject({
      'fail-on-severity': 'file',
      'ignore-unreachable': 'file',
      'allow-alerts': 'file',
      'api-url': 'input',
      'posture-days': 'default',
    });
    expect(run.stdout).toContain(
      'Policy file .github/security-gate.yml: fail-on-severity, ignore-unreachable, allow-alerts from it',
    );
    expect(plain(run.summary)).toMatch(
      /Policy file: `\.github\/security-gate\.yml` \(`fail-on-severity`, `ignore-unreachable`, `allow-alerts` from it\)/,
    );
    expect(run.outputs['allowed-count']).toBe('1');
  });

  test('an input given in the workflow wins over the file', async () => {
    const run = await h.gate(
      { 'config-file': '.github/security-gate.yml', 'fail-on-severity': 'none', 'report-file': 'r.json' },
      local(POLICY),
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    const report = JSON.parse(run.files['r.json']!) as { options: { sources: Record<string, string> } };
    expect(report.options.sources['fail-on-severity']).toBe('input');
  });

  test('api-url may come from the file', async () => {
    const run = await h.gate(
      { 'config-file': 'policy.yml', 'api-url': '' },
      { ...PUSH, files: { 'policy.yml': `api-url: ${h.sim.url}\n` } },
    );
    expect(run.outputs.result).toBe('fail');
  });

  test('mistakes are input errors with the file, key, line and column, all at once, and nothing is sent', async () => {
    const text = 'fail-on-severity: severe\nposture-dayz: 3\napi-token-id: abc123\nignore-unreachable: [true]\n';
    const run = await h.gate(
      { 'config-file': '.github/security-gate.yml', 'set-pr-scanning': 'true', 'max-retries': '99' },
      local(text),
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    const message = errorText(run);
    expect(message).toContain('Invalid inputs (no request was sent):');
    expect(message).toContain(
      '.github/security-gate.yml:2:1: posture-dayz: is not an input of security-gate. Did you mean posture-days?',
    );
    expect(message).toContain('.github/security-gate.yml:3:1: api-token-id: a policy file may not set a token');
    expect(message).toContain('.github/security-gate.yml:4:21: ignore-unreachable: expected a single value');
    expect(message).toMatch(/max-retries: "99" is not accepted/); // the inputs' own errors come along
    expect(h.sim.requests).toEqual([]);
  });

  test("each of the file's errors is an error annotation on its line, the path from the repository root", async () => {
    const text = 'version: 1\nfail-on-severity: hihg\nposture-dayz: 3\n';
    const run = await h.gate({ 'config-file': './.github/security-gate.yml', 'max-retries': '99' }, local(text));
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      '::error title=security-gate%3A policy file,file=.github/security-gate.yml,line=3,col=1::posture-dayz: is not',
    );
    const placed = run.commands.filter((c) => c.command === 'error' && c.properties.file !== undefined);
    expect(placed.map(({ properties: p, message }) => [p.file, p.line, p.col, message])).toEqual([
      [
        '.github/security-gate.yml',
        '3',
        '1',
        'posture-dayz: is not an input of security-gate. Did you mean posture-days?',
      ],
      [
        '.github/security-gate.yml',
        '2',
        '1',
        'fail-on-severity: "hihg" is not one of critical, high, medium, low, none (case-insensitive). Did you mean high?',
      ],
    ]);
    // The failure message still lists every error, the inputs' own among them.
    const failure = run.commands.filter((c) => c.command === 'error' && c.properties.file === undefined);
    expect(failure.map((c) => c.message).join('\n')).toMatch(/max-retries: "99" is not accepted/);
    expect(h.sim.requests).toEqual([]);
  });

  test('a YAML syntax error is annotated on its own line', async () => {
    const run = await h.gate(
      { 'config-file': 'p.yml' },
      { ...PUSH, files: { 'p.yml': 'version: 1\n\tsummary: true\n' } },
    );
    const placed = run.commands.find((c) => c.command === 'error' && c.properties.file === 'p.yml');
    expect(placed?.properties).toMatchObject({ line: '2', col: '1' });
    expect(placed?.message).toBe('not valid YAML: Tabs are not allowed as indentation');
  });

  test('annotations: false: the errors are in the failure message only', async () => {
    const run = await h.gate(
      { 'config-file': 'p.yml', annotations: 'false' },
      { ...PUSH, files: { 'p.yml': 'posture-dayz: 3\n' } },
    );
    expect(run.exitCode).toBe(1);
    expect(run.commands.filter((c) => c.properties.file !== undefined)).toEqual([]);
    expect(errorText(run)).toContain('p.yml:1:1: posture-dayz: is not an input of security-gate');
  });

  test("a key this release does not know may be a later release's (a central policy ahead of the pinned action): said so, with the way on", async () => {
    // epss and vex-files, promised keys until this release, are inputs now: read, not refused.
    const text = 'version: 1\nepss: 10%\nvex-files: ""\nsbom-format: spdx\n';
    const run = await h.gate({ 'config-file': '.github/security-gate.yml' }, local(text));
    expect(run.outputs.result).toBe('error');
    const message = errorText(run);
    const version = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(message).not.toMatch(/epss:|vex-files:/);
    expect(message).toContain(
      `.github/security-gate.yml:4:1: sbom-format: is not an input of security-gate ${version}. If it is a key of a later release, upgrade the action`,
    );
    expect(h.sim.requests).toEqual([]);
  });

  test('a value the file gives that the schema refuses: at its line', async () => {
    const run = await h.gate(
      { 'config-file': 'p.yml' },
      { ...PUSH, files: { 'p.yml': 'version: 1\nfail-on-severity: severe\n' } },
    );
    expect(errorText(run)).toContain(
      'p.yml:2:1: fail-on-severity: "severe" is not one of critical, high, medium, low, none',
    );
    expect(h.sim.requests).toEqual([]);
  });

  test.each([
    ['a missing file', {}, /config-file \.github\/security-gate\.yml: no such file in the workspace/],
    ['a file outside the workspace', { 'config-file': '../../etc/passwd' }, /is outside the workspace/],
    [
      'a file over 1 MiB',
      { files: { '.github/security-gate.yml': `# ${'x'.repeat(1024 * 1024)}\n` } },
      /larger than 1 MiB/,
    ],
  ])('%s: an input error, nothing sent', async (_name, extra, message) => {
    const { files, ...inputs } = extra as { files?: Record<string, string>; 'config-file'?: string };
    const run = await h.gate({ 'config-file': '.github/security-gate.yml', ...inputs }, { ...PUSH, files });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('a config-file that reads as another repository, without @REF', () => {
  test('not in the workspace: the OWNER/REPO/PATH@REF form is suggested, nothing sent', async () => {
    const run = await h.gate({ 'config-file': 'acme/policies/security.yml' }, { ...PUSH });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain(
      'config-file acme/policies/security.yml: no such file in the workspace. Check the path (relative to the repository root), and that the job checks the repository out (actions/checkout) before this step. If it is a file in the repository acme/policies, name it with a ref (OWNER/REPO/PATH@REF, a branch, tag or commit): acme/policies/security.yml@main, for instance.',
    );
    expect(h.sim.requests).toEqual([]);
  });

  test('a workspace path of that shape that is there is read as a workspace file', async () => {
    const run = await h.gate(
      { 'config-file': 'acme/policies/security.yml', 'fail-on-severity': '' },
      { ...PUSH, files: { 'acme/policies/security.yml': 'fail-on-severity: none\n' } },
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });
});

describe('a policy file in another repository, through the GitHub contents API', () => {
  const env = () => ({ GITHUB_API_URL: fake.github.url });

  test('read with config-token, at the ref given', async () => {
    fake.github.files.set('acme/policies/security-gate.yml@v2', {
      text: POLICY.replace('high', 'medium'),
      token: 'ghp_configToken42',
    });
    const run = await h.gate(
      {
        'config-file': 'acme/policies/security-gate.yml@v2',
        'config-token': 'ghp_configToken42',
        'report-file': 'r.json',
      },
      { ...CLEAN, env: env() },
    );
    const report = JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string; configFile: string } };
    expect(report.options).toMatchObject({
      failOnSeverity: 'medium',
      configFile: 'acme/policies/security-gate.yml@v2',
    });
    expect(fake.github.requests.map((r) => r.path)).toEqual(['/repos/acme/policies/contents/security-gate.yml']);
    expect(fake.github.requests[0]!.authorization).toBe('Bearer ghp_configToken42');
    expect(run.stdout).toContain('::add-mask::ghp_configToken42');
    expect(`${run.summary}${run.files['r.json']}`).not.toContain('ghp_configToken42');
  });

  test('without config-token, github-token is used', async () => {
    fake.github.files.set('acme/policies/p.yml@main', {
      text: 'fail-on-severity: low\n',
      token: 'ghs_fakeGithubTokenForTests',
    });
    const run = await h.gate(
      { 'config-file': 'acme/policies/p.yml@main', 'report-file': 'r.json' },
      { ...CLEAN, env: env() },
    );
    expect((JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string } }).options.failOnSeverity).toBe(
      'low',
    );
  });

  test('a renamed repository (GitHub answers 301 on the same host): followed, with the token', async () => {
    fake.github.files.set('acme/policies/p.yml@main', { text: 'fail-on-severity: low\n', token: 'ghp_moved42' });
    fake.github.moved.set('acme/old-policies', 'acme/policies');
    const run = await h.gate(
      { 'config-file': 'acme/old-policies/p.yml@main', 'config-token': 'ghp_moved42', 'report-file': 'r.json' },
      { ...CLEAN, env: env() },
    );
    const report = JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string } };
    expect(report.options.failOnSeverity).toBe('low');
    expect(fake.github.requests.map((r) => r.path)).toEqual([
      '/repos/acme/old-policies/contents/p.yml',
      '/repos/acme/policies/contents/p.yml',
    ]);
    expect(fake.github.requests.every((r) => r.authorization === 'Bearer ghp_moved42')).toBe(true);
  });

  test('a redirect to another host is not followed: the token is not sent there', async () => {
    fake.github.moved.set('acme/policies', 'https://elsewhere.example/p.yml');
    const run = await h.gate({ 'config-file': 'acme/policies/p.yml@main' }, { env: env() });
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/GitHub redirected to https:\/\/elsewhere\.example, where the token is not sent/);
    expect(h.sim.requests).toEqual([]);
  });

  test('not found, or a token that may not read it (GitHub says 404): an input error saying so, nothing sent to the service', async () => {
    fake.github.files.set('acme/policies/p.yml@main', { text: 'fail-on-severity: low\n', token: 'ghp_right' });
    const run = await h.gate(
      { 'config-file': 'acme/policies/p.yml@main', 'config-token': 'ghp_wrong1' },
      { env: env() },
    );
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(
      /config-file acme\/policies\/p\.yml@main: not found, or config-token \(or github-token\) may not read acme\/policies/,
    );
    expect(h.sim.requests).toEqual([]);
  });
});

describe('what a policy file says, exactly', () => {
  test('numbers keep the digits they were written with (app-id: 0042, a 21-digit id)', async () => {
    const text = 'app-id: 0042\nproject-id: 123456789012345678901\n';
    const run = await h.gate(
      { 'config-file': 'p.yml', 'app-id': '', 'report-file': 'r.json' },
      { ...PUSH, files: { 'p.yml': text } },
    );
    const report = JSON.parse(run.files['r.json']!) as { options: { appId: string; projectId: string } };
    expect(report.options).toMatchObject({ appId: '0042', projectId: '123456789012345678901' });
  });

  test("one bad key does not make the file's other settings look missing", async () => {
    const text = `api-url: ${h.sim.url}\nfail-on-severty: high\n`;
    const run = await h.gate({ 'config-file': 'p.yml', 'api-url': '' }, { ...PUSH, files: { 'p.yml': text } });
    expect(errorText(run)).toContain('fail-on-severty: is not an input of security-gate');
    expect(errorText(run)).not.toContain('api-url: is required');
  });

  test('a broken policy file from another repository may say where the tokens go: only its own error is reported', async () => {
    fake.github.files.set('acme/policies/broken.yml@main', { text: `api-url: ${h.sim.url}\nfail-on-severty: high\n` });
    const run = await h.gate(
      { 'config-file': 'acme/policies/broken.yml@main', 'api-url': '' },
      { eventName: 'pull_request_target', env: { GITHUB_API_URL: fake.github.url } },
    );
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain('fail-on-severty: is not an input of security-gate');
    expect(errorText(run)).not.toContain('api-url:');
    expect(h.sim.requests).toEqual([]);
  });
});
