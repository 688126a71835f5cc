import { readFileSync } from 'node:fs'
import { z } from 'zod'

const DomainEntrySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  adminUrl: z
    .url({ error: 'adminUrl must be an http:// or https:// address such as https://wls-admin.district.org:7002' })
    .refine((value) => /^https?:\/\//.test(value), 'adminUrl must start with http:// or https://'),
  username: z.string().min(1, 'username is required'),
  /** The name of the environment variable holding the password: the password itself never sits in the file. */
  passwordEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'passwordEnv must name an environment variable, e.g. WLS_PROD_PASSWORD'),
  consoleUrl: z.url().optional(),
  /** A PEM file of the certificate authority that signed the admin server's certificate. */
  caFile: z.string().min(1).optional(),
  /** Accept a self-signed (or otherwise untrusted) certificate: only when set explicitly for this domain. */
  allowSelfSigned: z.boolean().default(false),
  timeoutMs: z.number().int().min(500).max(120_000).default(5_000),
})

const DomainsFileSchema = z.object({ domains: z.array(DomainEntrySchema).max(200) })

export interface WeblogicDomain {
  name: string
  adminUrl: string
  username: string
  password: string
  consoleUrl: string | null
  ca: string | null
  allowSelfSigned: boolean
  timeoutMs: number
}

/**
 * Reads the WebLogic domains file (WEBLOGIC_DOMAINS_FILE) once at start. Every problem is named: a missing file, bad
 * JSON, a bad field (with its place), a password variable that is not set, a CA file that cannot be read.
 */
export function loadWeblogicDomains(path: string, env: NodeJS.ProcessEnv): WeblogicDomain[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const parsed = DomainsFileSchema.safeParse(json)
  if (!parsed.success) {
    throw new Error(`${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ')}`)
  }
  const names = new Set<string>()
  return parsed.data.domains.map((entry, index) => {
    if (names.has(entry.name)) throw new Error(`${path}: domains.${index}.name: '${entry.name}' appears twice`)
    names.add(entry.name)
    const password = env[entry.passwordEnv]
    if (!password)
      throw new Error(`${path}: domains.${index}: the environment variable ${entry.passwordEnv} (the password of ${entry.name}) is not set`)
    let ca: string | null = null
    if (entry.caFile) {
      try {
        ca = readFileSync(entry.caFile, 'utf8')
      } catch (error) {
        throw new Error(
          `${path}: domains.${index}.caFile: cannot read ${entry.caFile}: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        )
      }
    }
    return {
      name: entry.name,
      adminUrl: entry.adminUrl.replace(/\/+$/, ''),
      username: entry.username,
      password,
      consoleUrl: entry.consoleUrl ?? null,
      ca,
      allowSelfSigned: entry.allowSelfSigned,
      timeoutMs: entry.timeoutMs,
    }
  })
}
