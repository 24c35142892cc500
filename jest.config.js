// ESM TypeScript through ts-jest; run with --experimental-vm-modules (see package.json).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.test.json' }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 20000,
  // Every core (jest's default leaves one idle): the integration tests mostly wait on the action's
  // child process and the simulator's sockets, so two workers on two cores halve CI's test time.
  maxWorkers: '100%',
};
