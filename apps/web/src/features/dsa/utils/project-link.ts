/** The tracker link of a project, only when it is a web address: a scraped value must never become a javascript: link. */
export function safeProjectLink(link: string | null | undefined): string | null {
  if (!link) return null
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
