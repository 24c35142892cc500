// Inputs the workflow gives that this release does not read (contract: "Near misses get a
// suggestion"). The runner passes every `with:` key as an environment variable INPUT_<NAME>, the
// name upper-cased with spaces as `_` and `-` kept (@actions/core's getInput reads the same), so
// `fail_on: high` arrives as INPUT_FAIL_ON and is never read: a gate that silently ignores a setting
// gates on something else than the workflow says. Each such name is a warning; the run goes on.
import { nearest } from './suggest.js';
import { THIS_RELEASE, type KnownInputs } from './versions.js';

const PREFIX = 'INPUT_';

/** The variable the runner sets for input `name` (as getInput looks it up). */
export const inputVariable = (name: string): string => `${PREFIX}${name.replace(/ /g, '_').toUpperCase()}`;

/** One warning for each INPUT_ variable of `env` that names no input of `known`, in name order. */
export function unknownInputWarnings(
  env: Readonly<Record<string, string | undefined>>,
  known: KnownInputs = THIS_RELEASE,
): string[] {
  const read = new Set(known.inputs.map(inputVariable));
  const names = new Set(
    Object.keys(env)
      .filter((variable) => variable.startsWith(PREFIX) && variable.length > PREFIX.length && !read.has(variable))
      .map((variable) => variable.slice(PREFIX.length).toLowerCase()),
  );
  return [...names].sort().map((name) => unknownInput(name, known));
}

/** Why `name` is not read, and the input nearest to it. */
function unknownInput(name: string, known: KnownInputs): string {
  const notRead = `${name} is not an input of security-gate ${known.version}, so its value is not read`;
  if (Object.hasOwn(known.later, name)) {
    const since = known.later[name];
    const release = since ? `security-gate ${since} and later` : `a release of security-gate after ${known.version}`;
    return `${notRead}: it is an input of ${release}. Upgrade the action to use it.`;
  }
  const near = nearest(name, known.inputs);
  if (near === null) return `${notRead}.`;
  if (near.near) return `${notRead}; did you mean ${near.candidate}?`;
  return `${notRead}; the nearest input is ${near.candidate}. If it is an input of a later release, upgrade the action; docs/versions.md lists the release of each input.`;
}
