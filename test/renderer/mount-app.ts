import { createAppRouter } from '@renderer/router'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { defineComponent, h, type Component } from 'vue'
import { createMemoryHistory, type Router } from 'vue-router'

export type Mounted = { wrapper: VueWrapper; router: Router; pinia: Pinia }

/**
 * Mounts `component` the way the app does: a fresh Pinia, the app's routes on a memory history
 * at `path`, inside NConfigProvider and the Naive UI providers. Attached to the document so focus
 * and keyboard tests work; test/renderer/setup-cleanup.ts unmounts it and empties the document after
 * each test.
 */
export async function mountInApp(component: Component, path = '/pbxs'): Promise<Mounted> {
  const pinia = createPinia()
  setActivePinia(pinia)
  const router = createAppRouter(createMemoryHistory())
  await router.push(path)
  await router.isReady()
  const Root = defineComponent({
    setup: () => () =>
      h(NConfigProvider, null, {
        default: () => h(NMessageProvider, null, { default: () => h(NDialogProvider, null, { default: () => h(component) }) }),
      }),
  })
  const host = document.createElement('div')
  document.body.appendChild(host)
  // real transitions: Naive UI's focus trap looks for the dialog right beside its sentinels, where a
  // transition stub would stand
  const wrapper = mount(Root, { attachTo: host, global: { plugins: [pinia, router], stubs: { transition: false } } })
  await flushPromises()
  return { wrapper, router, pinia }
}
