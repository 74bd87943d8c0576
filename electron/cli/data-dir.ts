import { constants } from 'node:fs'
import { access, mkdir, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { posix, resolve, win32 } from 'node:path'
import { pathProblem } from './path-problem'

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

/** Where the data folder came from, as a message names it: the option, the variable, or the app's own. */
export function dataDirSource(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option?.trim()) return '--data-dir'
  if (env[DATA_DIR_ENV]?.trim()) return `$${DATA_DIR_ENV}`
  return "the app's data folder"
}

/**
 * Why `dir` cannot be the data folder (a file, or a folder that cannot be made or written to), in
 * words naming where it came from; undefined when it can. Checked before anything is read, so a
 * wrong path is bad usage (exit 2), never an internal error.
 */
export async function dataDirProblem(dir: string, source: string): Promise<string | undefined> {
  const unusable = (error: unknown) => pathProblem({ name: source, path: dir, use: 'read and write', as: 'used as the data folder' }, (error as NodeJS.ErrnoException).code)
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => error)
  if (!(found instanceof Error) && !found.isDirectory()) return `${source}: ${dir} is a file, not a folder: name a folder (it is made if it does not exist)`
  if (found instanceof Error && found.code !== 'ENOENT') return unusable(found)
  try {
    if (found instanceof Error) await mkdir(dir, { recursive: true })
    await access(dir, constants.R_OK | constants.W_OK)
    return undefined
  } catch (error) {
    return unusable(error)
  }
}
