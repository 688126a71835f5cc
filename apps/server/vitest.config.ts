import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The measured tests run in a pass of their own (vitest.measured.config.ts).
    exclude: ['**/node_modules/**', '**/*.measured.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
