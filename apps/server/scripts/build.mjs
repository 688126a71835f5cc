// Compiles the server to JavaScript for `npm start` (apps/server/dist): no TypeScript compiler in the running
// process, and the heavy libraries only some calls need (exceljs, pdfkit, cheerio) stay in chunks loaded on first use.
import { build } from 'esbuild'

// The output folder: dist/, or the one named on the command line (a test builds a server of its own to run).
const outdir = process.argv[2] ?? new URL('../dist', import.meta.url).pathname
const source = (path) => new URL(`../src/${path}`, import.meta.url).pathname

await build({
  // The server, and the code of its worker threads: each worker module is an entry of its own, named as its source
  // file, so lib/worker-module.ts finds `<name>.mjs` where the source has `<name>.ts`.
  entryPoints: {
    server: source('main.ts'),
    'export-worker': source('features/reports/exports/export-worker.ts'),
    'sqlite-query-worker': source('features/reports/engine/sqlite-query-worker.ts'),
    'wal-checkpoint-worker': source('db/wal-checkpoint-worker.ts'),
  },
  outdir,
  entryNames: '[name]',
  // Chunks sit beside the entries: every compiled file is in one folder, so a module that starts a worker finds the
  // worker's file beside itself, whichever file the bundler put that module in.
  chunkNames: '[name]-[hash]',
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
