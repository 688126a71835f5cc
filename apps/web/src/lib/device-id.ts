import { DEVICE_ID_STORAGE_KEY, DeviceIdSchema } from '@platform/contracts/auth'

/** 24 random bytes are exactly 32 base64url characters. */
const DEVICE_ID_BYTES = 24

/** Used when storage is unavailable (private mode): the browser is then remembered for this page view only. */
let inMemoryDeviceId: string | null = null

function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES))
  const base64 = btoa(String.fromCharCode(...bytes))
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function readStored(): string | null {
  try {
    const value = localStorage.getItem(DEVICE_ID_STORAGE_KEY)
    return value !== null && DeviceIdSchema.safeParse(value).success ? value : null
  } catch {
    return null
  }
}

/**
 * The random id that lets the server recognise this browser at its next sign-in ('New device registered').
 * Created on first need and kept in localStorage; it is not a secret and is never tied to a person here.
 */
export function getDeviceId(): string {
  const stored = readStored()
  if (stored) return stored
  const created = inMemoryDeviceId ?? randomDeviceId()
  try {
    localStorage.setItem(DEVICE_ID_STORAGE_KEY, created)
    inMemoryDeviceId = null
  } catch {
    inMemoryDeviceId = created
  }
  return created
}
