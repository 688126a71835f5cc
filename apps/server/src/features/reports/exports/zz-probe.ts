import { Writable, type Stream } from 'node:stream'
import ExcelJS from 'exceljs'
let bytes = 0
const out = new Writable({ write(c, _e, cb) { bytes += c.length; cb() } })
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as Stream, useStyles: true, useSharedStrings: false })
const ws = wb.addWorksheet('x')
for (let i = 1; i <= 200000; i++) {
  const r = ws.getRow(i); r.getCell(1).value = `Purchase order ${i}`; r.getCell(2).value = i * 1.5; r.getCell(3).value = 'Vendor name here'; r.commit()
  if (i % 20000 === 0) {
    const s = (ws as any).stream
    const p = s.pipes[0]
    { const z = (wb as any).zip; console.log(i, z._queue.length(), z._queue.running(), z._task?.data?.name, p?._readableState?.length, p?._readableState?.flowing, (process.memoryUsage().rss/1e6).toFixed(0), bytes) }
    await new Promise(r => setImmediate(r))
  }
}
ws.commit(); await wb.commit(); console.log('done', bytes)
