// The action's stdout as a person reads it in the runner's log view: workflow commands
// (`::error file=…,line=…::message`, `::group::`) turned into plain lines, decoded as the runner does.

/** The runner's unescaping of a command's message (`%25` last, so `%250A` stays `%0A`). */
export function decodeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

/** A property value also escapes `:` and `,`, which delimit the properties. */
export function decodeProperty(text: string): string {
  return decodeData(text.replace(/%3A/gi, ':').replace(/%2C/gi, ','));
}

const ANNOTATIONS = new Set(['error', 'warning', 'notice', 'debug']);
/** Commands the runner acts on without showing a line (a mask would print the secret it hides). */
const SILENT = new Set(['endgroup', 'add-mask', 'set-output', 'save-state', 'add-path', 'set-env', 'echo']);

function parseProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) properties[pair.slice(0, at).trim()] = decodeProperty(pair.slice(at + 1));
  }
  return properties;
}

/** `package.json:12:5` from file, line and col; '' when the annotation names no file. */
function location(properties: Record<string, string>): string {
  const { file, line, col } = properties;
  if (!file) return '';
  return [file, line, line ? col : undefined].filter(Boolean).join(':');
}

/** A workflow command on a line of stdout, decoded as the runner decodes it. */
export interface WorkflowCommand {
  /** Lower case: `error`, `warning`, `group` … */
  name: string;
  /** `file`, `line`, `col`, `title` …, decoded. */
  properties: Record<string, string>;
  message: string;
}

/** The workflow command on `line` (`::name props::message`); null for a line that is none. */
export function parseCommand(line: string): WorkflowCommand | null {
  const command = /^\s*::([A-Za-z-]+)(?:\s+([^:]*))?::(.*)$/.exec(line);
  if (!command) return null;
  return {
    name: command[1]!.toLowerCase(),
    properties: parseProperties(command[2] ?? ''),
    message: decodeData(command[3]!),
  };
}

/** One line of stdout; null for a command the runner does not show. */
export function readableLine(line: string): string | null {
  const command = parseCommand(line);
  if (!command) return line;
  const { name, properties, message } = command;
  if (name === 'group') return `\n▸ ${message}`;
  if (SILENT.has(name)) return null;
  if (!ANNOTATIONS.has(name)) return line;
  const where = location(properties);
  const head = `${name.padEnd(8)}${where ? `${where}  ` : ''}${properties.title ? `${properties.title}: ` : ''}`;
  // A multi-line message keeps its lines under the first, indented.
  return head + message.split(/\r?\n/).join(`\n${' '.repeat(8)}`);
}

/** The whole of stdout, line by line. */
export function readableLog(stdout: string): string {
  return stdout
    .split('\n')
    .map(readableLine)
    .filter((line): line is string => line !== null)
    .join('\n');
}
