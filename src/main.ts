// One run of the action, in the order of the contract's "What one run does". Only input reading
// and validation load with the entry; the rest comes in chunks once the inputs are good, so a bad
// input costs no more than reading it, and the reports load while the requests are in flight.
// Every failure is a result: invalid inputs and any fault end with result=error, a message naming
// the cause, and the job summary written.
import * as core from '@actions/core';
import { SetupError } from './api/errors.js';
import { proxySecrets, redactor } from './api/redaction.js';
import { formatInputErrors, type Config } from './config/inputs.js';
import {
  describeBasePolicy,
  describePolicyFile,
  loadConfig,
  summaryWanted,
  type FileAnnotation,
} from './config/load.js';
import { unknownInputWarnings } from './config/unknown-inputs.js';
import { readRunnerContext, type RunnerContext } from './github/context.js';
import { refuseLinks, writtenFiles } from './github/written-file.js';
import * as log from './github/log.js';
import * as step from './github/step.js';
import type { GateResult } from './model.js';
import { renderFailureSummary, type StoppedRun } from './reports/summary-failure.js';
import { versionLine } from './version.js';

const TOKEN_INPUTS = ['api-token-id', 'api-token-secret', 'github-token', 'config-token'];

export async function run(): Promise<void> {
  // 2. Mask the tokens before anything can be logged, even before they are validated.
  const secrets = [...TOKEN_INPUTS.map((name) => core.getInput(name)).filter(Boolean), ...proxySecrets()];
  for (const secret of secrets) core.setSecret(secret);
  for (const warning of unknownInputWarnings(process.env)) log.warning(warning);
  // Until the inputs are read, what the workflow says of the summary is all there is to go by.
  let wantsSummary = summaryWanted(core.getInput('summary'));
  let context: RunnerContext | null = null;
  try {
    // 1. Validate every input, and the policy file when there is one; nothing is sent to the
    // service unless all are good.
    const runner = readRunnerContext();
    context = runner;
    log.info(versionLine(runner.actionRef)); // the log's first line (the masks are not shown)
    const loaded = await loadConfig((name) => core.getInput(name), runner);
    if (!loaded.ok) {
      wantsSummary = loaded.summary ?? wantsSummary;
      const stopping = { context: runner, wantsSummary, secrets, warn: loaded.apiError?.warn ?? false };
      if (loaded.apiError) {
        const why =
          'the policy file could not be read at the base commit; nothing was judged, no request was sent to the service.';
        await stop(loaded.error.join('\n'), { why, problems: loaded.error }, stopping);
        return;
      }
      annotateFileErrors(loaded.annotations ?? []);
      const stopped = { why: 'invalid inputs; no request was sent to the service.', problems: loaded.error };
      await stop(formatInputErrors(loaded.error), stopped, stopping);
      return;
    }
    const { config, file, vex } = loaded.value;
    wantsSummary = config.summary;
    if (file) log.info(describePolicyFile(file, config));
    const base = describeBasePolicy(config, runner);
    base.notices.forEach((notice) => log.notice(notice));
    base.warnings.forEach((warning) => log.warning(warning));
    vex?.notices.forEach((notice) => log.notice(notice));
    // A symbolic link where a file is to be written is a setup error, found before any request.
    await refuseLinks(writtenFiles(config, runner.workspace), runner.workspace);
    const { evaluate, stepFails, failureMessage } = await import('./run/evaluate.js');
    const publishing = import('./run/publish.js');
    publishing.catch(() => undefined); // awaited below; should evaluate throw first, never unhandled
    // 3.-6. Resolve, read, change settings, decide.
    const result = await evaluate(config, runner, new Date(), vex);
    // 7. The reports.
    const { writeReports } = await publishing;
    const writeErrors = await log.group('Writing the reports', () => writeReports(result, config, runner));
    // 8. The exit.
    finish(result, config, writeErrors, { stepFails, failureMessage });
  } catch (error) {
    // A runner setup the action cannot use names its cause; anything else is a bug to report.
    const message =
      error instanceof SetupError
        ? `security-gate stopped: ${error.message}`
        : `security-gate stopped unexpectedly: ${messageOf(error)}. Please report this with the log.`;
    if (error instanceof Error && error.stack) log.debug(error.stack);
    await stop(message, { why: message, problems: [] }, { context, wantsSummary, secrets, warn: false });
  }
}

/** GitHub shows 10 error annotations per step; the failure message (core.setFailed) is one of them. */
const MAX_FILE_ANNOTATIONS = 9;

/**
 * The policy file's errors on its lines, where a pull request's diff shows them; the failure message
 * lists them all the same, so those beyond what GitHub shows are not lost.
 */
function annotateFileErrors(annotations: FileAnnotation[]): void {
  for (const { message, file, line, column } of annotations.slice(0, MAX_FILE_ANNOTATIONS))
    log.error(message, { title: 'security-gate: policy file', file, startLine: line, startColumn: column });
}

interface Stopping {
  context: RunnerContext | null;
  wantsSummary: boolean;
  secrets: string[];
  /** An API error under on-api-error: warn: a warning, and the step succeeds with result=error. */
  warn: boolean;
}

/**
 * A run that ends without a verdict: result=error and the job summary (when wanted), each unless
 * the reports already wrote it, then the step fails with `message` (or, under `warn`, warns and succeeds). Secrets are redacted from all
 * of it: a fault's message may carry what a server sent.
 */
async function stop(
  message: string,
  stopped: Omit<StoppedRun, 'repository'>,
  { context, wantsSummary, secrets, warn }: Stopping,
): Promise<void> {
  const redact = redactor(secrets);
  const failures = [redact(message)];
  try {
    if (!step.hasOutput('result')) step.setOutput('result', 'error');
  } catch (error) {
    failures.push(`The output result could not be set: ${redact(messageOf(error))}.`);
  }
  if (wantsSummary && context?.canWriteSummary && !step.summaryWritten()) {
    try {
      const repository = context.repository;
      await step.writeSummary(
        renderFailureSummary({ repository, why: redact(stopped.why), problems: stopped.problems.map(redact) }),
      );
    } catch (error) {
      failures.push(`summary: cannot write the job summary: ${redact(messageOf(error))}.`);
    }
  }
  if (warn && failures.length === 1) {
    log.warning(failures[0]!);
    log.warning('on-api-error is warn: the step succeeds with result=error.');
  } else log.fail(failures.join('\n'));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Verdicts {
  stepFails: (result: GateResult, onApiError: Config['onApiError']) => boolean;
  failureMessage: (result: GateResult) => string;
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
    failures.unshift(failureMessage(result));
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
