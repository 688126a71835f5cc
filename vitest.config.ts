import { defineConfig } from 'vitest/config'

// VITEST_MEASURED=1: only the measured tests, which scripts/test.mjs runs alone after the others.
const measured = process.env.VITEST_MEASURED === '1'

export default defineConfig({
  test: {
    projects: measured
      ? ['apps/server/vitest.measured.config.ts']
      : ['apps/server/vitest.config.ts', 'apps/web/vitest.config.ts', 'packages/contracts/vitest.config.ts'],
  },
})
