let browsing = false

// Heard from the first import on (the view that holds the tabs imports its panels), so a panel
// that mounts because of that very key, as a lazy tab's does, still knows what it was.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      browsing = event.target instanceof HTMLElement && event.target.getAttribute('role') === 'tab' && event.key !== 'Enter' && event.key !== ' '
    },
    true,
  )
  window.addEventListener('pointerdown', () => (browsing = false), true)
}

/**
 * Whether the user is moving along a tab list (the last key went to a tab, and was not Enter or
 * Space: an arrow, Home, End), whose panels show as the keys pass (lib/tab-props.ts), rather than
 * opening one. A panel that takes the focus when it opens leaves it on the tabs then.
 */
export const browsingTabs = (): boolean => browsing
