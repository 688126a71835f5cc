import { DEFAULT_DISTRICT_TIME_ZONE, isTimeZone } from '@platform/contracts/district-time'

let cached: string | undefined

/**
 * The district's time zone (DISTRICT_TIME_ZONE), which the server writes into `<meta name="district-time-zone">`.
 * Without it (the Vite dev server, tests) the default zone.
 */
export function districtTimeZone(): string {
  if (cached !== undefined) return cached
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="district-time-zone"]')
  const zone = meta?.content ?? ''
  cached = zone && isTimeZone(zone) ? zone : DEFAULT_DISTRICT_TIME_ZONE
  return cached
}
