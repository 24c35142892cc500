// Which release brought each input and output (docs/versions.md). One table, against which
// __tests__/config/versions.test.ts checks action.yml's descriptions, the README's tables,
// docs/versions.md and examples/policy.yml, and with which the policy file's reader tells a key of
// a later release from a typo: a central policy copied from main must not break a repository
// pinned to an earlier release unexplained.
import { VERSION } from '../version.js';
import { INPUT_NAMES } from './inputs.js';

/** A release, MAJOR.MINOR.PATCH. */
export type Release = `${number}.${number}.${number}`;

/** The first stable release (main at 207e6c2; not tagged yet). The current one is package.json's. */
export const FIRST_STABLE: Release = '1.0.0';

// action.yml's inputs and outputs at 1.0.0 (commit 207e6c2). Frozen: a new one goes below.
const INPUTS_OF_1_0_0 = [
  'api-url',
  'api-token-id',
  'api-token-secret',
  'organization-id',
  'project-id',
  'repository-id',
  'app-id',
  'fail-on-severity',
  'ignore-unreachable',
  'allow-alerts',
  'fail-on-critical-issues',
  'posture-days',
  'on-api-error',
  'request-timeout-seconds',
  'max-retries',
  'set-pr-scanning',
  'set-max-pr-timeout-minutes',
  'set-cwe-whitelist',
  'dry-run',
  'summary',
  'comment-on-pr',
  'github-token',
  'report-file',
  'sarif-file',
  'annotations',
  'config-file',
  'config-token',
  'allow-licenses',
  'deny-licenses',
  'license-exceptions',
  'unknown-licenses',
  'grace-days',
  'pr-changes',
];
const OUTPUTS_OF_1_0_0 = [
  'result',
  'repository-id',
  'alerts-total',
  'critical-count',
  'high-count',
  'medium-count',
  'low-count',
  'unknown-count',
  'gating-count',
  'allowed-count',
  'risk-score',
  'minutes-saved',
  'schedule',
  'license-violations',
  'resolved-count',
  'due-count',
  'next-due',
  'report-file',
  'sarif-file',
];
const ofFirstStable = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, FIRST_STABLE] as const));

/** Every input of action.yml, with the release that brought it: a new input adds its line here. */
export const INPUT_SINCE: Readonly<Record<string, Release>> = {
  ...ofFirstStable(INPUTS_OF_1_0_0),
  'known-exploited': '1.1.0',
  'kev-url': '1.1.0',
  'pr-introduced': '1.1.0',
  'vex-files': '1.1.0',
  'vex-output': '1.1.0',
  epss: '1.1.0',
  'epss-url': '1.1.0',
  'existing-alerts': '1.1.0',
  'fail-on-scopes': '1.1.0',
  'min-release-age': '1.2.0',
  'release-age-url': '1.2.0',
  malicious: '1.2.0',
  'osv-url': '1.2.0',
  'deny-packages': '1.2.0',
  'private-packages': '1.2.0',
  'max-allow-days': '1.2.0',
};

/** Every output of action.yml, with the release that brought it: a new output adds its line here. */
export const OUTPUT_SINCE: Readonly<Record<string, Release>> = {
  ...ofFirstStable(OUTPUTS_OF_1_0_0),
  'known-exploited-count': '1.1.0',
  'introduced-count': '1.1.0',
  'vex-count': '1.1.0',
  'epss-count': '1.1.0',
  'existing-count': '1.1.0',
  'too-new-count': '1.2.0',
  'malicious-count': '1.2.0',
  'denied-count': '1.2.0',
  'allow-expiring': '1.2.0',
};

/**
 * Inputs the contract (spec/action.md) promises that this build does not read yet, with their
 * release when it is known (null: a release after this one). A policy file that sets one was
 * written for a later release; the reader says so rather than call the key unknown. When one
 * lands, its line moves to INPUT_SINCE with the release that brings it (a test insists).
 */
export const LATER_INPUTS: Readonly<Record<string, Release | null>> = {};

/** What a release knows of the inputs: its own, and those of later releases it can name. */
export interface KnownInputs {
  version: string;
  inputs: readonly string[];
  later: Readonly<Record<string, Release | null>>;
}

/** This build: every input it reads, and the contract's inputs still to come. */
export const THIS_RELEASE: KnownInputs = { version: VERSION, inputs: INPUT_NAMES, later: LATER_INPUTS };
