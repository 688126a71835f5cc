import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test('every page is served with a strict Content Security Policy', async ({ request }) => {
  for (const path of ['/login', '/auth/verify', '/dashboard', '/debug-auth']) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const csp = response.headers()['content-security-policy'] ?? ''
    expect(csp, path).toContain("script-src 'self'")
    expect(csp, path).toMatch(/style-src 'self' 'nonce-[^']+'/)
    expect(csp, path).toContain("frame-ancestors 'none'")
    expect(response.headers()['referrer-policy']).toBe('no-referrer')
  }
})

test('the CSP watcher notices a violation (so a quiet run means something)', async ({ page, browserProblems }) => {
  browserProblems.expectCspViolations()
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__inlineRan = true'
    document.head.append(script)
  })
  await expect.poll(() => browserProblems.cspViolations.filter((text) => text.includes('script-src')).length).toBeGreaterThanOrEqual(1)
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined()
})

test('no CSP violation at all while signing in and using the dashboard', async ({ page, platform, browserProblems }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signInThroughEmail(page, email)
  expect(browserProblems.cspViolations.filter((text) => /script-src|style-src/.test(text))).toEqual([])
})
