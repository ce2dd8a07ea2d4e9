// Unit specs of the client's pure modules (src/**/*.spec.ts) and the browser tests (test/), which drive Debian's
// Chromium against the real ledger, game services and lobby.
const { jestConfig } = require('../../jest.preset.js');

module.exports = { ...jestConfig(__dirname), testTimeout: 120_000 };
