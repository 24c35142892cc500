// Per-repository settings changes: planned from the inputs (pure), then sent or, in a dry run, only listed.
import { ApiError } from '../api/client.js';
import type { Endpoints } from '../api/endpoints.js';
import type { Config } from '../config/inputs.js';
import type { SettingChange } from '../model.js';

/** One change per setting; the union ties each setting to the type of its value. */
export type PlannedSetting =
  | { setting: 'pr-scanning'; input: string; value: boolean }
  | { setting: 'max-pr-timeout'; input: string; value: number }
  | { setting: 'cwe-whitelist'; input: string; value: string[] };

/** Only the inputs that were given become changes. */
export function planSettings(settings: Config['settings']): PlannedSetting[] {
  const plan: PlannedSetting[] = [];
  if (settings.prScanning !== null)
    plan.push({ setting: 'pr-scanning', input: 'set-pr-scanning', value: settings.prScanning });
  if (settings.maxPrTimeoutMinutes !== null) {
    plan.push({ setting: 'max-pr-timeout', input: 'set-max-pr-timeout-minutes', value: settings.maxPrTimeoutMinutes });
  }
  if (settings.cweWhitelist !== null)
    plan.push({ setting: 'cwe-whitelist', input: 'set-cwe-whitelist', value: settings.cweWhitelist });
  return plan;
}

export interface SettingsTarget {
  organizationId?: string;
  repositoryId: string;
}

/** Sends the planned changes concurrently; a failure is recorded on its change, never thrown. */
export async function applySettings(
  endpoints: Endpoints,
  target: SettingsTarget,
  plan: PlannedSetting[],
  dryRun: boolean,
): Promise<SettingChange[]> {
  if (dryRun) return plan.map((p) => ({ ...p, status: 'dry-run' }));
  return Promise.all(
    plan.map(async (p): Promise<SettingChange> => {
      try {
        const { ok } = await send(endpoints, target, p);
        return ok
          ? { ...p, status: 'applied' }
          : {
              ...p,
              status: 'failed',
              error:
                'the service answered ok: false and did not apply it; check the value and the repository in the service',
            };
      } catch (error) {
        const status = error instanceof ApiError && error.kind === 'credentials' ? 'rejected' : 'failed';
        return { ...p, status, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

function send(endpoints: Endpoints, target: SettingsTarget, p: PlannedSetting): Promise<{ ok: boolean }> {
  switch (p.setting) {
    case 'pr-scanning':
      return endpoints.setPrScanning({ ...target, isPrScanningEnabled: p.value });
    case 'max-pr-timeout':
      return endpoints.setMaxPrTimeout({ ...target, maxPrTimeoutMinutes: p.value });
    case 'cwe-whitelist':
      return endpoints.setCweWhitelist({ ...target, cweWhitelist: p.value });
  }
}

export function describeSetting(change: Pick<SettingChange, 'input' | 'value'>): string {
  const value = Array.isArray(change.value)
    ? change.value.length
      ? change.value.join(', ')
      : '(empty list)'
    : String(change.value);
  return `${change.input}: ${value}`;
}
