import { createHmac } from 'node:crypto'
import type { DevicesResponse } from '@platform/contracts/account'
import { type Clock, HOUR_MS } from '../../lib/clock.js'
import { hmac } from '../../lib/crypto.js'
import { AppError } from '../../lib/errors.js'
import { describeUserAgent } from '../../lib/user-agent.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { EmailService } from '../email/email.service.js'
import type { DevicesRepository } from './devices.repository.js'
import type { ClientInfo } from '../../lib/client-info.js'

export type { ClientInfo } from '../../lib/client-info.js'

/**
 * Devices and sessions, so a person can see and end every sign-in of theirs: a browser is remembered by the random id
 * it keeps, stored only as a keyed hash. A sign-in from a browser the account has not seen before is a new device: the
 * person is told on the page and, unless it is their very first device, by e-mail with a link to Devices and sessions.
 */
export function createDevicesService(deps: {
  devices: DevicesRepository
  email: Pick<EmailService, 'enqueue'>
  audit: AuditService
  clock: Clock
  secret: string
  appUrl: string
  idleHours: number
}) {
  const { devices, email, audit, clock, secret, appUrl } = deps
  // A handle that names a session to its owner without revealing the id its token carries.
  const handleOf = (sessionId: string) => createHmac('sha256', secret).update(`session-handle\u0000${sessionId}`).digest('hex').slice(0, 32)

  async function activeSessions(userId: number) {
    const now = clock.now()
    return devices.activeSessions(userId, now.toISOString(), new Date(now.getTime() - deps.idleHours * HOUR_MS).toISOString())
  }

  async function revoke(user: AuthUser, sessionIds: string[], reason: string, client: ClientInfo, details: Record<string, unknown>) {
    const signedOut = await devices.revokeSessions(user.id, sessionIds, clock.now().toISOString(), reason)
    await audit.record({
      action: `sign_out.${reason}`,
      outcome: 'success',
      actorUserId: user.id,
      email: user.email,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { ...details, signedOut },
    })
    return signedOut
  }

  const sessionsText = (count: number) => `${count} ${count === 1 ? 'session was' : 'sessions were'} signed out.`

  return {
    /** Called at every sign-in: which remembered device this is, and whether the account had never seen it. */
    async recognise(
      user: { id: number; email: string },
      deviceId: string | undefined,
      client: ClientInfo,
    ): Promise<{ deviceRowId: number | null; isNew: boolean }> {
      if (!deviceId) return { deviceRowId: null, isNew: false }
      const at = clock.now().toISOString()
      const { browser, os } = describeUserAgent(client.userAgent)
      const hash = hmac(secret, 'device', deviceId)
      const known = await devices.find(user.id, hash)
      if (known) {
        await devices.touch(known.device_id, { last_seen_at: at, last_ip: client.ip, browser, os })
        return { deviceRowId: known.device_id, isNew: false }
      }
      const firstDevice = (await devices.countForUser(user.id)) === 0
      const deviceRowId = await devices.insert({
        user_id: user.id,
        device_hash: hash,
        browser,
        os,
        first_seen_at: at,
        last_seen_at: at,
        last_ip: client.ip,
      })
      await audit.record({
        action: 'device.registered',
        outcome: 'success',
        actorUserId: user.id,
        email: user.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { deviceId: deviceRowId, browser, os, firstDevice },
      })
      if (!firstDevice) {
        await email.enqueue({
          kind: 'new_device',
          to: user.email,
          values: { signed_in_at: at, browser, os, ip: client.ip, devices_url: `${appUrl}/account/devices`, email: user.email },
          secrets: [],
        })
      }
      return { deviceRowId, isNew: true }
    },

    async list(user: AuthUser): Promise<DevicesResponse> {
      const [rows, sessions] = await Promise.all([devices.listForUser(user.id), activeSessions(user.id)])
      const present = (session: (typeof sessions)[number]) => ({
        id: handleOf(session.session_id),
        startedAt: session.created_at,
        lastSeenAt: session.last_seen_at,
        expiresAt: session.expires_at,
        ip: session.ip,
        current: session.session_id === user.sessionId,
      })
      const currentDevice = sessions.find((session) => session.session_id === user.sessionId)?.device_id ?? null
      return {
        devices: rows.map((row) => ({
          id: row.device_id,
          browser: row.browser,
          os: row.os,
          firstSeenAt: row.first_seen_at,
          lastSeenAt: row.last_seen_at,
          lastIp: row.last_ip,
          current: row.device_id === currentDevice,
          sessions: sessions.filter((session) => session.device_id === row.device_id).map(present),
        })),
        otherSessions: sessions
          .filter((session) => session.device_id === null || !rows.some((row) => row.device_id === session.device_id))
          .map(present),
      }
    },

    async signOutSession(user: AuthUser, handle: string, client: ClientInfo) {
      const session = (await activeSessions(user.id)).find((candidate) => handleOf(candidate.session_id) === handle)
      if (!session) throw new AppError('not_found', 'That session has already ended, or it is not yours.')
      const signedOut = await revoke(user, [session.session_id], 'session', client, { session: handle })
      return {
        success: true as const,
        message: session.session_id === user.sessionId ? 'You have been signed out.' : 'The session was signed out.',
        signedOut,
      }
    },

    async signOutDevice(user: AuthUser, deviceId: number, client: ClientInfo) {
      const device = (await devices.listForUser(user.id)).find((row) => row.device_id === deviceId)
      if (!device) throw new AppError('not_found', 'There is no such device on your account.')
      const sessions = (await activeSessions(user.id)).filter((session) => session.device_id === deviceId)
      const signedOut = await revoke(
        user,
        sessions.map((session) => session.session_id),
        'device',
        client,
        { deviceId },
      )
      return { success: true as const, message: `${device.browser} on ${device.os}: ${sessionsText(signedOut)}`, signedOut }
    },

    async signOutEverywhere(user: AuthUser, keepCurrent: boolean, client: ClientInfo) {
      const sessions = (await activeSessions(user.id)).filter((session) => !keepCurrent || session.session_id !== user.sessionId)
      const signedOut = await revoke(
        user,
        sessions.map((session) => session.session_id),
        keepCurrent ? 'others' : 'everywhere',
        client,
        {},
      )
      return {
        success: true as const,
        message: keepCurrent
          ? `Every other session was signed out (${signedOut}).`
          : `You were signed out everywhere: ${sessionsText(signedOut)}`,
        signedOut,
      }
    },
  }
}
export type DevicesService = ReturnType<typeof createDevicesService>
