// The gate policy: pure functions, no I/O.
export { meetsThreshold, worseCopy } from './severity.js';
export { allowListWarnings, entryMatches, isExpired, parseAllowList, reviewAllowList } from './allowlist.js';
export { failureMessage, gateVerdict, severityCounts } from './gate.js';
export { isOnlyUnreachable, judgeAlerts, judgeFindings, RULES, type VerdictPolicy } from './verdict.js';
