import { MENU_AREAS, type MenuCommand } from '@contract/menu-commands'

/** What a shortcut may ask: a command of the application menu, or reloading the window. */
export type AppCommand = MenuCommand | 'reload'

/**
 * The app's keyboard shortcuts, with Mod = Cmd on macOS and Ctrl elsewhere: the same keys the
 * Electron menu shows (electron/main/menu-template.ts). Mod+1 to Mod+6 go to the areas in the
 * sidebar's order.
 */
export const SHORTCUT_KEYS: Readonly<Record<string, AppCommand>> = {
  n: 'new-batch',
  o: 'import-csv',
  k: 'switch-pbx',
  p: 'print-labels',
  r: 'reload',
  ...Object.fromEntries(MENU_AREAS.map((area, index) => [String(index + 1), `go:${area}` as const])),
}

/** Whether the app runs on macOS (Cmd rather than Ctrl). */
export function isMac(platform: string = navigator.platform): boolean {
  return /^mac/i.test(platform)
}

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

/** The command a key press asks for, or null: Mod plus the key, with no other modifier. */
export function commandForKey(event: KeyEventLike, mac: boolean): AppCommand | null {
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (!mod || event.altKey || event.shiftKey) return null
  return SHORTCUT_KEYS[event.key.toLowerCase()] ?? null
}

/** How a command's shortcut reads, e.g. `Ctrl+K` (or `⌘K` on macOS); '' for a command without one. */
export function shortcutText(command: AppCommand, mac: boolean): string {
  const key = Object.entries(SHORTCUT_KEYS).find(([, candidate]) => candidate === command)?.[0]
  if (key === undefined) return ''
  return mac ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`
}
