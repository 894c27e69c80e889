/**
 * Tests run the TypeScript sources through ts-jest and the built bundle from dist/. ts-jest compiles
 * each file on its own (tsconfig.json's isolatedModules): type errors are `npm run typecheck`'s job.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testTimeout: 60000,
};
