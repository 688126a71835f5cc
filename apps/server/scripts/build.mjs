// Compiles the server to JavaScript for `npm start` (apps/server/dist): no TypeScript compiler in the running
// process, and the heavy libraries only some calls need (exceljs, pdfkit, cheerio) stay in chunks loaded on first use.
import { build } from 'esbuild'

// The output folder: dist/, or the one named on the command line (a test builds a server of its own to run).
const outdir = process.argv[2] ?? new URL('../dist', import.meta.url).pathname

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outdir,
  entryNames: 'server',
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
