const MASK = '•••'

/** Hides an address's local part after its first letter: jane.doe@district.org → j•••@district.org. */
export function maskEmail(email: string): string {
  const value = email.trim().toLowerCase()
  const at = value.lastIndexOf('@')
  if (at < 0) return value ? `${Array.from(value)[0]}${MASK}` : MASK
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  const first = Array.from(local)[0] ?? ''
  return `${first}${MASK}@${domain}`
}
