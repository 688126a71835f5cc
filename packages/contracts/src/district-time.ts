/*
 * Times as the district reads them: in its own time zone (DISTRICT_TIME_ZONE), with the zone named, the same on the
 * screens and in the exports. Intl converts the zone (nothing else knows the daylight-saving rules); the words are
 * put together here so every runtime writes them alike.
 */

export const DEFAULT_DISTRICT_TIME_ZONE = 'America/Los_Angeles'

/**
 * A formatter of these options per time zone, made on first use and kept: making an Intl.DateTimeFormat costs far
 * more than using one (it was most of the CPU of issuing a receipt).
 */
export function formatterPerZone(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) {
  const made = new Map<string, Intl.DateTimeFormat>()
  return (timeZone: string): Intl.DateTimeFormat => {
    let formatter = made.get(timeZone)
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      made.set(timeZone, formatter)
    }
    return formatter
  }
}

const formatterFor = formatterPerZone('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
})

/** True when Intl knows this IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value)
    return true
  } catch {
    return false
  }
}

/** A zone at an instant: how far its wall clock is ahead of UTC, and its short name ('PST', 'PDT'). */
export interface ZoneAt {
  offsetMs: number
  name: string
}

const zoneFormatterFor = formatterPerZone('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
  timeZoneName: 'short',
})

/*
 * A zone's offset changes only at its transitions, and every transition in the time zone database falls on a quarter
 * hour of UTC (offsets are whole quarter hours, changed at a whole local hour or half hour). So the zone found for the
 * start of a quarter hour holds for all of it: asked once per quarter hour and zone, then read from here. Asking Intl
 * for every time of an export of a million rows cost more than writing the file.
 */
const QUARTER_HOUR_MS = 15 * 60_000
const MAX_KEPT_QUARTERS = 100_000
const zonesKept = new Map<string, Map<number, ZoneAt>>()

/** The offset and name of a time zone at an instant (milliseconds since 1970). */
export function zoneAt(instant: number, timeZone: string): ZoneAt {
  let kept = zonesKept.get(timeZone)
  if (!kept) {
    kept = new Map()
    zonesKept.set(timeZone, kept)
  }
  const quarter = Math.floor(instant / QUARTER_HOUR_MS)
  let zone = kept.get(quarter)
  if (!zone) {
    const start = quarter * QUARTER_HOUR_MS
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
    for (const part of zoneFormatterFor(timeZone).formatToParts(new Date(start))) parts[part.type] = part.value
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour) % 24,
      Number(parts.minute),
      Number(parts.second),
    )
    zone = { offsetMs: wall - start, name: parts.timeZoneName ?? timeZone }
    if (kept.size >= MAX_KEPT_QUARTERS) kept.clear()
    kept.set(quarter, zone)
  }
  return zone
}

/** The district's wall clock at an instant: a Date whose UTC fields are the district's digits, and the zone. */
export function districtWallClock(instant: number, timeZone: string): { wall: Date; zone: ZoneAt } {
  const zone = zoneAt(instant, timeZone)
  return { wall: new Date(instant + zone.offsetMs), zone }
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => String(n).padStart(2, '0')

const toDate = (instant: string | number | Date) => (instant instanceof Date ? instant : new Date(instant))

/** 'Mar 15, 2026 7:05 AM PDT': an instant on the district's clock, with its zone; '' when it is not a time. */
export function formatInstant(instant: string | number | Date, timeZone: string): string {
  const ms = toDate(instant).getTime()
  if (Number.isNaN(ms)) return ''
  const { wall, zone } = districtWallClock(ms, timeZone)
  const hour = wall.getUTCHours()
  return `${MONTH_NAMES[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()} ${hour % 12 || 12}:${two(wall.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'} ${zone.name}`
}

/**
 * '2026-11-27T23:45:00-08:00': an instant as ISO 8601 on the district's clock with its offset, for files a program
 * reads (a spreadsheet, an import) as well as a person; '' when it is not a time.
 */
export function formatIsoInDistrict(instant: string | number | Date, timeZone: string): string {
  const ms = toDate(instant).getTime()
  if (Number.isNaN(ms)) return ''
  const { wall, zone } = districtWallClock(ms, timeZone)
  const offsetMinutes = Math.round(zone.offsetMs / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const date = `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`
  const time = `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
  return `${date}T${time}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}
