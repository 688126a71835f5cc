import { z } from 'zod'
import { idParam } from './input.js'

/** One signed-in session of the person (Devices and sessions). `id` is a handle, not the session's secret id. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  /** The session that made this call. */
  current: z.boolean(),
})

/** A browser the person signed in from (remembered by the deviceId it keeps), with its open sessions. */
export const AccountDeviceSchema = z.object({
  id: z.number().int(),
  browser: z.string(),
  os: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastIp: z.string().nullable(),
  current: z.boolean(),
  sessions: z.array(AccountSessionSchema),
})
export type AccountDevice = z.infer<typeof AccountDeviceSchema>

export const DevicesResponseSchema = z.object({
  devices: z.array(AccountDeviceSchema),
  /** Sessions opened before devices were remembered, or without a deviceId. */
  otherSessions: z.array(AccountSessionSchema),
})
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>

export const SessionParamsSchema = z.object({ sessionId: z.string().regex(/^[a-f0-9]{16,64}$/, 'Not a session id') })
export const DeviceParamsSchema = z.object({ deviceId: idParam('The device number') })
export const SignOutEverywhereBodySchema = z.object({
  /** Keep the session making the call (sign out every other one). */
  keepCurrent: z.boolean().default(false),
})
export const SignedOutResponseSchema = z.object({ success: z.literal(true), message: z.string(), signedOut: z.number().int() })
