/**
 * How a 1 ms timer fared while `work` ran: how many times it fired and the longest wait between two firings (or
 * until the end). Work that holds the event loop shows as one long wait and almost no firings.
 */
export async function timerWhile<T>(work: () => Promise<T>): Promise<{ result: T; longest: number; fired: number }> {
  let last = performance.now()
  let longest = 0
  let fired = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    fired += 1
  }, 1)
  try {
    const result = await work()
    return { result, longest: Math.max(longest, performance.now() - last), fired }
  } finally {
    clearInterval(timer)
  }
}
