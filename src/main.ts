// One run of the action, in the order of the contract's "What one run does". Only input reading
// and validation load with the entry; the rest comes in chunks once the inputs are good, so a bad
// input costs no more than reading it, and the reports load while the requests are in flight.
import * as core from '@actions/core';
import { proxySecrets } from './api/transport.js';
import {
  collectInputs,
  formatInputErrors,
  parseInputs,
  type CollectedInputs,
  type Config,
  type PolicyFile,
} from './config/inputs.js';
import { readRunnerContext, type RunnerContext } from './github/context.js';
import * as log from './github/log.js';
import { success, type GateResult, type Outcome } from './model.js';

export interface RunDependencies {
  now?: () => Date;
  fetch?: typeof fetch;
}

export async function run({ now = () => new Date(), fetch }: RunDependencies = {}): Promise<void> {
  // 2. Mask the tokens before anything can be logged, even before they are validated.
  for (const name of ['api-token-id', 'api-token-secret', 'github-token', 'config-token']) {
    const value = core.getInput(name);
    if (value) core.setSecret(value);
  }
  for (const secret of proxySecrets()) core.setSecret(secret);
  // 1. Validate every input, and the policy file when there is one; nothing is sent to the
  // service unless all are good.
  const context = readRunnerContext();
  const read = (name: string) => core.getInput(name);
  const file = await readPolicyFile(read, context);
  const inputs = collectInputs(read, file.ok ? file.value : (file.partial ?? null));
  // The SPDX id list is loaded only when a license policy is set.
  const licensed = inputs.values['allow-licenses'] !== '' || inputs.values['deny-licenses'] !== '';
  const checks = licensed ? { licenseIdProblem: (await import('./policy/license-ids.js')).licenseIdProblem } : {};
  const parsed = parseInputs(inputs, context, checks);
  const unsafe = unsafeApiUrl(inputs, context);
  if (!file.ok || !parsed.ok || unsafe) {
    core.setOutput('result', 'error');
    log.fail(
      formatInputErrors([
        ...(file.ok ? [] : file.error),
        ...(parsed.ok ? [] : parsed.error),
        ...(unsafe ? [unsafe] : []),
      ]),
    );
    return;
  }
  const config = parsed.value;
  if (file.value) {
    const fromFile = Object.entries(config.sources)
      .filter(([, source]) => source === 'file')
      .map(([name]) => name);
    log.info(
      `Policy file ${file.value.name}: ${fromFile.length > 0 ? fromFile.join(', ') : 'nothing'} from it (inputs given in the workflow win).`,
    );
  }
  const { evaluate, stepFails, failureMessage } = await import('./run/evaluate.js');
  const publishing = import('./run/publish.js');
  publishing.catch(() => undefined); // awaited below; should evaluate throw first, never unhandled
  // 3.-6. Resolve, read, change settings, decide.
  const result = await evaluate(config, context, { now: now(), fetch });
  // 7. The reports.
  const { writeReports } = await publishing;
  const writeErrors = await log.group('Writing the reports', () => writeReports(result, config, context));
  // 8. The exit.
  finish(result, config, writeErrors, { stepFails, failureMessage });
}

/**
 * On pull_request_target the workspace may hold the pull request's own files: a policy file there
 * must not say where the tokens go. Null when api-url is safe.
 */
function unsafeApiUrl(inputs: CollectedInputs, context: RunnerContext): string | null {
  if (inputs.sources['api-url'] !== 'file' || inputs.file?.remote || context.eventName !== 'pull_request_target')
    return null;
  return (
    `api-url: set by ${inputs.file?.name ?? 'the policy file'} in the workspace, on pull_request_target, where the workspace may ` +
    "hold the pull request's files and the tokens would go wherever it says. Give api-url as an input, or read the policy " +
    'file from a repository (config-file: OWNER/REPO/PATH@REF).'
  );
}

/** The policy file `config-file` names, read and parsed (in a chunk of its own); null when none. */
async function readPolicyFile(
  read: (name: string) => string,
  context: RunnerContext,
): Promise<Outcome<PolicyFile | null, string[]> & { partial?: PolicyFile }> {
  const name = read('config-file').trim();
  if (name === '') return success(null);
  const { loadPolicyFile } = await import('./config/policy-file.js');
  const token = read('config-token').trim() || read('github-token').trim() || null;
  return loadPolicyFile(name, { workspace: context.workspace, apiUrl: context.apiUrl, token });
}

interface Verdicts {
  stepFails: (result: GateResult, onApiError: Config['onApiError']) => boolean;
  failureMessage: (verdict: GateResult['verdict']) => string;
}

/** Step 8. Exit as the result says: fail on a failed gate; API errors as on-api-error says. */
function finish(
  result: GateResult,
  config: Config,
  writeErrors: string[],
  { stepFails, failureMessage }: Verdicts,
): void {
  for (const warning of result.warnings) log.warning(warning.message);
  const errors = result.errors.map((e) => e.message);
  const failures: string[] = [...writeErrors];
  if (result.result === 'fail') {
    for (const message of errors) log.warning(message);
    failures.unshift(failureMessage(result.verdict));
  } else if (result.result === 'error') {
    if (stepFails(result, config.onApiError)) {
      failures.unshift(...errors);
    } else {
      for (const message of errors) log.warning(message);
      log.warning('on-api-error is warn: the step succeeds with result=error.');
    }
  } else {
    log.info(`Security gate passed: ${result.verdict.reasons.join(' ')}`);
  }
  if (failures.length > 0) log.fail(failures.join('\n'));
}
