import { join } from 'node:path'
import { ipcMain } from 'electron'
import log from 'electron-log/main'
import { configureLogger, LOG_FILE_DEFAULTS } from '../services/desktop/log-files'

/** electron-log's own channel for renderer logs: our renderer never logs through it */
const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__'

/**
 * Main's logger: electron-log writing `main.log` in the app's log folder (rotated, redacted: see
 * services/desktop/log-files.ts). electron-log listens for renderer logs on an IPC channel of its
 * own as soon as it is loaded; every channel main answers must check its sender, and nothing of
 * ours uses that one, so it is closed here.
 */
export function startLogging(logsDir: string, options: { dev: boolean }): typeof log {
  configureLogger(log, { file: join(logsDir, 'main.log'), ...LOG_FILE_DEFAULTS, consoleLevel: options.dev ? 'debug' : 'warn' })
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL)
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL)
  // uncaught exceptions and rejections of main end up in the log, without electron-log's dialog
  log.errorHandler.startCatching({ showDialog: false })
  return log
}
