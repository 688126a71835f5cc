import { readFileSync } from 'node:fs'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/weblogic/${name}`, import.meta.url), 'utf8')

export type FakeWeblogicMode =
  'ok' | 'unauthorized' | 'rest-disabled' | 'bad-request' | 'hang' | 'malformed' | 'truncated' | 'missing-runtime'

/**
 * A fake WebLogic admin server speaking the REST management API with the shapes of real 12.2.1.4 answers
 * (test/fixtures/weblogic): AdminServer and osb_server1 running in cluster1, osb_server2 shut down. It checks Basic
 * auth and X-Requested-By like the real one, and can be told to fail in each way the monitoring must survive.
 */
export async function startFakeWeblogic(
  credentials = { username: 'monitor', password: 'secret-pass' },
  options: { extraServers?: number } = {},
) {
  let mode: FakeWeblogicMode = 'ok'
  const requests: Array<{ path: string; headers: IncomingMessage['headers'] }> = []
  const sockets = new Set<Socket>()
  const admin = JSON.parse(fixture('wls12214_get_domainRuntime_serverRuntimes_AdminServer.json')) as Record<string, unknown>
  const managed = JSON.parse(fixture('wls12214_get_domainRuntime_serverRuntimes_osb_server1_managed.json')) as Record<string, unknown>
  const lifecycleItem = JSON.parse(fixture('wls12214_get_domainRuntime_serverLifeCycleRuntimes_osb_server1.json')) as Record<
    string,
    unknown
  >

  // More running servers of the same shape, for load tests (osb_server3, osb_server4, …).
  const extra = Array.from({ length: options.extraServers ?? 0 }, (_, i) => `osb_server${i + 3}`)

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body))

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers })
    if (mode === 'hang') return // never answers
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    if (mode === 'unauthorized' || request.headers.authorization !== expected) {
      return response.writeHead(401, { 'Content-Type': 'text/html; charset=UTF-8' }).end(fixture('wls12214_error_401_wrong_password.html'))
    }
    if (mode === 'rest-disabled') return json(response, 404, fixture('wls12214_error_404_unknown_server.json'))
    if (mode === 'bad-request') return json(response, 400, fixture('wls12214_error_400_bogus_query.json'))
    if (mode === 'malformed')
      return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Welcome to WebLogic</body></html>')
    const path = url.pathname.replace('/management/weblogic/latest/', '')
    if (path === 'domainRuntime/serverRuntimes' && !request.headers['x-requested-by']) {
      return json(response, 400, fixture('wls12214_get_domainRuntime_serverRuntimes_400_missing_X-Requested-By.json'))
    }
    let body: unknown
    const metric = /^domainRuntime\/serverRuntimes\/([^/]+)\/(.+)$/.exec(path)
    if (metric) {
      const [, , what] = metric
      if (what === 'JVMRuntime') body = JSON.parse(fixture('wls12214_get_serverRuntimes_osb_server1_JVMRuntime_excl_threadStackDump.json'))
      else if (what === 'threadPoolRuntime') body = JSON.parse(fixture('wls12214_get_serverRuntimes_osb_server1_threadPoolRuntime.json'))
      else if (what === 'JDBCServiceRuntime/JDBCDataSourceRuntimeMBeans')
        body = { items: [JSON.parse(fixture('wls12214_get_serverRuntimes_osb_server1_JDBCDataSourceRuntime_wlsbjmsrpDataSource.json'))] }
      else return json(response, 404, fixture('wls12214_error_404_unknown_server.json'))
      return json(response, 200, JSON.stringify(body))
    }
    if (path === 'domainRuntime') body = { name: 'osb_domain' }
    else if (path === 'domainRuntime/serverLifeCycleRuntimes') {
      body = {
        items: [
          { ...lifecycleItem, name: 'AdminServer', identity: ['serverLifeCycleRuntimes', 'AdminServer'] },
          lifecycleItem,
          { ...lifecycleItem, name: 'osb_server2', state: 'SHUTDOWN', identity: ['serverLifeCycleRuntimes', 'osb_server2'] },
          ...extra.map((name) => ({ ...lifecycleItem, name })),
        ],
      }
    } else if (path === 'domainRuntime/serverRuntimes') {
      body = { items: mode === 'missing-runtime' ? [admin] : [admin, managed, ...extra.map((name) => ({ ...managed, name }))] }
    } else if (path === 'domainConfig/servers') {
      body = {
        items: [
          { name: 'AdminServer', listenAddress: '', listenPort: 7001, cluster: null },
          { name: 'osb_server1', listenAddress: 'wls-host', listenPort: 8011, cluster: ['clusters', 'cluster1'] },
          { name: 'osb_server2', listenAddress: 'wls-host2', listenPort: 8011, cluster: ['clusters', 'cluster1'] },
          ...extra.map((name) => ({ name, listenAddress: `${name}.host`, listenPort: 8011, cluster: ['clusters', 'cluster1'] })),
        ],
      }
    } else return json(response, 404, fixture('wls12214_error_404_unknown_server.json'))
    const text = JSON.stringify(body)
    return json(response, 200, mode === 'truncated' ? text.slice(0, Math.floor(text.length / 2)) : text)
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setMode(next: FakeWeblogicMode) {
      mode = next
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type FakeWeblogic = Awaited<ReturnType<typeof startFakeWeblogic>>
