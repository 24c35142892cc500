import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, summaryWanted } from '../../src/config/load.js';
import type { RunnerContext } from '../../src/github/context.js';

describe('summaryWanted: what `summary` says, even among invalid inputs', () => {
  test.each([
    ['', true],
    ['true', true],
    ['False', false],
    [' FALSE ', false],
    ['false', false],
    ['no', true], // not a boolean the input accepts: its default
    ['maybe', true],
  ])('%j -> %p', (value, wanted) => {
    expect(summaryWanted(value)).toBe(wanted);
  });
});

describe('loadConfig: the errors of the workspace policy file, as annotations on its lines', () => {
  let workspace: string;
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'load-'));
    mkdirSync(join(workspace, '.github'));
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  const context = (over: Partial<RunnerContext> = {}): RunnerContext => ({
    eventName: 'push',
    repository: 'acme/webshop',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    graphqlUrl: 'https://api.github.com/graphql',
    workspace,
    blobUrl: null,
    repositoryNumericId: null,
    actor: null,
    isForkPullRequest: false,
    pullRequestAuthor: null,
    pullRequestNumber: null,
    commit: null,
    runUrl: null,
    canWriteSummary: false,
    change: null,
    actionRef: null,
    ...over,
  });
  const INPUTS: Record<string, string> = {
    'api-url': 'https://sca.example',
    'api-token-id': 'id',
    'api-token-secret': 'secret',
    'organization-id': '1',
    'app-id': '2',
  };
  const load = (file: string, text: string, inputs: Record<string, string> = {}) => {
    writeFileSync(join(workspace, file), text);
    const all: Record<string, string> = { ...INPUTS, 'config-file': file, ...inputs };
    return loadConfig((name) => all[name] ?? '', context());
  };

  test('unknown key, refused value and YAML syntax: each at its line, the path from the repository root', async () => {
    // A file that is not YAML has only its syntax error: the line it is on.
    const loaded = await load('.github/gate.yml', 'version: 1\nposture-days: 3\nsummary: [\n');
    expect(loaded.ok ? [] : loaded.annotations).toEqual([
      { file: '.github/gate.yml', line: 3, column: 11, message: expect.stringMatching(/^not valid YAML: /) },
    ]);
    const broken = await load('.github/bad.yml', 'fail-on-severity: hihg\nposture-dayz: 3\n');
    expect(broken.ok ? [] : broken.annotations).toEqual([
      {
        file: '.github/bad.yml',
        line: 2,
        column: 1,
        message: 'posture-dayz: is not an input of security-gate. Did you mean posture-days?',
      },
      {
        file: '.github/bad.yml',
        line: 1,
        column: 1,
        message: expect.stringMatching(/^fail-on-severity: "hihg" is not one of .* Did you mean high\?$/),
      },
    ]);
  });

  test('a path given as ./x is annotated as the repository names it; the errors keep the name given', async () => {
    const loaded = await load('./.github/gate.yml', 'posture-dayz: 3\n');
    expect(loaded.ok ? [] : loaded.error).toEqual([
      './.github/gate.yml:1:1: posture-dayz: is not an input of security-gate. Did you mean posture-days?',
    ]);
    expect(loaded.ok ? [] : loaded.annotations?.map((a) => a.file)).toEqual(['.github/gate.yml']);
  });

  test('errors of the inputs, and annotations: false, give none', async () => {
    const inputsOnly = await load('.github/gate.yml', 'version: 1\n', { 'max-retries': '99' });
    expect(inputsOnly.ok ? null : inputsOnly.annotations).toEqual([]);
    const off = await load('.github/gate.yml', 'posture-dayz: 3\n', { annotations: 'false' });
    expect(off.ok ? null : off.annotations).toEqual([]);
    const offInFile = await load('.github/gate.yml', 'annotations: false\nposture-dayz: 3\n');
    expect(offInFile.ok ? null : offInFile.annotations).toEqual([]);
  });
});
