import type { MenuCommand, PbxMenuApi } from '@contract/menu-commands'
import AppShell from '@renderer/components/shell/AppShell.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { mountInApp, type Mounted } from '../mount-app'

/** The shell as the app mounts it, at `path`; `unmountAll` after each test. */
let mounted: VueWrapper[] = []
export async function mountShell(path = '/pbxs'): Promise<Mounted> {
  const result = await mountInApp(AppShell, path)
  mounted.push(result.wrapper)
  return result
}

export function unmountAll(): void {
  for (const wrapper of mounted) wrapper.unmount()
  mounted = []
  document.body.innerHTML = ''
  removeMenu()
}

/** A key pressed with Ctrl (the tests run as Linux), where the focus is. */
export async function pressMod(key: string, more: KeyboardEventInit = {}): Promise<KeyboardEvent> {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true, ...more })
  ;(document.activeElement ?? document.body).dispatchEvent(event)
  await flushPromises()
  return event
}

/** What the Naive UI messages on screen say. */
export const messages = (): string[] => Array.from(document.body.querySelectorAll('.n-message__content')).map((node) => node.textContent?.trim() ?? '')

/** The quick switcher's dialog, or null while it is closed. */
export const switcher = (): HTMLElement | null => document.body.querySelector<HTMLElement>('.quick-switcher')

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

export function removeMenu(): void {
  Reflect.deleteProperty(window, 'pbxMenu')
}
