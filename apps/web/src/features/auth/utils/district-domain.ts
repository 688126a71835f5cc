/** True when the address ends with @ one of the district's domains (the rule of /login-clerk). */
export function isDistrictAddress(email: string, domains: readonly string[]): boolean {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return false
  const domain = address.slice(at + 1)
  return domains.some((allowed) => allowed.trim().toLowerCase() === domain)
}
