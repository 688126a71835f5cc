// Compiles the server to JavaScript for `npm start` (apps/server/dist): no TypeScript compiler in the running
// process, and the heavy libraries only some calls need (exceljs, pdfkit, cheerio) stay in chunks loaded on first use.
import { build } from 'esbuild'

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outdir: new URL('../dist', import.meta.url).pathname,
  entryNames: 'server',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Packages from the registry are loaded from node_modules as they are; the workspace's own TypeScript is compiled in.
  plugins: [
    {
      name: 'registry-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@platform/') ? undefined : { path: args.path, external: true }))
      },
    },
  ],
})
