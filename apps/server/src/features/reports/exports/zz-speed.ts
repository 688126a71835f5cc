import { Writable } from 'node:stream'
import type { ResultRow } from '@platform/contracts/reports'
import { writePdf } from './pdf-export.js'
import { writeXlsx } from './xlsx-export.js'
import { sampleResult } from './test-fixtures.js'

function* grouped(details: number): Generator<ResultRow> {
  const perDept = 250
  let serial = 0
  for (let f = 0; serial < details; f += 1) {
    yield { kind: 'groupHeader', level: 0, label: `Fund ${f}`, cells: [null, null, null, null, null, null], pageBreakBefore: f > 0 }
    for (let d = 0; d < 4 && serial < details; d += 1) {
      yield { kind: 'groupHeader', level: 1, label: `Dept ${d}`, cells: [null, null, null, null, null, null] }
      for (let i = 0; i < perDept && serial < details; i += 1) {
        serial += 1
        const amount = ((serial * 7919) % 100000) / 100 - 200
        yield { kind: 'detail', level: 2, label: null, cells: [`Purchase order ${serial}`, `Vendor ${serial % 977}`, `2026-03-${String(1 + (serial % 28)).padStart(2, '0')}`, serial % 9, amount, (serial % 100) / 100], ...(amount < 0 ? { styles: [null, null, null, null, { color: '#B00020', bold: true }, null] } : {}) }
      }
      yield { kind: 'subtotal', level: 1, label: `Dept ${d}`, cells: [null, null, null, 1000, 123456.78, null] }
    }
    yield { kind: 'subtotal', level: 0, label: `Fund ${f}`, cells: [null, null, null, 4000, 493827.12, null] }
  }
  yield { kind: 'grandTotal', level: 0, label: 'Total', cells: [null, null, null, 999, 9999999.99, null] }
}

function sink(): { stream: Writable; bytes: () => number } {
  let bytes = 0
  const stream = new Writable({ write(chunk, _e, cb) { bytes += chunk.length; cb() } })
  return { stream, bytes: () => bytes }
}

const header = sampleResult(1)
let peak = 0
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
const which = process.argv[2]
const n = Number(process.argv[3])
const t = performance.now()
const s = sink()
if (which === 'xlsx') {
  const x = await writeXlsx(header, grouped(n), s.stream)
  console.log(`XLSX ${n} detail rows (${x.rows} rows with groups): ${((performance.now() - t) / 1000).toFixed(2)} s, ${(s.bytes() / 1e6).toFixed(1)} MB, peak rss ${(peak / 1e6).toFixed(0)} MB`)
} else {
  const p = await writePdf(header, grouped(n), s.stream)
  console.log(`PDF ${n} grouped detail rows: ${((performance.now() - t) / 1000).toFixed(2)} s, ${p.pages} pages, ${(s.bytes() / 1e6).toFixed(1)} MB, peak rss ${(peak / 1e6).toFixed(0)} MB`)
}
clearInterval(timer)
