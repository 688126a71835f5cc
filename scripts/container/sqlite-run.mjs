// The image on SQLite: one container, its data in a volume; sign in by the e-mailed link, health, a clean stop, and a
// second start on the same volume that keeps everything.
import { assertCleanStop, logsOf, removeContainers, startContainer, stopContainer } from './containers.mjs'
import { freePort, podman } from './host.mjs'
import { call, profile, signInByEmailedLink, waitUntilReady } from './platform-client.mjs'

export const SQLITE_CONTAINER = 'platform-test-sqlite'
export const DATA_VOLUME = 'platform-test-data'
const ADMIN = 'it-admin@district.test'

/**
 * The SQLite run's steps, each `[name, action]` whose action returns what it found, and what to undo after them (the
 * container is removed by the caller).
 */
export function sqliteSteps({ image, smtp }) {
  const state = {}
  const start = async () => {
    state.container = startContainer({
      image,
      name: SQLITE_CONTAINER,
      volumes: [`${DATA_VOLUME}:/data`],
      env: {
        PORT: state.port,
        APP_URL: state.url,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: ADMIN,
        MAIL_FROM: 'Staff Platform <platform@district.test>',
      },
    })
    await waitUntilReady(state.url, { isAlive: state.container.isRunning })
  }
  const cleanup = () => podman(['volume', 'rm', '--force', DATA_VOLUME], { allowFailure: true })
  const steps = [
    [
      'SQLite: starts on a fresh volume and is ready',
      async () => {
        state.port = await freePort()
        state.url = `http://127.0.0.1:${state.port}`
        podman(['volume', 'rm', '--force', DATA_VOLUME], { allowFailure: true })
        podman(['volume', 'create', DATA_VOLUME])
        const started = Date.now()
        await start()
        return `/api/ready 200 after ${((Date.now() - started) / 1000).toFixed(1)} s`
      },
    ],
    [
      'SQLite: the health check passes, as the non-root user, with the data and audit keys in /data',
      () => {
        const health = podman(['healthcheck', 'run', SQLITE_CONTAINER], { allowFailure: true })
        if (health.status !== 0) throw new Error(`podman healthcheck run: ${health.status} ${health.stdout} ${health.stderr}`)
        const user = podman(['exec', SQLITE_CONTAINER, 'id', '-u']).stdout
        if (user !== '10001') throw new Error(`the server runs as uid ${user}, not the image's user 10001`)
        const files = podman(['exec', SQLITE_CONTAINER, 'ls', '-ln', '/data']).stdout
        for (const file of ['platform.db', 'audit-chain.key', 'audit-signing-key.pem'])
          if (!new RegExp(`10001\\s+10001 .* ${file.replace('.', '\\.')}$`, 'm').test(files))
            throw new Error(`/data lacks ${file} of uid 10001:\n${files}`)
        const written = podman(['exec', SQLITE_CONTAINER, 'touch', '/app/written'], { allowFailure: true })
        if (written.status === 0) throw new Error('the image could write outside /data on a read-only root')
        return 'healthy; uid 10001; platform.db, audit-chain.key, audit-signing-key.pem in /data; the rest read-only'
      },
    ],
    [
      'SQLite: signs in through the e-mailed link and /api/health answers',
      async () => {
        const signedIn = await signInByEmailedLink({ baseUrl: state.url, email: ADMIN, smtp })
        state.session = signedIn.session
        state.linkToken = signedIn.linkToken
        const { user } = await profile(state.url, state.session)
        if (user.email !== ADMIN || user.roleCode !== 'SUPER_ADMIN') throw new Error(`signed in as ${user.email} (${user.roleCode})`)
        const health = await call(`${state.url}/api/health`)
        if (health.status !== 200 || health.json?.status !== 'ok') throw new Error(`/api/health answered ${health.status} ${health.text}`)
        return `signed in as ${user.email} (${user.roleCode}); /api/health ${health.json.status}`
      },
    ],
    [
      'SQLite: stops cleanly on SIGTERM, and its log holds no token',
      () => {
        const log = logsOf(SQLITE_CONTAINER)
        if (log.includes(state.session)) throw new Error('the session token is in the log')
        if (log.includes(state.linkToken)) throw new Error('the sign-in link token is in the log')
        return assertCleanStop(SQLITE_CONTAINER, stopContainer(SQLITE_CONTAINER))
      },
    ],
    [
      'SQLite: a new container on the same volume keeps the data and the session',
      async () => {
        removeContainers([SQLITE_CONTAINER])
        await start()
        const { user } = await profile(state.url, state.session)
        const stop = assertCleanStop(SQLITE_CONTAINER, stopContainer(SQLITE_CONTAINER))
        return `the session of the first start still signs ${user.email} in; ${stop}`
      },
    ],
  ]
  return { steps, cleanup }
}
