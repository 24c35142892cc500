// The organization rollout kit in examples/ (README: "Rolling out to an organization") is what users
// copy: every file is valid YAML, the workflows are well-formed and fit together (the caller calls
// the reusable workflow with inputs and secrets it declares, and grants what its jobs ask for), and
// the policy file holds only keys a policy file may hold.
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { parse, parseDocument } from 'yaml';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const { version: VERSION } = JSON.parse(read('package.json')) as { version: string };

type Permissions = Record<string, string> | string;
interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  name?: string;
  'runs-on'?: unknown;
  permissions?: Permissions;
  concurrency?: unknown;
  needs?: string | string[];
  if?: string;
  steps?: Step[];
  uses?: string;
  with?: Record<string, unknown>;
  secrets?: Record<string, unknown> | string;
}
interface WorkflowCall {
  inputs?: Record<string, { type?: string; required?: boolean; default?: unknown }>;
  secrets?: Record<string, { required?: boolean } | null>;
  outputs?: Record<string, unknown>;
}
interface Workflow {
  on?: Record<string, unknown> & { workflow_call?: WorkflowCall; workflow_dispatch?: { inputs?: unknown } | null };
  permissions?: Permissions;
  concurrency?: unknown;
  jobs?: Record<string, Job>;
}

const POLICY = 'policy.yml';
// The policy file as the organization keeps it, the path the workflows' config-file names.
const POLICY_COPY = 'acme/security-policies/security-gate.yml';
const REQUIRED = 'org-required-workflow.yml';
const REUSABLE = 'reusable-security-gate.yml';
const CALLER = 'caller.yml';

const files = readdirSync(new URL('examples/', root))
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const source = (file: string) => read(`examples/${file}`);
const workflowFiles = files.filter((f) => f !== POLICY);
const workflow = (file: string) => parse(source(file)) as Workflow;

// The inputs of action.yml, read with the same parser.
const actionInputs = new Set(Object.keys((parse(read('action.yml')) as { inputs: Record<string, unknown> }).inputs));
// Inputs a policy file must not hold: credentials, and the file's own name.
const TOKEN_INPUTS = ['api-token-id', 'api-token-secret', 'github-token', 'config-token', 'config-file'];

const jobsOf = (w: Workflow) => Object.entries(w.jobs ?? {});
const stepsOf = (w: Workflow) => jobsOf(w).flatMap(([, job]) => job.steps ?? []);
const isGate = (step: Step) => /^OWNER\/security-gate@/.test(step.uses ?? '');
const gateSteps = (w: Workflow) => stepsOf(w).filter(isGate);

/** Every string in a parsed document (comments are not in it). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The permissions a job gets: its own, else the workflow's. */
function permissionsOf(w: Workflow, job: Job): Record<string, string> {
  const p = job.permissions ?? w.permissions ?? {};
  if (typeof p === 'string') throw new Error(`permissions: ${p}: spell the scopes out`);
  return p;
}
const LEVEL: Record<string, number> = { none: 0, read: 1, write: 2 };

describe('examples/', () => {
  test('holds the organization rollout kit: the policy file and three workflows', () => {
    expect(files).toEqual(expect.arrayContaining([POLICY, REQUIRED, REUSABLE, CALLER]));
    // Anything else added later must be a workflow (it is then checked below like the others).
    for (const file of workflowFiles)
      expect({ file, jobs: typeof workflow(file).jobs }).toEqual({ file, jobs: 'object' });
  });

  test.each(files)('%s: valid YAML 1.2 without errors, warnings or duplicate keys', (file) => {
    const doc = parseDocument(source(file));
    expect(doc.errors.map((e) => e.message)).toEqual([]);
    expect(doc.warnings.map((e) => e.message)).toEqual([]);
  });

  test('each action has one version across examples/ and .github/workflows/ (SHA and comment alike)', () => {
    const sources = [
      ...workflowFiles.map(source),
      ...readdirSync(new URL('.github/workflows/', root))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => read(`.github/workflows/${f}`)),
    ];
    const refs = new Map<string, Set<string>>();
    for (const [, action, pin] of sources.flatMap((text) => [
      ...text.matchAll(/^\s*(?:-\s+)?uses:\s*([^@\s]+)@(\S+(?:\s+#.*)?)$/gm),
    ])) {
      if (action!.startsWith('./') || action!.includes('/.github/workflows/')) continue;
      refs.set(action!, (refs.get(action!) ?? new Set()).add(pin!.replace(/\s+#\s*/, ' # ')));
    }
    expect(refs.size).toBeGreaterThan(0);
    for (const [action, pins] of refs) expect({ action, pins: [...pins] }).toEqual({ action, pins: [[...pins][0]] });
  });

  test('the README links every file', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/^## Rolling out to an organization$/m);
    const linked = (file: string) => readme.includes(`](examples/${file})`);
    for (const file of files) expect({ file, linked: linked(file) }).toEqual({ file, linked: true });
  });
});

describe.each(workflowFiles)('examples/%s', (file) => {
  const w = workflow(file);

  test('a well-formed workflow with explicit permissions', () => {
    expect(w.on).toBeDefined();
    expect(jobsOf(w).length).toBeGreaterThan(0);
    for (const [name, job] of jobsOf(w)) {
      // a job runs steps on a runner, or calls a reusable workflow
      const ok = Boolean(job.uses) || (Boolean(job['runs-on']) && (job.steps?.length ?? 0) > 0);
      expect({ name, ok }).toEqual({ name, ok: true });
      expect({ name, permissions: w.permissions !== undefined || job.permissions !== undefined }).toEqual({
        name,
        permissions: true,
      });
      for (const step of job.steps ?? [])
        expect({ name, step: Boolean(step.uses) !== Boolean(step.run) }).toEqual({ name, step: true });
      for (const need of [job.needs ?? []].flat()) expect(Object.keys(w.jobs ?? {})).toContain(need);
    }
  });

  test("the gate pins the placeholder <SHA> with package.json's version as its comment, under a comment that says what to put in its place; every other action is pinned by a full commit SHA with its version as a comment", () => {
    const text = source(file).split('\n');
    const lines = text
      .map((line, at) => ({ at, match: /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line) }))
      .filter((l): l is { at: number; match: RegExpExecArray } => l.match !== null)
      // local actions, and reusable workflows (pinned as the organization chooses: see caller.yml)
      .filter(({ match: [, ref] }) => !ref!.startsWith('./') && !ref!.includes('/.github/workflows/'));
    expect(lines.length).toBe(stepsOf(w).filter((s) => s.uses).length);
    for (const { at, match } of lines) {
      const [, ref, rest] = match;
      if (ref!.startsWith('OWNER/security-gate@')) {
        // No release is tagged yet, so no real SHA is true: the placeholder, and the comment right
        // above it says what to put in its place (docs/versions.md, "Pin by commit SHA").
        expect({ ref, comment: rest!.trim() }).toEqual({ ref: 'OWNER/security-gate@<SHA>', comment: `# v${VERSION}` });
        let start = at;
        while (start > 0 && /^\s*#/.test(text[start - 1]!)) start--;
        const advice = text.slice(start, at).join(' ');
        expect({ ref, advice }).toEqual({
          ref,
          advice: expect.stringMatching(/<SHA> is a placeholder.*full commit SHA/),
        });
        continue;
      }
      expect(ref).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect({ ref, comment: rest }).toEqual({ ref, comment: expect.stringMatching(/^\s+# v\d/) });
    }
  });

  test('the gate step passes only inputs of action.yml', () => {
    for (const step of gateSteps(w)) {
      for (const input of Object.keys(step.with ?? {}))
        expect({ input, known: actionInputs.has(input) }).toEqual({ input, known: true });
    }
  });

  test('tokens come from secrets (or a token the job makes from one), never written out', () => {
    for (const step of gateSteps(w)) {
      for (const input of ['api-token-id', 'api-token-secret', 'config-token']) {
        const value = step.with?.[input];
        if (value !== undefined)
          expect({ input, value }).toEqual({
            input,
            value: expect.stringMatching(/^\$\{\{ (secrets\.[\w-]+|steps\.[\w-]+\.outputs\.token) \}\}$/),
          });
      }
    }
  });
});

describe(`examples/${REQUIRED}: the ruleset's required workflow`, () => {
  const w = workflow(REQUIRED);
  const gate = gateSteps(w);

  test('triggers on plain pull_request and merge_group, nothing else and no inputs', () => {
    expect(Object.keys(w.on ?? {}).sort()).toEqual(['merge_group', 'pull_request']);
    // rulesets ignore filters and activity types: none are written, so none mislead
    for (const [event, filters] of Object.entries(w.on ?? {}))
      expect({ event, filters }).toEqual({ event, filters: null });
    expect(w.on?.workflow_dispatch).toBeUndefined();
    expect(w.on?.workflow_call).toBeUndefined();
  });

  test('no cancel-in-progress, which ruleset workflows must not use', () => {
    const groups = [w.concurrency, ...jobsOf(w).map(([, job]) => job.concurrency)];
    expect(groups.filter((c) => typeof c === 'object' && c !== null && 'cancel-in-progress' in c)).toEqual([]);
  });

  test('least permissions: contents read, pull-requests write for the comment', () => {
    for (const [, job] of jobsOf(w))
      expect(permissionsOf(w, job)).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  test('settings from the organization: a remote policy file, variables and secrets', () => {
    expect(gate).toHaveLength(1);
    const inputs = gate[0]!.with ?? {};
    expect(inputs['config-file']).toMatch(/^[\w.-]+\/[\w.-]+\/[\w./-]+@[\w./-]+$/); // OWNER/REPO/PATH@REF
    expect(String(inputs['config-file'])).toMatch(new RegExp(`^${POLICY_COPY.replace(/\./g, '\\.')}@`));
    expect(inputs).toMatchObject({
      // An installation token made in the job (actions/create-github-app-token), never a stored one.
      'config-token': '${{ steps.app-token.outputs.token }}',
      'api-url': '${{ vars.SECURITY_API_URL }}',
      'api-token-id': '${{ secrets.SECURITY_TOKEN_ID }}',
      'api-token-secret': '${{ secrets.SECURITY_TOKEN_SECRET }}',
      'organization-id': '${{ vars.SECURITY_ORG_ID }}',
      'app-id': '${{ vars.SECURITY_APP_ID }}',
    });
    // no policy in the workflow: that is the policy file's job
    expect(Object.keys(inputs).filter((k) => /severity|allow|deny|licen|comment/.test(k))).toEqual([]);
  });

  test('runs the gate for forks and Dependabot too (judged without the secrets), and makes the policy token in the job', () => {
    expect(gate[0]!.if).toBeUndefined();
    expect(stepsOf(w).some((s) => s.run?.includes('::notice'))).toBe(false);
    const app = stepsOf(w).find((s) => s.uses?.startsWith('actions/create-github-app-token@'));
    expect(app?.uses).toMatch(/^actions\/create-github-app-token@[0-9a-f]{40}$/); // the version in a comment
    // Skipped where GitHub passes no secrets, and never failing the job: the gate then reads with the job's token.
    expect(app).toMatchObject({ id: 'app-token', 'continue-on-error': true });
  });
});

describe(`examples/${REUSABLE}: the reusable workflow`, () => {
  const w = workflow(REUSABLE);
  const call = w.on?.workflow_call ?? {};

  test('is called through workflow_call, with inputs and secrets', () => {
    expect(Object.keys(w.on ?? {})).toEqual(['workflow_call']);
    expect(Object.keys(call.inputs ?? {})).toEqual(
      expect.arrayContaining(['config-file', 'fail-on-severity', 'comment-on-pr', 'sarif']),
    );
    expect(call.inputs?.sarif?.type).toBe('boolean');
    expect(Object.keys(call.secrets ?? {}).sort()).toEqual(['api-token-id', 'api-token-secret', 'config-token']);
    // required secrets would refuse fork and Dependabot runs before the `if:` could skip the gate
    for (const [name, secret] of Object.entries(call.secrets ?? {}))
      expect({ name, required: secret?.required ?? false }).toEqual({ name, required: false });
  });

  test('uses only the inputs and secrets it declares', () => {
    const used = (kind: 'inputs' | 'secrets') => [
      ...new Set(
        strings(w.jobs).flatMap((s) => [...s.matchAll(new RegExp(`\\b${kind}\\.([\\w-]+)`, 'g'))].map((m) => m[1]!)),
      ),
    ];
    expect(used('inputs').filter((name) => !(name in (call.inputs ?? {})))).toEqual([]);
    expect(used('secrets').filter((name) => !(name in (call.secrets ?? {})))).toEqual([]);
    expect(gateSteps(w)).toHaveLength(1);
  });

  test('security-events: write only in the job that uploads SARIF, which runs only when asked', () => {
    const jobs = jobsOf(w);
    const uploads = jobs.filter(([, job]) =>
      (job.steps ?? []).some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@')),
    );
    expect(uploads).toHaveLength(1);
    for (const [name, job] of jobs) {
      const writes = permissionsOf(w, job)['security-events'] === 'write';
      expect({ name, writes }).toEqual({ name, writes: uploads.some(([upload]) => upload === name) });
    }
    expect(uploads[0]![1].if).toContain('inputs.sarif');
    // the job that runs the action with the service's tokens gets no write scope but the comment's
    for (const [name, job] of jobs.filter(([, job]) => (job.steps ?? []).some(isGate))) {
      const writes = Object.entries(permissionsOf(w, job)).filter(([, level]) => level === 'write');
      expect({ name, writes }).toEqual({ name, writes: [['pull-requests', 'write']] });
    }
  });
});

describe(`examples/${CALLER}: the caller`, () => {
  const w = workflow(CALLER);
  const reusable = workflow(REUSABLE);
  const call = reusable.on?.workflow_call ?? {};
  const callers = jobsOf(w).filter(([, job]) => job.uses);

  test('calls the reusable workflow by its path in the central repository', () => {
    expect(callers).toHaveLength(1);
    expect(callers[0]![1].uses).toMatch(
      new RegExp(`^[\\w.-]+/[\\w.-]+/\\.github/workflows/${REUSABLE.replace('.', '\\.')}@[\\w./-]+$`),
    );
    expect(Object.keys(w.on ?? {})).toContain('pull_request');
  });

  test('passes only inputs and secrets the reusable workflow declares', () => {
    const [, job] = callers[0]!;
    for (const input of Object.keys(job.with ?? {})) expect(Object.keys(call.inputs ?? {})).toContain(input);
    expect(typeof job.secrets).toBe('object'); // explicit: `inherit` passes them under other names
    expect(Object.keys(job.secrets as object).sort()).toEqual(Object.keys(call.secrets ?? {}).sort());
  });

  test("grants every permission the called jobs ask for (the caller's permissions are their ceiling)", () => {
    const granted = permissionsOf(w, callers[0]![1]);
    for (const [name, job] of jobsOf(reusable)) {
      for (const [scope, level] of Object.entries(permissionsOf(reusable, job))) {
        expect({ name, scope, enough: (LEVEL[granted[scope] ?? 'none'] ?? 0) >= (LEVEL[level] ?? 0) }).toEqual({
          name,
          scope,
          enough: true,
        });
      }
    }
  });
});

describe(`examples/${POLICY}: the organization's policy file`, () => {
  const policy = parse(source(POLICY)) as Record<string, unknown>;

  test("top-level keys are action.yml's inputs, but no token input, plus version", () => {
    const allowed = new Set([...actionInputs].filter((name) => !TOKEN_INPUTS.includes(name)));
    for (const key of Object.keys(policy))
      expect({ key, allowed: key === 'version' || allowed.has(key) }).toEqual({ key, allowed: true });
    for (const key of TOKEN_INPUTS) expect(policy).not.toHaveProperty(key);
    expect(policy.version).toBe(1);
  });

  test('sets what an organization sets', () => {
    expect(Object.keys(policy)).toEqual(
      expect.arrayContaining([
        'api-url',
        'organization-id',
        'fail-on-severity',
        'ignore-unreachable',
        'allow-alerts',
        'fail-on-critical-issues',
        'on-api-error',
        'license-exceptions',
        'unknown-licenses',
        'comment-on-pr',
        'annotations',
      ]),
    );
  });

  test('values of the kinds the inputs take', () => {
    expect(['critical', 'high', 'medium', 'low', 'none']).toContain(policy['fail-on-severity']);
    expect(['fail', 'warn']).toContain(policy['on-api-error']);
    expect(['never', 'on-failure', 'always']).toContain(policy['comment-on-pr']);
    expect(['warn', 'fail', 'ignore']).toContain(policy['unknown-licenses']);
    for (const key of ['ignore-unreachable', 'fail-on-critical-issues', 'annotations'])
      expect({ key, type: typeof policy[key] }).toEqual({ key, type: 'boolean' });
    expect(String(policy['api-url'])).toMatch(/^https:\/\//);
  });

  test('one license list, allow or deny, with the other shown commented out', () => {
    expect(['allow-licenses', 'deny-licenses'].filter((key) => key in policy)).toHaveLength(1);
    const list = (policy['allow-licenses'] ?? policy['deny-licenses']) as unknown[];
    expect(
      Array.isArray(list) && list.length > 0 && list.every((id) => typeof id === 'string' && /^[\w.+-]+$/.test(id)),
    ).toBe(true);
    expect(source(POLICY)).toMatch(/^# (allow|deny)-licenses:$/m);
  });

  test('allow-alerts shows both forms: a string in the input syntax and a mapping {id, until, reason}', () => {
    const entries = policy['allow-alerts'] as unknown[];
    const text = entries.filter((e): e is string => typeof e === 'string');
    const mappings = entries.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null);
    expect(text.length).toBeGreaterThan(0);
    for (const entry of text) expect(entry).toMatch(/^[\w-]+( until \d{4}-\d{2}-\d{2})?( # .+)?$/);
    expect(mappings.length).toBeGreaterThan(0);
    for (const entry of mappings) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'reason', 'until']);
      expect(entry.until).toMatch(/^\d{4}-\d{2}-\d{2}$/); // YAML 1.2 has no date type: it stays text
    }
  });
});
