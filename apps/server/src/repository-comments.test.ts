import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A reader of the repository has its code, its docs and its decisions, nothing else. A comment or a document that
 * sends them to a planning note or an issue number they cannot open explains nothing, so each must say its why in
 * its own words. This test names every file and line that still points outside.
 */

const REPOSITORY = new URL('../../../', import.meta.url).pathname

/** Where the repository's own text lives: sources, tests, scripts, benchmarks and the docs. */
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md']

/** Folders of generated or installed files, which are not the project's writing. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.test-output', 'results'])

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md)$/

// Built from pieces so that this file does not match itself.
const PLANNING_NOTE = new RegExp(`\\b(${['SPEC', 'DESIGN'].join('|')})\\.md\\b`)
const ISSUE_NUMBER = new RegExp(`\\b${'iss'}ue\\s+#?\\d+`, 'i')
const RESEARCH_NOTE = new RegExp(`\\b${'research'}/[\\w.-]+\\.md\\b`)

function pointsOutside(line: string): boolean {
  return PLANNING_NOTE.test(line) || ISSUE_NUMBER.test(line) || RESEARCH_NOTE.test(line)
}

function textFilesUnder(path: string): string[] {
  const entries = readdirSync(path, { withFileTypes: true })
  return entries.flatMap((entry) => {
    const full = join(path, entry.name)
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : textFilesUnder(full)
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : []
  })
}

function repositoryTextFiles(): string[] {
  return SCANNED.flatMap((name) => {
    const full = join(REPOSITORY, name)
    return name.endsWith('.md') ? [full] : textFilesUnder(full)
  }).map((full) => relative(REPOSITORY, full))
}

/** Every `file:line` of the repository's own text that points outside it. */
function linesPointingOutside(): string[] {
  return repositoryTextFiles().flatMap((file) =>
    readFileSync(join(REPOSITORY, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pointsOutside(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  )
}

describe("the repository's text", () => {
  it('recognises a pointer outside the repository, and not the words around it', () => {
    const planning = ['SPEC', 'DESIGN'].map((name) => `${name}.md`)
    expect(pointsOutside(`/** The welcome (${planning[0]} §2). */`)).toBe(true)
    expect(pointsOutside(`// as ${planning[1]} §5 says`)).toBe(true)
    expect(pointsOutside(`/** Accruals (${'Iss'}ue 16 §2). */`)).toBe(true)
    expect(pointsOutside(`the races of ${'iss'}ue #34`)).toBe(true)
    expect(pointsOutside(`the recipe of ${'research'}/weblogic.md`)).toBe(true)
    expect(pointsOutside("RecordTrac's open issues (holidays, time of receipt)")).toBe(false)
    expect(pointsOutside('see docs/decisions/008-dsa-tracker-scraping.md')).toBe(false)
  })

  it('scans the sources, tests, scripts, benchmarks and docs', () => {
    const files = repositoryTextFiles()
    expect(files).toContain('README.md')
    expect(files).toContain('docs/ARCHITECTURE.md')
    expect(files).toContain('apps/server/src/app.ts')
    expect(files).toContain('apps/web/src/app/router.tsx')
    expect(files.some((file) => file.includes('node_modules/'))).toBe(false)
  })

  it('points nowhere outside the repository: no planning notes, research notes or issue numbers', () => {
    expect(linesPointingOutside()).toEqual([])
  })
})
