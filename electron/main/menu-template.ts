import type { MenuItemConstructorOptions } from 'electron'
import { MENU_AREA_TITLES, MENU_AREAS, type MenuCommand } from '../contract/menu-commands'

// The application menu as plain data, built from the platform and the handlers (app-menu.ts gives
// it to Electron), so its conventions are unit-tested without Electron.

export interface MenuHandlers {
  /** a command the renderer carries out (sent on the menu channel) */
  send(command: MenuCommand): void
  showAbout(): void
  openLogsFolder(): void
}

export interface MenuOptions {
  platform: NodeJS.Platform
  appName: string
  /** whether the developer tools are offered (not in a packaged app) */
  devTools: boolean
}

/** Cmd on macOS, Ctrl elsewhere: `shortcut('darwin', 'N')` is `Cmd+N`. */
export function shortcut(platform: NodeJS.Platform, key: string): string {
  return `${platform === 'darwin' ? 'Cmd' : 'Ctrl'}+${key}`
}

/** A top-level menu's title: with its Alt mnemonic on Windows and Linux, plain on macOS. */
function title(platform: NodeJS.Platform, text: string): string {
  return platform === 'darwin' ? text : `&${text}`
}

export function buildMenuTemplate(options: MenuOptions, handlers: MenuHandlers): MenuItemConstructorOptions[] {
  const { platform, appName } = options
  const mac = platform === 'darwin'
  const command = (label: string, key: string, name: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator: shortcut(platform, key),
    click: () => handlers.send(name),
  })
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: () => handlers.showAbout() }

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  }

  const file: MenuItemConstructorOptions = {
    label: title(platform, 'File'),
    submenu: [
      command('New batch', 'N', 'new-batch'),
      command('Import CSV…', 'O', 'import-csv'),
      { type: 'separator' },
      command('Print labels…', 'P', 'print-labels'),
      { type: 'separator' },
      // macOS closes the window from File and quits from the app menu; Windows says Exit, Linux Quit
      mac ? { role: 'close' } : { role: 'quit', label: platform === 'win32' ? 'Exit' : 'Quit' },
    ],
  }

  const edit: MenuItemConstructorOptions = {
    label: title(platform, 'Edit'),
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  }

  const view: MenuItemConstructorOptions = {
    label: title(platform, 'View'),
    submenu: [
      { role: 'reload', accelerator: shortcut(platform, 'R') },
      { role: 'forceReload' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  }

  const go: MenuItemConstructorOptions = {
    label: title(platform, 'Go'),
    submenu: [
      command('Switch PBX…', 'K', 'switch-pbx'),
      { type: 'separator' },
      ...MENU_AREAS.map((area, index) => command(MENU_AREA_TITLES[area], String(index + 1), `go:${area}`)),
    ],
  }

  const window: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }],
  }

  const help: MenuItemConstructorOptions = {
    label: title(platform, 'Help'),
    role: 'help',
    submenu: [
      { label: 'Open logs folder', click: () => handlers.openLogsFolder() },
      ...(mac ? [] : [{ type: 'separator' } as const, about]),
    ],
  }

  return mac ? [appMenu, file, edit, view, go, window, help] : [file, edit, view, go, help]
}
