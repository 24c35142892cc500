// The gate policy: pure functions, no I/O.
export { meetsThreshold, severityRank, worseCopy, worstFirst } from './severity.js';
export { entryMatches, isExpired, parseAllowList } from './allowlist.js';
export {
  alertStatuses,
  allowListWarnings,
  evaluateAlerts,
  failureMessage,
  gateVerdict,
  isOnlyUnreachable,
  severityCounts,
  type PolicyOptions,
} from './gate.js';
