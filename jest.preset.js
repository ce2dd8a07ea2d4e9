// Shared jest configuration: SWC transpiles TypeScript (no type-check here; `typecheck` does that),
// and workspace packages resolve to their sources so tests never run against a stale build.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages in node_modules (NestJS 12) become CommonJS for jest's module loader; Node itself
// loads them with require() of ES modules.
const ESM_PACKAGES = ['@nestjs'];
const swcEsm = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

/** @param {string} dir the workspace folder; @param {object} [overrides] */
function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    roots: ['<rootDir>/src', '<rootDir>/test'].filter((r) =>
      require('node:fs').existsSync(r.replace('<rootDir>', dir)),
    ),
    testMatch: ['**/*.spec.ts'],
    // Soak specs (`*.soak.spec.ts`: three-broker clusters, rolling restarts) run in `npm run test:faults`, which sets
    // CASINO_SOAK=1; `npm test` leaves them out to stay within CI's time (docs/reliability.md#soak-specs).
    testPathIgnorePatterns: [
      '/node_modules/',
      ...(process.env.CASINO_SOAK === '1' ? [] : ['\\.soak\\.spec\\.ts$']),
    ],
    transform: { '^.+\\.ts$': swc, '^.+\\.js$': swcEsm },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
    moduleNameMapper: {
      '^@casino/([a-z-]+)$': path.join(__dirname, 'packages/$1/src'),
      // A package's subpath export `@casino/<package>/<name>` is its `src/<name>.ts` (e.g. @casino/table-kit/core).
      '^@casino/([a-z-]+)/([a-z-]+)$': path.join(__dirname, 'packages/$1/src/$2.ts'),
      // The web clients' alias for single browser-safe files of the packages (their vite.config.mts has it too).
      '^@packages/(.*)$': path.join(__dirname, 'packages/$1'),
    },
    ...overrides,
  };
}

module.exports = { jestConfig };
