import { localDateTime } from '@platform/contracts/records-clock'

const asUtc = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`)

/**
 * The instant a date and time on the district's clock name ('2026-11-12', '14:10' in America/Los_Angeles →
 * 2026-11-12T22:10:00Z), whatever the browser's own zone. The zone's offset is read at the guess and once more at
 * the answer, which settles the days daylight saving time begins or ends. Null when the text is not a date and time.
 */
export function districtInstant(date: string, time: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  const wanted = asUtc(date, time)
  if (Number.isNaN(wanted)) return null
  const offsetAt = (instant: number) => {
    const shown = localDateTime(new Date(instant), timeZone)
    return asUtc(shown.date, shown.time) - instant
  }
  let instant = wanted - offsetAt(wanted)
  instant = wanted - offsetAt(instant)
  return new Date(instant)
}

/** Now on the district's clock, for a form's defaults: { date: '2026-11-24', time: '09:05' }. */
export function districtNow(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  return localDateTime(now, timeZone)
}
