import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The engines, the game kit, the games registry, the player protocol and the outbox relay's core: pure packages a
// browser or any service may load.
const engines = [
  'cards',
  'baccarat',
  'blackjack',
  'roulette',
  'card-duel',
  'dragon-tiger',
  'football-studio',
  'game-kit',
  'games',
  'player-protocol',
  'outbox',
];

// table-kit's table core (machines, bet book, shoes, effects, relay logic, timers' logic, the state store's port):
// pure like the engines; its adapters (NestJS, Kafka, PostgreSQL, socket.io sessions, configuration, metrics) live
// in the other folders and plug into its ports.
const tableCore = [
  'host',
  'bets',
  'shoes',
  'rounds',
  'dealer',
  'relay',
  'state',
  'timers',
  'wire',
  'players',
];
const tableAdapters = [
  'nest',
  'kafka',
  'postgres',
  'sessions',
  'config',
  'migrations',
  'observability',
  'dealer-accounts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'infra/kafka/.cache/**', 'infra/.run/**'] },
  js.configs.recommended,
  {
    // Infra scripts, configs and tools written in plain JavaScript run on Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommended],
    languageOptions: {
      // Type-aware rules: each file is checked with its workspace's tsconfig.json.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use an injectable RandomSource (CSPRNG or seeded).' },
      ],
    },
  },
  {
    // Source says with types what is present; tests may assert it.
    files: ['**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // One Kafka client, behind @casino/kafka's port: only its adapter imports kafkajs. (Before the engines'
    // block, which restricts kafkajs among others in its own files.)
    files: ['**/*.ts'],
    ignores: ['packages/kafka/src/kafkajs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kafkajs',
              message:
                'Use @casino/kafka (createKafkaClient and its port); only its adapter imports kafkajs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The player web client runs in browsers (apps/player-web/src; its tests run on Node).
    files: ['apps/player-web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Pure engines stay free of frameworks and infrastructure.
    files: engines.map((e) => `packages/${e}/src/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@nestjs/*', 'typeorm', 'kafkajs', 'pg', 'socket.io', 'socket.io-client'] },
      ],
    },
  },
  {
    // table-kit's core imports no framework, database, socket or Kafka client, nor any of its adapters (its tests
    // may run them).
    files: [
      'packages/table-kit/src/core.ts',
      ...tableCore.map((folder) => `packages/table-kit/src/${folder}/**/*.ts`),
    ],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@nestjs/*',
            'typeorm',
            'kafkajs',
            'pg',
            'socket.io',
            'socket.io-client',
            '@casino/kafka',
            '@casino/observability',
            '@casino/service-kit',
            ...tableAdapters.flatMap((folder) => [`../${folder}`, `../${folder}/*`, `./${folder}/*`]),
          ],
        },
      ],
    },
  },
);
