let cached: string | undefined

/** The per-request CSP nonce the server writes into `<meta name="csp-nonce">`, for the style tags Mantine injects. */
export function getCspNonce(): string {
  if (cached !== undefined) return cached
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')
  cached = meta?.content ?? ''
  return cached
}
