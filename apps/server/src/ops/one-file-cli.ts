import { parseArgs } from 'node:util'
import { type Config, ConfigError, loadConfig } from '../config.js'
import { OperationRefused } from './backup-archive.js'

/**
 * A command that takes one file (`npm run backup -- FILE`, `npm run restore -- FILE`) and the options it names, each
 * with a value: its usage on --help or a wrong call, the configuration read once, its lines on stdout, and a refusal
 * or a failure in words on stderr with its exit status.
 */
export function runOneFileCommand<Option extends string = never>(command: {
  usage: string
  missingFile: string
  /** What is printed before a refusal's or a failure's message. */
  refused: string
  failed: string
  /** The exit status of a wrong call, a refusal or a failure. */
  failureStatus: number
  /** Options taking a value (`--audit-keys FOLDER`); each is undefined when not given. */
  options?: readonly Option[]
  run(config: Config, file: string, say: (line: string) => void, options: Partial<Record<Option, string>>): Promise<number>
}): void {
  const main = async (): Promise<number> => {
    let parsed
    try {
      const valued = Object.fromEntries((command.options ?? []).map((name) => [name, { type: 'string' as const }]))
      parsed = parseArgs({ allowPositionals: true, options: { ...valued, help: { type: 'boolean' } } })
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${command.usage}\n`)
      return command.failureStatus
    }
    if (parsed.values.help) {
      process.stdout.write(`${command.usage}\n`)
      return 0
    }
    if (parsed.positionals.length !== 1) {
      process.stderr.write(`${command.missingFile}\n\n${command.usage}\n`)
      return command.failureStatus
    }
    const { help: _help, ...given } = parsed.values
    return command.run(
      loadConfig(),
      parsed.positionals[0]!,
      (line) => process.stdout.write(`${line}\n`),
      given as Partial<Record<Option, string>>,
    )
  }
  main().then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      process.stderr.write(
        error instanceof ConfigError
          ? `${error.message}\nSee the configuration table in README.md.\n`
          : error instanceof OperationRefused
            ? `${command.refused}: ${error.message}\n`
            : `${command.failed}: ${error instanceof Error ? error.message : String(error)}\n`,
      )
      process.exitCode = command.failureStatus
    },
  )
}
