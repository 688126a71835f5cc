/** One account per address whatever the casing or Unicode form. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase()
}

/** j•••@district.org: enough for a person to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  return `${email[0]}•••${email.slice(at)}`
}
