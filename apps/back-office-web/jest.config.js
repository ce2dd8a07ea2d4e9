// Unit specs of the pure modules (src/**/*.spec.ts) and the browser tests (test/), which drive Debian's Chromium
// against the real ledger and baccarat service.
const { jestConfig } = require('../../jest.preset.js');

module.exports = { ...jestConfig(__dirname), testTimeout: 120_000 };
