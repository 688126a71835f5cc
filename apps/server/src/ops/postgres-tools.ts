import { spawn } from 'node:child_process'
import type { Readable } from 'node:stream'

/*
 * PostgreSQL's own pg_dump and pg_restore, run as child processes. The connection string goes on their command line
 * without its password, which they get from PGPASSWORD: another user of the machine can read a process's command line,
 * not its environment.
 */

interface Connection {
  dbname: string
  password: string | null
}

function connectionOf(url: string): Connection {
  const parsed = new URL(url)
  const password = parsed.password ? decodeURIComponent(parsed.password) : null
  parsed.password = ''
  return { dbname: parsed.toString(), password }
}

/** Writes the database into `file` in pg_dump's custom format, reading the snapshot a transaction exported. */
export function pgDump(url: string, snapshot: string, file: string): Promise<void> {
  return run('pg_dump', url, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`])
}

/**
 * Restores a custom-format dump read from `dump` in one transaction that stops at the first error, so a failed restore
 * leaves the database as it was. Owners and grants are not restored: the objects belong to the user restoring them,
 * whose roles need not exist where the backup was made.
 */
export function pgRestore(url: string, dump: Readable): Promise<void> {
  return run('pg_restore', url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'], dump)
}

function run(program: 'pg_dump' | 'pg_restore', url: string, args: string[], input?: Readable): Promise<void> {
  const { dbname, password } = connectionOf(url)
  return new Promise((resolve, reject) => {
    const child = spawn(program, [`--dbname=${dbname}`, ...args], {
      // eslint-disable-next-line no-restricted-syntax -- handed on to the child as it is (its PATH, locale, PG* variables), not read here
      env: { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) },
      stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000)
    })
    if (input) {
      input.pipe(child.stdin!)
      // The child may stop reading (an error): its closed input is not the failure to report, its message is.
      child.stdin!.on('error', () => {})
      input.on('error', (error) => child.kill() && reject(error))
    }
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${program} was not found: install PostgreSQL's client programs (${program} 15 or newer)`)
          : error,
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} stopped (exit status ${code}): ${errors.trim() || 'no message'}`)),
    )
  })
}
