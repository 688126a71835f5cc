import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests. Each spec file starts its own whole platform in-process (see support/platform.ts), so
 * nothing has to be running beforehand; only the web app must be built (`npm run build -w apps/web`).
 * Playwright never downloads a browser here: it drives Debian's Chromium.
 */
export default defineConfig({
  testDir: 'specs',
  outputDir: 'test-results',
  // Tests of one file run in order in one worker, against that file's platform; files run in parallel, in the order
  // of their names. A long file is split (screens-desktop, screens-phone) so that no one file is the end of the run.
  fullyParallel: false,
  // Three on two cores: a browser test spends much of its time waiting (for the network to go quiet, for transitions,
  // for the server's timers), and a third worker uses the cores those waits leave idle.
  workers: 3,
  retries: 0,
  // The bounds leave room for a machine that is also running something else (a test doing three accessibility scans
  // took over a minute on a machine running two suites at once). Only the tests about signing in go through the
  // e-mail (and a link's success screen, which waits on purpose); the others start signed in.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
})
