/** The action's version, as in package.json (a test keeps them equal); reported in SARIF. */
export const VERSION = '1.0.0';
