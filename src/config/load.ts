// Step 1 of a run: every input, merged with the policy file when `config-file` names one, checked
// at once. Pure but for the file read (in a chunk of its own, like the SPDX id list it may need).
import type { RunnerContext } from '../github/context.js';
import { success, failure, type Outcome } from '../model.js';
import { bool } from './fields.js';
import {
  collectInputs,
  fromPolicyFile,
  parseInputs,
  settingValue,
  type CollectedInputs,
  type Config,
  type PolicyFile,
} from './inputs.js';

/**
 * The configuration and the policy file it came from in part; or every input error at once, with
 * whether a job summary is wanted all the same (`summary`, from the inputs and the file).
 */
export async function loadConfig(
  read: (name: string) => string,
  context: RunnerContext,
): Promise<Outcome<{ config: Config; file: PolicyFile | null }, string[]> & { summary?: boolean }> {
  const file = await readPolicyFile(read, context);
  // What a broken file could still give counts, so its other settings are not reported missing too.
  const inputs = collectInputs(read, file.ok ? file.value : (file.partial ?? null));
  // The SPDX id list is loaded only when a license policy is set.
  const licensed = inputs.values['allow-licenses'] !== '' || inputs.values['deny-licenses'] !== '';
  const checks = licensed ? { licenseIdProblem: (await import('../policy/license-ids.js')).licenseIdProblem } : {};
  const parsed = parseInputs(inputs, context, checks);
  const unsafe = unsafeApiUrl(inputs, context);
  if (file.ok && parsed.ok && !unsafe) return success({ config: parsed.value, file: file.value });
  const errors = [...(file.ok ? [] : file.error), ...(parsed.ok ? [] : parsed.error), ...(unsafe ? [unsafe] : [])];
  const summary = inputs.values.summary;
  return { ...failure(errors), summary: summaryWanted(typeof summary === 'string' ? summary : '') };
}

/** What a `summary` value says: false only when it reads as false; its default (true) when it cannot be read. */
export function summaryWanted(value: string): boolean {
  const parsed = bool(true).safeParse(value);
  return parsed.success ? parsed.data : true;
}

/** "Policy file X: a, b from it …", for the log. */
export function describePolicyFile(file: PolicyFile, config: Config): string {
  const fromFile = fromPolicyFile(config.sources);
  return `Policy file ${file.name}: ${fromFile.length > 0 ? fromFile.join(', ') : 'nothing'} from it (inputs given in the workflow win).`;
}

/** The policy file `config-file` names, read and parsed; null when none. */
async function readPolicyFile(
  read: (name: string) => string,
  context: RunnerContext,
): Promise<Outcome<PolicyFile | null, string[]> & { partial?: PolicyFile }> {
  const name = read('config-file').trim();
  if (name === '') return success(null);
  const { loadPolicyFile } = await import('./policy-file.js');
  const token = read('config-token').trim() || read('github-token').trim() || null;
  // The workflow's own values: a policy file cannot say how it is itself read.
  const timeoutMs =
    1000 * Number(settingValue('request-timeout-seconds', read('request-timeout-seconds'))?.value ?? 30);
  const maxRetries = Number(settingValue('max-retries', read('max-retries'))?.value ?? 3);
  return loadPolicyFile(name, { workspace: context.workspace, apiUrl: context.apiUrl, token, timeoutMs, maxRetries });
}

/**
 * On pull_request_target the workspace may hold the pull request's own files: a policy file there
 * must not say where the tokens go. Null when api-url is safe.
 */
function unsafeApiUrl(inputs: CollectedInputs, context: RunnerContext): string | null {
  if (inputs.sources['api-url'] !== 'file' || inputs.file?.remote || context.eventName !== 'pull_request_target') {
    return null;
  }
  return (
    `api-url: set by ${inputs.file?.name ?? 'the policy file'} in the workspace, on pull_request_target, where the ` +
    "workspace may hold the pull request's files and the tokens would go wherever it says. Give api-url as an " +
    'input, or read the policy file from a repository (config-file: OWNER/REPO/PATH@REF).'
  );
}
