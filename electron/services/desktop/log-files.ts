import type { LogMessage, NodeLogger } from 'electron-log'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, parse, join } from 'node:path'
import { openPrivateDirSync } from '../files/private-dir'
import { redact } from './log-redaction'

/** Where the log is written and how much of it is kept. */
export interface LogFileOptions {
  /** the log file, e.g. <logs folder>/main.log */
  file: string
  /** a file that grows past this many bytes is set aside and a new one started */
  maxBytes: number
  /** how many set-aside files are kept (main.1.log is the newest) */
  keep: number
  /** what the console shows: everything while developing, warnings and errors otherwise */
  consoleLevel: 'debug' | 'warn'
}

/** 1 MB per file, the current one and three before it: enough for a day of pushes, small to mail. */
export const LOG_FILE_DEFAULTS = { maxBytes: 1024 * 1024, keep: 3 } as const

/** The hook every message passes through: a copy of it whose data holds no secret. */
export function redactLogMessage(message: LogMessage): LogMessage {
  return { ...message, data: message.data.map((item: unknown) => redact(item)) }
}

/**
 * Sets the log file aside: main.log becomes main.1.log, main.1.log becomes main.2.log, and so on;
 * the file past `keep` is deleted. Synchronous, as electron-log calls it between two writes.
 */
export function rotateLogFiles(path: string, keep: number): void {
  const { dir, name, ext } = parse(path)
  const numbered = (n: number) => join(dir, `${name}.${n}${ext}`)
  rmSync(numbered(keep), { force: true })
  for (let n = keep - 1; n >= 1; n--) {
    if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1))
  }
  if (keep >= 1) renameSync(path, numbered(1))
  else rmSync(path, { force: true })
}

/**
 * Points an electron-log logger (main's, or electron-log/node's in the tests) at `options.file`,
 * rotated by size, readable by the user alone, with every message redacted first. Logs go to the
 * console and the file only: never over IPC to a window, never to a server.
 */
export function configureLogger(logger: NodeLogger, options: LogFileOptions): void {
  // the log folder is the app's: made 0700 here rather than by electron-log (0755), and one an
  // older version made 0755 is narrowed to 0700 now that the app opens it (private-dir.ts)
  openPrivateDirSync(dirname(options.file))
  logger.hooks.push(redactLogMessage)
  const file = logger.transports.file
  file.resolvePathFn = () => options.file
  file.maxSize = options.maxBytes
  file.archiveLogFn = (old) => {
    try {
      rotateLogFiles(old.path, options.keep)
    } catch {
      // a file that cannot be moved (held open elsewhere on Windows) is emptied rather than left to grow
      old.clear()
    }
  }
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  file.level = 'info'
  logger.transports.console.level = options.consoleLevel
  if (logger.transports.ipc) logger.transports.ipc.level = false
  if (logger.transports.remote) logger.transports.remote.level = false
}
