import { config } from 'zod'

// zod compiles schemas with new Function() when it may; the Content-Security-Policy forbids eval, so it is told not
// to try (otherwise its probe shows up as a CSP violation on every page). Imported first, before any schema parses.
config({ jitless: true })
