import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test process imports the platform once for all its files instead of once per file: the tests share no
    // module state that matters (each builds its own platform on its own database), and importing the platform's
    // module graph was a large part of every file's cost.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
