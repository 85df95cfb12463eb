// Jest in its CommonJS mode (no --experimental-vm-modules): the kit's setup file loads through require().
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['**/*.test.cjs'],
  setupFilesAfterEnv: ['petstore-kit/rehearse/jest'],
};
