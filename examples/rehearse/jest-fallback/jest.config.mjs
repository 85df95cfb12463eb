export default {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  testMatch: ['**/*.test.mjs'],
  transform: {},
  // During a rehearsal, each request to the mock names its test (docs/rehearse.md).
  setupFilesAfterEnv: ['petstore-kit/rehearse/jest'],
};
