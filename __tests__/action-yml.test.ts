import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { collectInputs, INPUT_NAMES, NOT_IN_FILE, parseInputs } from '../src/config/inputs.js';
import { CONTRACT_OUTPUTS } from './fixtures/contract.js';

interface ActionYml {
  name: string;
  inputs: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description?: string }>;
  runs: unknown;
  branding: unknown;
}
const yml = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as ActionYml;
const { inputs, outputs } = yml;

/** The inputs as `read` gives them, with no policy file, parsed. */
const parseFrom = (read: (name: string) => string) =>
  parseInputs(collectInputs(read), { eventName: 'push', actor: null, isForkPullRequest: false });

// The contract's "Inputs" table: the defaults of the inputs that have one.
const CONTRACT_DEFAULTS: Record<string, string> = {
  'fail-on-severity': 'critical',
  'ignore-unreachable': 'false',
  'fail-on-critical-issues': 'false',
  'posture-days': '30',
  'on-api-error': 'fail',
  'request-timeout-seconds': '30',
  'max-retries': '3',
  'dry-run': 'false',
  summary: 'true',
  'comment-on-pr': 'never',
  annotations: 'true',
  'unknown-licenses': 'warn',
  'pr-changes': 'auto',
};
const GIVEN: Record<string, string> = {
  'api-url': 'https://security.example.com',
  'api-token-id': 'i',
  'api-token-secret': 's',
  'app-id': '1',
};

describe('action.yml', () => {
  it('declares exactly the inputs the action reads', () => {
    expect(Object.keys(inputs).sort()).toEqual([...INPUT_NAMES].sort());
  });

  it("declares exactly the contract's outputs", () => {
    expect(Object.keys(outputs).sort()).toEqual([...CONTRACT_OUTPUTS].sort());
  });

  it('describes every input and output', () => {
    for (const [name, props] of Object.entries({ ...inputs, ...outputs })) {
      expect([name, typeof props.description]).toEqual([name, 'string']);
    }
  });

  it('marks only the tokens required (api-url may come from the policy file)', () => {
    for (const [name, props] of Object.entries(inputs)) {
      expect([name, props.required]).toEqual([name, name === 'api-token-id' || name === 'api-token-secret']);
    }
  });

  it('the README says, as action.yml does, that api-url is required as an input or in the policy file', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `api-url` |'));
    expect(row).toMatch(/^\| `api-url` \| \(required, as an input or in the policy file\) \|/);
    expect(inputs['api-url']?.description).toContain('Required, as an input or in the policy file');
  });

  it('gives no input a default but github-token, so an input left out can be told from one given (the policy file fills it)', () => {
    const withDefault = Object.entries(inputs)
      .filter(([, props]) => 'default' in props)
      .map(([name]) => name);
    expect(withDefault).toEqual(['github-token']);
    expect(inputs['github-token']?.default).toBe('${{ github.token }}');
    expect(NOT_IN_FILE).toContain('github-token');
  });

  it.each(Object.entries(CONTRACT_DEFAULTS))(
    '%s: its description states the default %s, which is what an empty input parses to',
    (name, value) => {
      expect(inputs[name]?.description).toContain(`Default: ${value}.`);
      const fromEmpty = parseFrom((input) => GIVEN[input] ?? '');
      const fromDefault = parseFrom((input) => GIVEN[input] ?? (input === name ? value : ''));
      expect(fromEmpty.ok).toBe(true);
      expect(fromDefault.ok && fromEmpty.ok && { ...fromDefault.value, sources: {} }).toEqual(
        fromEmpty.ok && { ...fromEmpty.value, sources: {} },
      );
    },
  );

  it('runs dist/index.js on node24', () => {
    expect(yml.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(yml.name).toBe('security-gate');
    expect(yml.branding).toEqual({ icon: 'shield', color: 'red' });
  });
});
