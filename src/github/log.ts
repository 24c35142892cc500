// Logging for a process whose stdout the runner parses for workflow commands (`::name::`).
// Text that came from the service goes through here so it can never be read as a command.
import * as core from '@actions/core';
import { BIDI, CONTROLS } from '../characters.js';

const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Breaks anything the runner could read as a command: `::` at the start of a line (after
 * whitespace, which the runner trims with .NET's rules: they include U+0085, which JS's \s does
 * not) and the legacy `##[` form anywhere in a line.
 */
export function neutralise(text: string): string {
  return clean(text)
    .split(/\r?\n|\r/)
    .map((line) =>
      line.replace(/^([\s\u0085]*)::/, `$1${ZERO_WIDTH_SPACE}::`).replaceAll('##[', `#${ZERO_WIDTH_SPACE}#[`),
    )
    .join('\n');
}

/**
 * Control characters (ANSI escapes among them) and bidirectional overrides from the service would
 * recolour or reorder the log, or hide text in an annotation: they never reach either.
 */
function clean(text: string): string {
  return text.replace(BIDI, '').replace(CONTROLS, '');
}

function cleanProperties(properties?: core.AnnotationProperties): core.AnnotationProperties | undefined {
  if (!properties) return undefined;
  const { title, file, ...rest } = properties;
  return {
    ...rest,
    ...(title === undefined ? {} : { title: clean(title) }),
    ...(file === undefined ? {} : { file: clean(file) }),
  };
}

/** core.info writes raw to stdout; the other core functions already escape their message for the command. */
export function info(message: string): void {
  core.info(neutralise(message));
}

export function warning(message: string, properties?: core.AnnotationProperties): void {
  core.warning(clean(message), cleanProperties(properties));
}

export function notice(message: string, properties?: core.AnnotationProperties): void {
  core.notice(clean(message), cleanProperties(properties));
}

export function error(message: string, properties?: core.AnnotationProperties): void {
  core.error(clean(message), cleanProperties(properties));
}

export function debug(message: string): void {
  core.debug(clean(message));
}

/** Fails the step (an error annotation and exit code 1). */
export function fail(message: string): void {
  core.setFailed(clean(message));
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A collapsible log group that ends with how long it took. Groups cannot nest on the runner. */
export async function group<T>(name: string, fn: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const started = now();
  core.startGroup(name);
  try {
    return await fn();
  } finally {
    core.info(`(${seconds(now() - started)})`);
    core.endGroup();
  }
}
