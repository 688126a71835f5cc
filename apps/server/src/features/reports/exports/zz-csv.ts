import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ResultRow } from '@platform/contracts/reports'
import { csvLines } from './csv-export.js'
import { SAMPLE_COLUMNS } from './test-fixtures.js'
async function* rows(): AsyncGenerator<ResultRow> {
  for (let i = 0; i < 1_000_000; i += 1) yield { kind: 'detail', level: 0, label: null, cells: [`Purchase order ${i}`, i % 5 === 0 ? '=cmd' : `Vendor, ${i % 977}`, '2026-03-01', i % 9, i / 100 - 200, (i % 100) / 100] }
}
let bytes = 0
let peak = 0
const t = performance.now()
await pipeline(Readable.from(csvLines(rows(), SAMPLE_COLUMNS)), new Writable({ write(c, _e, cb) { bytes += c.length; peak = Math.max(peak, process.memoryUsage().rss); setImmediate(cb) } }))
console.log(`CSV 1,000,000 rows: ${((performance.now() - t) / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(0)} MB, peak rss ${(peak / 1e6).toFixed(0)} MB`)
