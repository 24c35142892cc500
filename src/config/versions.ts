// Which release brought each input and output (docs/versions.md). One table, against which tests
// check action.yml's descriptions, the README's tables, docs/versions.md, the CHANGELOG and
// examples/policy.yml, and from which the policy file's reader says what release a key needs: a
// central policy copied from main must not break a repository pinned to an earlier release unseen.
import { VERSION } from '../version.js';
import { INPUT_NAMES } from './inputs.js';

/** A release, MAJOR.MINOR.PATCH. */
export type Release = `${number}.${number}.${number}`;

/** The first stable release. An input or output not listed below came in it (or before it). */
export const FIRST_STABLE: Release = '1.0.0';

/** Inputs added after 1.0.0, with the release that brought them: a new input adds its line here. */
export const INPUT_SINCE: Readonly<Record<string, Release>> = {
  'known-exploited': '1.1.0',
  'kev-url': '1.1.0',
  'pr-introduced': '1.1.0',
};

/** Outputs added after 1.0.0, with the release that brought them: a new output adds its line here. */
export const OUTPUT_SINCE: Readonly<Record<string, Release>> = {
  'known-exploited-count': '1.1.0',
  'introduced-count': '1.1.0',
};

/**
 * Inputs the contract promises that this build does not have yet, with their release when it is
 * known (null: a release after this one). A policy file that sets one was written for a later
 * release; the reader says so rather than call the key a typo. When one lands, its line moves to
 * INPUT_SINCE with the release that brings it.
 */
export const LATER_INPUTS: Readonly<Record<string, Release | null>> = {
  'vex-files': null,
  'vex-output': null,
  epss: null,
  'epss-url': null,
};

/** What a release knows of the inputs: its own, and those of later releases it can name. */
export interface KnownInputs {
  version: string;
  inputs: readonly string[];
  later: Readonly<Record<string, Release | null>>;
}

/** This build: every input it reads, and the contract's inputs still to come. */
export const THIS_RELEASE: KnownInputs = { version: VERSION, inputs: INPUT_NAMES, later: LATER_INPUTS };
