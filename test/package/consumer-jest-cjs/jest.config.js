// The most common Jest set-up: ts-jest's default (CommonJS) preset in Node.
module.exports = { preset: 'ts-jest', testEnvironment: 'node' };
