// Step 1 of a run: every input, merged with the policy file when `config-file` names one, checked
// at once. Pure but for the file read (in a chunk of its own, like the SPDX id list it may need).
import type { RunnerContext } from '../github/context.js';
import { repositoryPath } from '../github/workspace.js';
import { failure, fromPolicyFile, replacedListWords, success, type BasePolicyFile } from '../model.js';
import { bool } from './fields.js';
import { collectInputs, parseInputs, settingValue, type Config, type InputValue, type PolicyFile } from './inputs.js';
import { replacedLists } from './lists.js';
import type { PolicyFileRead } from './policy-file.js';
import type { VexInput, VexReadOptions } from './vex-files.js';
import { positionIn } from './positions.js';

/** An error annotation on a line of the policy file in the workspace: `file` from the repository's root. */
export interface FileAnnotation {
  message: string;
  file: string;
  line: number;
  column: number;
}

/** Why no configuration: every input error at once; or, `apiError`, a read that decides the verdict failed. */
export interface NotLoaded {
  ok: false;
  error: string[];
  /** Whether a job summary is wanted all the same (`summary`, from the inputs and the file). */
  summary?: boolean;
  /** The errors at a line of the workspace's policy file, to annotate there (unless `annotations` is false). */
  annotations?: FileAnnotation[];
  /**
   * The policy file could not be read at the base commit: an API error, under the on-api-error of
   * the inputs (a policy file cannot say how its own read fails); `warn` lets the step succeed.
   */
  apiError?: { warn: boolean };
}

/** The configuration and the policy file it came from in part; or why there is none. */
export async function loadConfig(
  read: (name: string) => string,
  context: RunnerContext,
): Promise<{ ok: true; value: { config: Config; file: PolicyFile | null; vex: VexInput | null } } | NotLoaded> {
  const policy = await readPolicyFile(read, context);
  if (policy.kind === 'api-error') {
    const onApiError = settingValue('on-api-error', read('on-api-error'))?.value;
    const apiError = { warn: onApiError === 'warn' };
    return { ...failure([policy.message]), summary: summaryWanted(read('summary')), apiError };
  }
  const { basePolicy } = policy;
  const file = policy.file ?? success(null);
  // What a broken file could still give counts, so its other settings are not reported missing too.
  const inputs = collectInputs(read, file.ok ? file.value : (file.partial ?? null));
  // The SPDX id list is loaded only when a license policy is set.
  const licensed = inputs.values['allow-licenses'] !== '' || inputs.values['deny-licenses'] !== '';
  const checks = licensed ? { licenseIdProblem: (await import('../policy/license-ids.js')).licenseIdProblem } : {};
  const parsed = parseInputs(inputs, context, checks);
  const valid = file.ok && parsed.ok ? { ...parsed.value, basePolicy, replacedLists: replacedLists(inputs) } : null;
  // The VEX documents are inputs too, read whether or not the others are valid, so that every problem
  // is reported at once. Reading them sends nothing to the service: they are the workspace's files (on
  // a change, the base commit's, through GitHub, as the policy file is read before the inputs are).
  const options = valid ?? vexOptionsAlone(inputs.values);
  const vex =
    options.vexFiles.length > 0 ? await (await import('./vex-files.js')).readVexInput(options, context) : null;
  if (valid === null) {
    const vexErrors =
      vex === null || vex.kind === 'read' ? [] : vex.kind === 'input-error' ? vex.errors : [vex.message];
    const errors = [...(file.ok ? [] : file.error), ...(parsed.ok ? [] : parsed.error), ...vexErrors];
    return notLoaded(errors, inputs.values, policy.workspaceFile, context.workspace);
  }
  // Refused documents stop the run before any request to the service.
  if (vex?.kind === 'input-error') return { ...failure(vex.errors), summary: valid.summary, annotations: [] };
  if (vex?.kind === 'api-error')
    return {
      ...failure([vex.message]),
      summary: valid.summary,
      annotations: [],
      apiError: { warn: valid.onApiError === 'warn' },
    };
  return success({ config: valid, file: file.ok ? file.value : null, vex: vex?.input ?? null });
}

/**
 * What reading the VEX documents takes of inputs that did not all validate: each input read alone,
 * its default when it does not read (a bad vex-files: nothing to read; it is reported already).
 */
function vexOptionsAlone(values: Record<string, InputValue>): VexReadOptions {
  const alone = (name: string) => settingValue(name, values[name] ?? '')?.value;
  const files = alone('vex-files');
  const token = alone('github-token');
  const seconds = alone('request-timeout-seconds');
  const retries = alone('max-retries');
  return {
    vexFiles: Array.isArray(files) ? files.filter((path): path is string => typeof path === 'string') : [],
    githubToken: typeof token === 'string' && token !== '' ? token : null,
    requestTimeoutMs: Math.max(1, Math.round(1000 * (typeof seconds === 'number' ? seconds : 30))),
    maxRetries: typeof retries === 'number' ? retries : 3,
  };
}

/** Every input error, with what the inputs (and the file) still say of the summary and the annotations. */
function notLoaded(
  errors: string[],
  values: Record<string, InputValue>,
  workspaceFile: string | null,
  workspace: string,
): NotLoaded {
  const wanted = (name: string) => summaryWanted(typeof values[name] === 'string' ? values[name] : '');
  const annotated = wanted('annotations') ? workspaceFile : null;
  return {
    ...failure(errors),
    summary: wanted('summary'),
    annotations: annotated === null ? [] : fileAnnotations(errors, annotated, workspace),
  };
}

/**
 * The errors at a place in the policy file read from the workspace (`name`), as annotations on its
 * line. Not for a file of another repository, nor for a pull request's base copy, whose lines may
 * not be those of the file the pull request shows.
 */
function fileAnnotations(errors: string[], name: string, workspace: string): FileAnnotation[] {
  const file = repositoryPath(workspace, name);
  if (file === null) return [];
  return errors.flatMap((error) => {
    const at = positionIn(error, name);
    return at ? [{ message: at.message, file, line: at.line, column: at.column }] : [];
  });
}

/**
 * What `summary` says: false only when it reads as false; its default (true) when it cannot be read.
 * `annotations`, true by default too, is read the same way.
 */
export function summaryWanted(value: string): boolean {
  const parsed = bool(true).safeParse(value);
  return parsed.success ? parsed.data : true;
}

/** "Policy file X: a, b from it …", and each list an input replaced, for the log. */
export function describePolicyFile(file: PolicyFile, config: Config): string {
  const fromFile = fromPolicyFile(config.sources);
  const replaced = config.replacedLists.map((list) => ` ${replacedListWords(list)}.`).join('');
  return `Policy file ${file.name}: ${fromFile.length > 0 ? fromFile.join(', ') : 'nothing'} from it (inputs given in the workflow win).${replaced}`;
}

/**
 * What the log says of a policy file read at a change's base commit: notices (no file at the base;
 * the settings the change would change once merged) and a warning (its own copy does not parse).
 */
export function describeBasePolicy(config: Config, context: RunnerContext): { notices: string[]; warnings: string[] } {
  const base = config.basePolicy;
  if (base === null) return { notices: [], warnings: [] };
  const change = context.change?.event === 'merge_group' ? 'merge group' : 'pull request';
  const [name, short] = [config.configFile ?? '', base.commit.slice(0, 7)];
  const notices: string[] = [];
  if (!base.atBase)
    notices.push(
      `Policy file ${name} is not in the base commit ${short}: no policy file judges this ${change} (inputs and defaults).`,
    );
  if (base.changes.length > 0) {
    const listed = base.changes.map(
      ({ key, base: was, proposed }) =>
        `${key}: ${was === null ? '(not set)' : cut(was)} -> ${proposed === null ? '(not set)' : cut(proposed)}${config.sources[key] === 'input' ? ' (the workflow input wins)' : ''}`,
    );
    notices.push(
      `This ${change} changes the policy file ${name}; the copy at the base commit ${short} judges it, and these settings take effect once it is merged:\n${listed.join('\n')}`,
    );
  }
  const warnings =
    base.proposedUnreadable === null
      ? []
      : [
          `The ${change}'s copy of the policy file ${name} cannot be read (${cut(base.proposedUnreadable, 500)}); the copy at the base commit ${short} judges.`,
        ];
  return { notices, warnings };
}

const cut = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** The policy file (null: none) and how a local one stands at a change's base commit; or the API error of that read. */
type PolicyRead =
  | {
      kind: 'read';
      file: PolicyFileRead | null;
      basePolicy: BasePolicyFile | null;
      /** The file's name when it was read from the workspace (not another repository, not a base commit). */
      workspaceFile: string | null;
    }
  | { kind: 'api-error'; message: string };

/**
 * The policy file `config-file` names, read and parsed, or its input errors; on a pull request or
 * merge group a local one is read at the base commit (see base-policy.ts).
 */
async function readPolicyFile(read: (name: string) => string, context: RunnerContext): Promise<PolicyRead> {
  const name = read('config-file').trim();
  if (name === '') return { kind: 'read', file: null, basePolicy: null, workspaceFile: null };
  const { isRemote, loadPolicyFile } = await import('./policy-file.js');
  // The workflow's own values: a policy file cannot say how it is itself read.
  const timeoutMs =
    1000 * Number(settingValue('request-timeout-seconds', read('request-timeout-seconds'))?.value ?? 30);
  const maxRetries = Number(settingValue('max-retries', read('max-retries'))?.value ?? 3);
  const githubToken = read('github-token').trim() || null;
  if (context.change === null || isRemote(name)) {
    const token = read('config-token').trim() || githubToken;
    const sources = { workspace: context.workspace, apiUrl: context.apiUrl, token, timeoutMs, maxRetries };
    const workspaceFile = isRemote(name) ? null : name;
    return { kind: 'read', file: await loadPolicyFile(name, sources), basePolicy: null, workspaceFile };
  }
  const { readBasePolicy } = await import('./base-policy.js');
  const at = await readBasePolicy(name, {
    workspace: context.workspace,
    apiUrl: context.apiUrl,
    token: githubToken,
    repository: context.repository,
    base: context.change.base,
    timeoutMs,
    maxRetries,
  });
  if (at.kind === 'api-error') return { kind: 'api-error', message: at.message };
  if (at.kind === 'input-error')
    return { kind: 'read', file: failure(at.errors), basePolicy: null, workspaceFile: null };
  return { kind: 'read', file: at.file, basePolicy: at.base, workspaceFile: null };
}
