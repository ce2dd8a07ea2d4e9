// Unit specs of the client's pure modules (src/**/*.spec.ts) and the browser tests (test/), which drive Debian's
// Chromium against the real ledger, game services and lobby. Views (.tsx) compile too, for the specs that check the
// per-game client modules; their stylesheets are left out.
const { jestConfig } = require('../../jest.preset.js');

const base = jestConfig(__dirname);
const tsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  ...base,
  transform: { ...base.transform, '^.+\\.tsx$': tsx },
  moduleNameMapper: { ...base.moduleNameMapper, '\\.css$': '<rootDir>/test/unit/style-stub.js' },
  testTimeout: 120_000,
};
