import type { GlobalTheme } from 'naive-ui'
import { watch, type Ref } from 'vue'

/**
 * The scheme the app shows, on `<html data-scheme="light|dark">`, taken from Naive UI's theme as
 * shown (dark-theme.ts: dark once the OS asks for it and the dark theme has loaded). The app's own
 * dark colours follow that attribute, not the OS's `prefers-color-scheme` (styles.css and the
 * components' `:root[data-scheme='dark']` rules), so they turn with Naive UI's in the same frame,
 * never while the dark theme is still loading. While they turn, transitions are off
 * (`app-scheme-turning`, styles.css) until the new scheme has been painted: no frame shows one
 * part light and the other dark, or both half-way (issue 42: switching the OS theme flashed a
 * half-themed screen).
 */
export function followShownScheme(theme: Ref<GlobalTheme | null>): () => void {
  const root = document.documentElement
  let frame = 0
  return watch(
    () => (theme.value ? 'dark' : 'light'),
    (scheme, before) => {
      if (before !== undefined) {
        root.classList.add('app-scheme-turning')
        cancelAnimationFrame(frame)
        // the frame after the one that paints the new scheme
        frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => root.classList.remove('app-scheme-turning'))))
      }
      root.dataset.scheme = scheme
    },
    { immediate: true, flush: 'sync' },
  )
}
