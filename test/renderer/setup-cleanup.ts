import { enableAutoUnmount } from '@vue/test-utils'
import { disposePinia, getActivePinia } from 'pinia'
import { afterEach, vi } from 'vitest'
import { removeMenu } from './fake-menu'
import { removePbx } from './fake-pbx'

/**
 * The cleanup after every renderer test (the `renderer` project's `setupFiles`, vitest.config.ts),
 * after the test file's own `afterEach` hooks: unmounts every wrapper `mount` made in the test
 * (mountInApp's too, @vue/test-utils' auto-unmount), empties the document (Naive UI teleports its
 * dialogs, drawers and messages to the body), removes the fake `window.pbx` and `window.pbxMenu`
 * whether a test installed them or not, disposes the test's Pinia (its stores stop listening, e.g.
 * to every bridge failure, bridge-call.ts) and restores what `vi.spyOn` replaced.
 */
enableAutoUnmount((unmountAll) =>
  afterEach(() => {
    unmountAll()
    document.body.innerHTML = ''
    removePbx()
    removeMenu()
    const pinia = getActivePinia()
    if (pinia) disposePinia(pinia)
    vi.restoreAllMocks()
  }),
)
