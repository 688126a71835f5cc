import autocannon from 'autocannon'

export const CONNECTIONS = 50
export const DURATION_S = 10

/** Requests/s and latency percentiles of one URL under load (autocannon in this process, the server in its own); fails on any non-2xx answer. */
export async function load(url: string, headers: Record<string, string> = {}, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
  }
}
