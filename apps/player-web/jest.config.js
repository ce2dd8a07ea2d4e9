// Unit specs of the client's pure modules (src/**/*.spec.ts) and the browser tests (test/), which drive Debian's
// Chromium against the real ledger, game services and lobby.
const path = require('node:path');
const { jestConfig } = require('../../jest.preset.js');

const base = jestConfig(__dirname);
module.exports = {
  ...base,
  testTimeout: 120_000,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@engine/roulette/(.*)$': path.join(__dirname, '../../packages/roulette/src/$1'),
  },
};
