// Compiles the server to JavaScript for `npm start` (apps/server/dist): no TypeScript compiler in the running
// process, and the heavy libraries only some calls need (exceljs, pdfkit, cheerio) stay in chunks loaded on first use.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

// The output folder: dist/, or the one named on the command line (a test builds a server of its own to run).
const outdir = process.argv[2] ?? new URL('../dist', import.meta.url).pathname

await build({
  // The server, and the code of the threads that write XLSX and PDF exports (main.ts passes its place to the app).
  entryPoints: {
    server: new URL('../src/main.ts', import.meta.url).pathname,
    'export-worker': new URL('../src/features/reports/exports/export-worker.ts', import.meta.url).pathname,
  },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  // Packages from the registry are loaded from node_modules as they are; the workspace's own TypeScript is compiled in.
  plugins: [
    {
      name: 'registry-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@platform/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})

// esbuild writes strings in ASCII but leaves comments as they are, and one character past Latin-1 (a dash, an
// ellipsis in a doc comment) makes V8 keep a module's whole source in two bytes a character: 2 MB of the idle server's
// heap for the 1 MB bundle. Such characters (all in comments) are written as \u escapes instead; the source map's
// columns after one on its line move, and only comments follow there.
for (const file of readdirSync(outdir, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.mjs')) continue
  const path = join(outdir, file)
  const text = readFileSync(path, 'utf8')
  const latin1 = text.replace(/[\u0100-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
  if (latin1 !== text) writeFileSync(path, latin1)
}
