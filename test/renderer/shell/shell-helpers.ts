import AppShell from '@renderer/components/shell/AppShell.vue'
import { flushPromises } from '@vue/test-utils'
import { mountInApp, type Mounted } from '../mount-app'

/** The shell as the app mounts it, at `path` (test/renderer/setup-cleanup.ts unmounts it after the test). */
export function mountShell(path = '/pbxs'): Promise<Mounted> {
  return mountInApp(AppShell, path)
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
