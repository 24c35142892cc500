// Pure: the action's outputs (contract "Outputs") from the result model.
import { packagesOf, type AlertCounts, type GateResult } from '../model.js';

export interface WrittenFiles {
  reportFile: string | null;
  sarifFile: string | null;
}

export function actionOutputs(result: GateResult, files: WrittenFiles): Record<string, string> {
  // Alerts that were not read have no count: empty, never 0 (contract, "Outputs"). Without the
  // service's secrets the counts are what the pull request brings in; the service's own are empty.
  const count = (key: keyof AlertCounts) => (result.counts === null ? '' : String(result.counts[key]));
  const serviceCount = (key: keyof AlertCounts) => (result.options.withheldSecrets ? '' : count(key));
  return {
    result: result.result,
    'repository-id': result.repository.id,
    'alerts-total': serviceCount('total'),
    'critical-count': serviceCount('critical'),
    'high-count': serviceCount('high'),
    'medium-count': serviceCount('medium'),
    'low-count': serviceCount('low'),
    'unknown-count': serviceCount('unknown'),
    'gating-count': count('gating'),
    'allowed-count': count('allowed'),
    'risk-score': result.posture?.riskScore == null ? '' : String(result.posture.riskScore),
    'minutes-saved': result.timeSaved?.totalMinutesSaved == null ? '' : String(result.timeSaved.totalMinutesSaved),
    schedule: result.schedule?.enabled ? result.schedule.crontab : '',
    // Empty when known-exploited is off or the catalog was not read (or the alerts were not).
    'known-exploited-count': result.counts?.knownExploited == null ? '' : String(result.counts.knownExploited),
    'license-violations': result.licenses ? String(packagesOf(result.licenses.findings.filter((f) => f.gates))) : '',
    // Empty when the change was not read (or the alerts were not), 0 when read and nothing resolved.
    'resolved-count': result.counts?.resolved == null ? '' : String(result.counts.resolved),
    'due-count': serviceCount('due'),
    'next-due': result.nextDue ?? '',
    // Empty when the change was not read or pr-introduced is off (or the alerts were not read).
    'introduced-count': result.counts?.introduced == null ? '' : String(result.counts.introduced),
    // Empty unless epss is a threshold and the scores were read (and the alerts were).
    'epss-count': result.counts?.epss == null ? '' : String(result.counts.epss),
    // Empty when vex-files is empty (or the alerts were not read).
    'vex-count': result.counts?.vex == null ? '' : String(result.counts.vex),
    // Empty unless existing-alerts is warn on a pull request or merge group (and the alerts were read).
    'existing-count': result.counts?.existing == null ? '' : String(result.counts.existing),
    // Before any advisory: empty when the check is off or its read failed.
    'too-new-count': result.counts?.tooNew == null ? '' : String(result.counts.tooNew),
    'malicious-count': result.counts?.malicious == null ? '' : String(result.counts.malicious),
    'denied-count': result.counts?.denied == null ? '' : String(result.counts.denied),
    // From the inputs and the run's date alone: said whatever was read.
    'allow-expiring': String(result.allowExpiring.length),
    'report-file': files.reportFile ?? '',
    'sarif-file': files.sarifFile ?? '',
  };
}
