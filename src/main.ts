// One run of the action, in the order of the contract's "What one run does". Only input reading
// and validation load with the entry; the rest comes in chunks once the inputs are good, so a bad
// input costs no more than reading it, and the reports load while the requests are in flight.
import * as core from '@actions/core';
import { proxySecrets } from './api/redaction.js';
import { formatInputErrors, type Config } from './config/inputs.js';
import { describePolicyFile, loadConfig } from './config/load.js';
import { readRunnerContext } from './github/context.js';
import * as log from './github/log.js';
import * as step from './github/step.js';
import type { GateResult } from './model.js';

export async function run(): Promise<void> {
  // 2. Mask the tokens before anything can be logged, even before they are validated.
  for (const name of ['api-token-id', 'api-token-secret', 'github-token', 'config-token']) {
    const value = core.getInput(name);
    if (value) core.setSecret(value);
  }
  for (const secret of proxySecrets()) core.setSecret(secret);
  // 1. Validate every input, and the policy file when there is one; nothing is sent to the
  // service unless all are good.
  const context = readRunnerContext();
  const loaded = await loadConfig((name) => core.getInput(name), context);
  if (!loaded.ok) {
    step.setOutput('result', 'error');
    log.fail(formatInputErrors(loaded.error));
    return;
  }
  const { config, file } = loaded.value;
  if (file) log.info(describePolicyFile(file, config));
  const { evaluate, stepFails, failureMessage } = await import('./run/evaluate.js');
  const publishing = import('./run/publish.js');
  publishing.catch(() => undefined); // awaited below; should evaluate throw first, never unhandled
  // 3.-6. Resolve, read, change settings, decide.
  const result = await evaluate(config, context, new Date());
  // 7. The reports.
  const { writeReports } = await publishing;
  const writeErrors = await log.group('Writing the reports', () => writeReports(result, config, context));
  // 8. The exit.
  finish(result, config, writeErrors, { stepFails, failureMessage });
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
