// Pure: the action's outputs (contract "Outputs") from the result model.
import { packagesOf, type GateResult } from '../model.js';

export interface WrittenFiles {
  reportFile: string | null;
  sarifFile: string | null;
}

export function actionOutputs(result: GateResult, files: WrittenFiles): Record<string, string> {
  const { counts } = result;
  return {
    result: result.result,
    'repository-id': result.repository.id,
    'alerts-total': String(counts.total),
    'critical-count': String(counts.critical),
    'high-count': String(counts.high),
    'medium-count': String(counts.medium),
    'low-count': String(counts.low),
    'unknown-count': String(counts.unknown),
    'gating-count': String(counts.gating),
    'allowed-count': String(counts.allowed),
    'risk-score': result.posture?.riskScore == null ? '' : String(result.posture.riskScore),
    'minutes-saved': result.timeSaved?.totalMinutesSaved == null ? '' : String(result.timeSaved.totalMinutesSaved),
    schedule: result.schedule?.enabled ? result.schedule.crontab : '',
    'license-violations': result.licenses ? String(packagesOf(result.licenses.findings.filter((f) => f.gates))) : '',
    'report-file': files.reportFile ?? '',
    'sarif-file': files.sarifFile ?? '',
  };
}
