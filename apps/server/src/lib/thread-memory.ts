/**
 * For a worker thread about to end: a last-resort collection of its own heap. V8 keeps the pages of a thread's heap
 * resident after the thread ends (a later thread reuses them; another thread's collection does not release them), and
 * gives pages back to the system only in a collection that reduces memory. Without this, each export's thread left its
 * 10-70 MB resident after it ended, and the server grew from one export to the next. The collection runs in the ending
 * thread (10-20 ms), so the server's thread is not held up; what the thread still holds after it is a few megabytes.
 *
 * Self-contained (no imports), because an evaluated worker script takes it in as source text.
 */
export function giveMemoryBack(): void {
  const v8 = process.getBuiltinModule('node:v8')
  const vm = process.getBuiltinModule('node:vm')
  // Exposing gc is a process-wide V8 flag; it only adds a `gc` function to contexts made from now on.
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
