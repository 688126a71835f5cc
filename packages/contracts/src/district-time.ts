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

/** 'Mar 15, 2026 7:05 AM PDT': an instant on the district's clock, with its zone; '' when it is not a time. */
export function formatInstant(instant: string | number | Date, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(date.getTime())) return ''
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`
}

const isoParts = formatterPerZone('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
})

/**
 * '2026-11-27T23:45:00-08:00': an instant as ISO 8601 on the district's clock with its offset, for files a program
 * reads (a spreadsheet, an import) as well as a person; '' when it is not a time.
 */
export function formatIsoInDistrict(instant: string | number | Date, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(date.getTime())) return ''
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const part of isoParts(timeZone).formatToParts(date)) parts[part.type] = part.value
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00'
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`
}
