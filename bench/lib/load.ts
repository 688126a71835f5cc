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

/**
 * Counts the lines of a streamed answer without keeping it. The search for each newline is native (memchr): a loop over
 * every byte in JavaScript took about a second of CPU for a 290 MB export, on the two cores the server and the database
 * were being measured on.
 */
export async function countLines(body: ReadableStream<Uint8Array>): Promise<number> {
  let lines = 0
  for await (const chunk of body) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1
  }
  return lines
}
