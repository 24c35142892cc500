// A JSON document written in parts: its small skeleton serialised whole, with placeholders where its
// large lists go, so that the lists can be written in chunks (the JSON report, SARIF).
import { randomUUID } from 'node:crypto';

/** A value no service text can know in advance, to stand in the skeleton where a list goes. */
export const placeholder = (): string => randomUUID();

/** `json` cut where each placeholder stands, in order: the text before, between and after them. */
export function cutAt(json: string, ...placeholders: string[]): string[] {
  const parts: string[] = [];
  let rest = json;
  for (const value of placeholders) {
    const marker = JSON.stringify(value);
    const at = rest.indexOf(marker);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  parts.push(rest);
  return parts;
}
