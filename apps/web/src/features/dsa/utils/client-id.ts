import { ClientIdSchema, DEFAULT_DSA_CLIENTS } from '@platform/contracts/dsa'
import { formMessage } from '@/lib/schema-errors'

export type ClientIdCheck = { ok: true; clientId: string } | { ok: false; message: string }

/** Checks a client id as the server will (ClientIdSchema): the trimmed id, or the first reason it is refused. */
export function checkClientId(value: string): ClientIdCheck {
  const parsed = ClientIdSchema.safeParse(value)
  if (parsed.success) return { ok: true, clientId: parsed.data }
  return { ok: false, message: formMessage(parsed.error.issues[0]?.message ?? 'Please select or enter a client ID') }
}

/** The label of a default client ("main", "secondary"), or null for any other id. */
export function defaultClientLabel(clientId: string): string | null {
  return DEFAULT_DSA_CLIENTS.find((client) => client.clientId === clientId)?.label ?? null
}

/** "37-H9 (main)" for a default client, the id alone for others. */
export function clientDisplayName(clientId: string): string {
  const label = defaultClientLabel(clientId)
  return label ? `${clientId} (${label})` : clientId
}
