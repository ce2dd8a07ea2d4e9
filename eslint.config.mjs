import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const engines = ['cards', 'baccarat', 'blackjack', 'roulette'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'infra/kafka/.cache/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use an injectable RandomSource (CSPRNG or seeded).' },
      ],
    },
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
    // Pure engines stay free of frameworks and infrastructure.
    files: engines.map((e) => `packages/${e}/src/**/*.ts`),
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'typeorm', 'kafkajs', 'pg'] }],
    },
  },
);
