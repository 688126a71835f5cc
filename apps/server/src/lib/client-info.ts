/** Who made a request, as the audit log records it. */
export interface ClientInfo {
  ip: string
  userAgent: string | undefined
}
