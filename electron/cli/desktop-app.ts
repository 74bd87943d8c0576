import { readlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

/**
 * Whether the desktop app is running with a data folder. Electron (Chromium) holds its single
 * instance lock as a symbolic link `SingletonLock` → `<host>-<pid>` in the data folder on Linux
 * and macOS; a link left by a crash names a process that is gone. Windows holds the lock in a
 * named mutex, which Node cannot see: there the answer is always "not running".
 */
export async function desktopAppProcess(dataDir: string, platform: NodeJS.Platform = process.platform): Promise<number | null> {
  if (platform === 'win32') return null
  let target: string
  try {
    target = await readlink(join(dataDir, 'SingletonLock'))
  } catch {
    return null
  }
  const match = /^(.*)-(\d+)$/.exec(target)
  if (!match) return null
  const pid = Number(match[2])
  // held from another computer (a shared home folder): taken as held
  if (match[1] !== hostname()) return pid
  return alive(pid) ? pid : null
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
