import type { MessageBoxOptions } from 'electron'
import type { About } from '../contract/bridge'

const PLATFORMS: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }

/** What Help → About shows (a native message box): the app, its version, the runtime versions. */
export function aboutBox(about: Pick<About, 'name' | 'version' | 'versions' | 'platform'>, arch: string): MessageBoxOptions {
  const lines = [
    `Version ${about.version}`,
    '',
    about.versions.electron ? `Electron ${about.versions.electron}` : undefined,
    about.versions.chrome ? `Chromium ${about.versions.chrome}` : undefined,
    `Node.js ${about.versions.node}`,
    `${PLATFORMS[about.platform] ?? about.platform} (${arch})`,
  ].filter((line) => line !== undefined)
  return {
    type: 'info',
    title: `About ${about.name}`,
    message: about.name,
    detail: lines.join('\n'),
    buttons: ['OK', 'Copy versions'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  }
}

/** The text "Copy versions" puts on the clipboard (for a bug report). */
export function aboutText(box: MessageBoxOptions): string {
  return `${box.message}\n${box.detail ?? ''}`.trim()
}
