// Runs before the app's modules (module scripts run in document order). zod compiles schemas with new Function()
// when it may, and even its probe for that shows up as a violation of the Content-Security-Policy (no eval), so it
// is told not to try before it loads: zod reads its settings from this global.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true })
