import { defineConfig } from 'vitest/config'

/**
 * The measured tests: a server process's resident memory and how long its other calls wait while it works. They run
 * after every other test, one file at a time (scripts/test.mjs, `VITEST_MEASURED=1`): beside other test files on a
 * 2-core machine, a call waits for the host's scheduler (a single 80 ms wait with two busy processes and no upload at
 * all), and the figure would say nothing about the platform.
 */
export default defineConfig({
  test: {
    name: 'server-measured',
    environment: 'node',
    include: ['src/**/*.measured.test.ts'],
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
