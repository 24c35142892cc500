// Runs the bundled action (dist/index.js) exactly as the GitHub runner does: inputs as INPUT_*
// environment variables (defaults from action.yml), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files,
// an event payload file, and a clean environment. Used by the demo and the integration tests.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export interface ActionRunOptions {
  /** Inputs by name as in action.yml; unset ones take action.yml's default, as on the runner. */
  inputs: Record<string, string>;
  eventName?: string;
  /** The event payload; default: a pull_request on acme/webshop (repository.id 123456789). */
  event?: Record<string, unknown>;
  repository?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Extra node arguments before the script (the benchmark's memory probe). */
  nodeArgs?: string[];
  /** Files to put in the workspace first, by path relative to it (a policy file). */
  files?: Record<string, string | Uint8Array>;
  /** Symbolic links to put in the workspace after the files, by path relative to it: link -> target (as given). */
  links?: Record<string, string>;
  /** The script to run instead of dist/index.js (a copy of the entry without its chunks). */
  entry?: string;
}

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The temporary workspace (cwd of the run); removed by cleanup(). */
  workspace: string;
  cleanup(): Promise<void>;
}

/** Inputs as the runner hands them to an action: `INPUT_<NAME>` environment variables. */
export function inputEnv(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value]),
  );
}

export const DEFAULT_EVENT = {
  repository: { id: 123456789, full_name: 'acme/webshop' },
  pull_request: { number: 7, head: { repo: { full_name: 'acme/webshop', fork: false } } },
};

let defaults: Promise<Record<string, string>> | null = null;

/** Input defaults from action.yml, with `${{ github.token }}` standing for a fake token. */
export function actionDefaults(): Promise<Record<string, string>> {
  defaults ??= readFile(join(ROOT, 'action.yml'), 'utf8').then((yml) => {
    const result: Record<string, string> = {};
    const inputs = yml.split(/^outputs:/m)[0]!.split(/^inputs:/m)[1] ?? '';
    let current: string | null = null;
    for (const line of inputs.split('\n')) {
      const name = /^ {2}([a-z0-9-]+):\s*$/.exec(line);
      if (name) current = name[1]!;
      const value = /^ {4}default:\s*(.*)$/.exec(line);
      if (current && value) {
        const raw = value[1]!.trim().replace(/^(['"])(.*)\1$/, '$2');
        result[current] = raw.includes('github.token') ? 'ghs_fakeGithubTokenForTests' : raw;
      }
    }
    return result;
  });
  return defaults;
}

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const workspace = await mkdtemp(join(tmpdir(), 'security-gate-run-'));
  const outputFile = join(workspace, 'github_output');
  const summaryFile = join(workspace, 'step_summary.md');
  const eventFile = join(workspace, 'event.json');
  await Promise.all([
    writeFile(outputFile, ''),
    writeFile(summaryFile, ''),
    writeFile(eventFile, JSON.stringify(options.event ?? DEFAULT_EVENT)),
    ...Object.entries(options.files ?? {}).map(async ([path, text]) => {
      const file = join(workspace, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    }),
  ]);
  for (const [path, target] of Object.entries(options.links ?? {})) {
    const link = join(workspace, path);
    await mkdir(dirname(link), { recursive: true });
    await symlink(target, link);
  }
  const inputs = { ...(await actionDefaults()), ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: workspace,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_REPOSITORY: options.repository ?? 'acme/webshop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_ACTOR: 'octocat',
    ...options.env,
  };
  Object.assign(env, inputEnv(inputs));

  const args = [...(options.nodeArgs ?? []), options.entry ?? join(ROOT, 'dist', 'index.js')];
  const { exitCode, stdout, stderr } = await spawnNode(args, env, workspace, options.timeoutMs ?? 60_000);
  const [outputText, summary] = await Promise.all([readFile(outputFile, 'utf8'), readFile(summaryFile, 'utf8')]);
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(outputText),
    summary,
    workspace,
    cleanup: () => rm(workspace, { recursive: true, force: true }),
  };
}

function spawnNode(args: string[], env: Record<string, string>, cwd: string, timeoutMs: number) {
  return new Promise<{ exitCode: number | null; stdout: string; stderr: string }>((done, fail) => {
    // SECURITY_GATE_NODE: another Node to run the action on (CI runs the integration tests on the
    // runner's Node 24 too); default the Node running this.
    const child = spawn(process.env.SECURITY_GATE_NODE || process.execPath, args, {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      done({ exitCode, stdout, stderr });
    });
  });
}

/** GITHUB_OUTPUT holds `name<<DELIMITER\nvalue\nDELIMITER` blocks (and `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}
