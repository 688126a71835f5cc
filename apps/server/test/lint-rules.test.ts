import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import * as prettier from 'prettier'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm run lint` is ESLint (eslint.config.js) and then Prettier (.prettierrc.json): these tests feed both the kinds of
// code they exist to refuse, through the same Node APIs the command line uses, with file paths inside the repository so
// the repository's own configuration applies.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const server = (file: string) => path.join(repoRoot, 'apps/server/src', file)
const web = (file: string) => path.join(repoRoot, 'apps/web/src', file)

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((message) => message.ruleId ?? message.message)
}

async function isFormatted(code: string, filePath: string): Promise<boolean> {
  const options = await prettier.resolveConfig(filePath)
  return prettier.check(code, { ...options, filepath: filePath })
}

describe('import boundaries (eslint.config.js)', { timeout: 180_000 }, () => {
  it('refuses a lower layer importing a feature: lib → feature, db → feature, plugins → feature', async () => {
    const importsUsers = "import type { UsersService } from '../features/users/users.service.js'\nexport type X = UsersService\n"
    expect(await ruleIds(importsUsers, server('lib/lint-probe.ts'))).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(importsUsers, server('db/lint-probe.ts'))).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(importsUsers, server('plugins/lint-probe.ts'))).toContain('import-x/no-restricted-paths')
  })

  it('refuses lib importing db, and a feature importing the composition root', async () => {
    expect(await ruleIds("import type { Db } from '../db/database.js'\nexport type X = Db\n", server('lib/lint-probe.ts'))).toContain(
      'import-x/no-restricted-paths',
    )
    expect(
      await ruleIds("import { buildApp } from '../../app.js'\nexport const x = buildApp\n", server('features/users/lint-probe.ts')),
    ).toContain('import-x/no-restricted-paths')
  })

  it("refuses a feature reaching another feature's repository, or a value of its service, in any feature folder", async () => {
    // "ledger" is a feature folder that does not exist: the rule holds for features yet to be written.
    const repository = "import type { UsersRepository } from '../users/users.repository.js'\nexport type X = UsersRepository\n"
    expect(await ruleIds(repository, server('features/ledger/ledger.service.ts'))).toContain('platform/feature-imports')
    const value = "import { createAuditService } from '../audit/audit.service.js'\nexport const x = createAuditService\n"
    expect(await ruleIds(value, server('features/ledger/ledger.service.ts'))).toContain('platform/feature-imports')
  })

  it("lets a feature name the type of another feature's service, which app.ts hands it", async () => {
    const code = "import type { AuditService } from '../audit/audit.service.js'\n\nexport type LedgerDeps = { audit: AuditService }\n"
    expect(await ruleIds(code, server('features/ledger/ledger.service.ts'))).toEqual([])
    expect(await isFormatted(code, server('features/ledger/ledger.service.ts'))).toBe(true)
  })

  it("refuses, on the web, shared code importing a feature and a feature importing another feature's internals", async () => {
    const code = "import { useSites } from '@/features/finance/api/finance'\n\nexport const x = useSites\n"
    expect(await ruleIds(code, web('components/lint-probe.tsx'))).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, web('lib/lint-probe.ts'))).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, web('features/receipts/components/lint-probe.tsx'))).toContain('import-x/no-restricted-paths')
    const throughIndex = "import { useSites } from '@/features/finance'\n\nexport const x = useSites\n"
    expect(await ruleIds(throughIndex, web('features/receipts/components/lint-probe.tsx'))).toEqual([])
  })
})

describe('import cycles (import-x/no-cycle)', { timeout: 180_000 }, () => {
  let folder: string

  beforeAll(async () => {
    // Real files, inside the server's lib/ so the server's rules apply; removed afterwards.
    folder = await mkdtemp(server('lib/lint-cycle-'))
    await writeFile(path.join(folder, 'first.ts'), "import { second } from './second.js'\n\nexport const first = () => second()\n")
    await writeFile(
      path.join(folder, 'second.ts'),
      "import { first } from './first.js'\n\nexport const second = (): number => (first ? 1 : 0)\n",
    )
    await writeFile(path.join(folder, 'alone.ts'), "import { second } from './second.js'\n\nexport const alone = () => second()\n")
  })

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('reports both files of a cycle, and not a file that only uses one of them', async () => {
    const results = await eslint.lintFiles([path.join(folder, 'first.ts'), path.join(folder, 'second.ts'), path.join(folder, 'alone.ts')])
    const byFile = new Map(results.map((result) => [path.basename(result.filePath), result.messages.map((message) => message.ruleId)]))
    expect(byFile.get('first.ts')).toContain('import-x/no-cycle')
    expect(byFile.get('second.ts')).toContain('import-x/no-cycle')
    expect(byFile.get('alone.ts')).toEqual([])
  })
})

describe('formatting (Prettier, .prettierrc.json)', () => {
  it('refuses unformatted code: a semicolon, double quotes, a missing trailing comma, a line over 140 characters', async () => {
    const file = server('lib/lint-probe.ts')
    expect(await isFormatted('export const a = 1;\n', file)).toBe(false)
    expect(await isFormatted('export const a = "text"\n', file)).toBe(false)
    const long = `export const list = [${Array.from({ length: 30 }, (_, i) => `'item${i}'`).join(', ')}]\n`
    expect(long.length).toBeGreaterThan(140)
    expect(await isFormatted(long, file)).toBe(false)
    expect(await isFormatted(await prettier.format(long, { ...(await prettier.resolveConfig(file)), filepath: file }), file)).toBe(true)
  })

  it('checks the source tree: a server or web source file is not ignored', async () => {
    const ignorePath = path.join(repoRoot, '.prettierignore')
    expect((await prettier.getFileInfo(server('app.ts'), { ignorePath })).ignored).toBe(false)
    expect((await prettier.getFileInfo(web('app/main.tsx'), { ignorePath })).ignored).toBe(false)
    expect((await prettier.getFileInfo(path.join(repoRoot, 'package-lock.json'), { ignorePath })).ignored).toBe(true)
  })
})
