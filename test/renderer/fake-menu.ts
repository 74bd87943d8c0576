import type { MenuCommand, PbxMenuApi } from '@contract/menu-commands'
import { flushPromises } from '@vue/test-utils'

/** A `window.pbxMenu` as the preload builds it, with `send` playing the Electron menu. */
export type FakeMenu = PbxMenuApi & { send(command: MenuCommand): Promise<void>; listeners: number }
export function installMenu(): FakeMenu {
  const listeners = new Set<(command: MenuCommand) => void>()
  const menu: FakeMenu = {
    onCommand(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async send(command) {
      for (const listener of listeners) listener(command)
      await flushPromises()
    },
    get listeners() {
      return listeners.size
    },
  }
  Object.defineProperty(window, 'pbxMenu', { value: menu, configurable: true, writable: true })
  return menu
}

/** Removes `window.pbxMenu` (test/renderer/setup-cleanup.ts does after each test). */
export function removeMenu(): void {
  Reflect.deleteProperty(window, 'pbxMenu')
}
