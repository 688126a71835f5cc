import { readFileSync } from 'node:fs'

/** The resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}
