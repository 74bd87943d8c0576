/**
 * What the application menu asks of the renderer. Main sends one of these names on one channel
 * (`MENU_CHANNEL`); the preload hands it to `window.pbxMenu.onCommand`. The renderer's own keyboard
 * shortcuts run the same commands, so the app behaves alike with and without Electron's menu.
 * Names only (no schema library), so the sandboxed preload can check them without bundling zod.
 */

/** The areas the Go menu lists, in the sidebar's order (renderer/src/areas.ts; a test keeps the two in step). */
export const MENU_AREAS = ['pbxs', 'fleet', 'dect', 'ivr', 'outbound', 'templates', 'notifications'] as const
export type MenuArea = (typeof MENU_AREAS)[number]

/** The Go menu's entries, titled as the sidebar titles the areas. */
export const MENU_AREA_TITLES: Record<MenuArea, string> = {
  pbxs: 'PBXs',
  fleet: 'Fleet',
  dect: 'DECT phones',
  ivr: 'IVR servers',
  outbound: 'Outbound rules',
  templates: 'Email templates',
  notifications: 'Notifications',
}

export const MENU_COMMANDS = [
  /** a new, empty DECT batch, opened in scan mode */
  'new-batch',
  /** a new DECT batch from a spreadsheet: the import wizard */
  'import-csv',
  /** the quick switcher: saved PBXs and areas, by typing */
  'switch-pbx',
  /** the labels of the open batch */
  'print-labels',
  ...MENU_AREAS.map((area) => `go:${area}` as const),
] as const
export type MenuCommand = (typeof MENU_COMMANDS)[number]

/** The one channel main sends menu commands on (main → renderer only; nothing answers on it). */
export const MENU_CHANNEL = 'pbx:menu'

export function isMenuCommand(value: unknown): value is MenuCommand {
  return typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value)
}

/** `window.pbxMenu`, present in the Electron app only (the Chromium tests have no native menu). */
export interface PbxMenuApi {
  /** Calls `listener` with each command the menu sends; answers a function that stops listening. */
  onCommand(listener: (command: MenuCommand) => void): () => void
}
