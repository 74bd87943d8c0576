import { homedir } from 'node:os'
import { posix, resolve, win32 } from 'node:path'

/** The app's name as Electron knows it (package.json's productName): the data folder's name. */
export const PRODUCT_NAME = 'PBX Provisioner'

/** An environment variable naming another data folder (tests, a second set of PBXs). */
export const DATA_DIR_ENV = 'PBX_PROVISIONER_DATA_DIR'

/**
 * The desktop app's data folder, as Electron's `app.getPath('userData')` finds it, so the command
 * line sees the same saved PBXs and batches: `%APPDATA%\PBX Provisioner` on Windows,
 * `~/Library/Application Support/PBX Provisioner` on macOS, `$XDG_CONFIG_HOME/PBX Provisioner`
 * (or `~/.config/PBX Provisioner`) elsewhere.
 */
export function appDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME)
  const config = env.XDG_CONFIG_HOME || posix.join(home, '.config')
  return posix.join(config, PRODUCT_NAME)
}

/** The data folder to use: `--data-dir`, else $PBX_PROVISIONER_DATA_DIR, else the app's own. */
export function dataDirOf(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = option?.trim() || env[DATA_DIR_ENV]?.trim()
  return chosen ? resolve(chosen) : appDataDir(process.platform, env)
}
