// The current SPDX license list, for checking allow-licenses and deny-licenses: data only, so the
// input check loads no SPDX parsing code (that comes with the license policy, once it is needed).
import CURRENT_IDS from 'spdx-license-ids/index.json' with { type: 'json' };

export const CURRENT: ReadonlySet<string> = new Set<string>(CURRENT_IDS);

/** `LicenseRef-…`, also another document's (`DocumentRef-…:LicenseRef-…`), in any case, as SPDX matches them. */
export const LICENSE_REF = /^(?:DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$/i;

/** An allow/deny entry: an id of the current SPDX list or a LicenseRef; null when it is one, else why not. */
export function licenseIdProblem(id: string): string | null {
  if (CURRENT.has(id) || LICENSE_REF.test(id)) return null;
  const near = [...CURRENT].find((known) => known.toLowerCase() === id.toLowerCase());
  if (near) return `"${id}" is not an SPDX license id as written; did you mean ${near}?`;
  if (/\s(AND|OR|WITH)\s/i.test(id)) return `"${id}" is an expression; list SPDX license ids one by one.`;
  return `"${id}" is not an id of the current SPDX license list (https://spdx.org/licenses/) nor a LicenseRef-…`;
}
