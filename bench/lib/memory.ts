import { readFileSync, writeFileSync } from 'node:fs'

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0) / 1024
}

/** The resident memory of a process now, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS')
}

const SAMPLE_MS = 50

/** The server process's memory budget: its resident memory stays under it whatever its users do. */
export const MEMORY_BUDGET_MB = 300

/**
 * The one way every scenario measures memory: the server process's peak resident memory while the work runs, in MB.
 * The kernel's own high-water mark (VmHWM) is reset at the start where Linux allows it, so a peak between two samples
 * is counted too; otherwise VmRSS is sampled every 50 ms.
 */
export function watchPeakMemory(pid: number) {
  let hwmReset = false
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5') // 5: reset the peak resident set size
    hwmReset = true
  } catch {
    // not allowed here: sampling alone
  }
  const before = rssMb(pid)
  let peak = before
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid))
    } catch {
      // the process ended
    }
  }, SAMPLE_MS)
  return {
    before,
    /** Stops watching; the peak in MB. */
    stop(): number {
      clearInterval(timer)
      try {
        peak = Math.max(peak, rssMb(pid), hwmReset ? statusMb(pid, 'VmHWM') : 0)
      } catch {
        // the process ended
      }
      return peak
    },
  }
}
