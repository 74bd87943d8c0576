import { loadNaiveAfterStart } from '@renderer/components/naive-after-start'
import * as onDemand from '@renderer/components/on-demand'
import { afterNextPaint } from '@renderer/lib/after-paint'
import { createAppRouter } from '@renderer/router'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { defineComponent, h, type Component } from 'vue'
import { createMemoryHistory, type Router } from 'vue-router'
import { noteMountedPinia } from './mounted-pinias'

export type Mounted = { wrapper: VueWrapper; router: Router; pinia: Pinia }

/**
 * Mounts `component` the way the app does: a fresh Pinia, the app's routes on a memory history
 * at `path`, inside NConfigProvider and the Naive UI providers. Attached to the document so focus
 * and keyboard tests work; test/renderer/setup-cleanup.ts unmounts it and empties the document after
 * each test.
 */
export async function mountInApp(component: Component, path = '/pbxs'): Promise<Mounted> {
  const pinia = createPinia()
  noteMountedPinia(pinia)
  setActivePinia(pinia)
  const router = createAppRouter(createMemoryHistory())
  await loadLazyViews(router)
  await loadOnDemand()
  // Naive UI's search box and tooltip, which the app asks for once its first screen is painted
  await loadNaiveAfterStart()
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

/**
 * Until the next frame is painted, and Vue has rendered what came with it: what a screen shows a
 * frame after its content (the PBX list's search box and buttons) is there.
 */
export async function afterPaint(): Promise<void> {
  await new Promise<void>((done) => afterNextPaint(done))
  await flushPromises()
}

/**
 * The app's views that load with their route, loaded now and put in their routes, as vue-router
 * itself does after a first visit: a test navigates and looks at the new screen on the next tick,
 * with no wait for a chunk. (A loader is a plain function; a component, compiled, is an object.)
 */
async function loadLazyViews(router: Router): Promise<void> {
  const loads = router.getRoutes().flatMap((record) =>
    Object.entries(record.components ?? {}).map(async ([name, view]) => {
      if (typeof view !== 'function' || 'displayName' in view) return
      const loaded = (await (view as () => Promise<{ default: Component }>)()) as { default: Component }
      record.components![name] = loaded.default
    }),
  )
  await Promise.all(loads)
}

/**
 * The components the app loads on demand (components/on-demand.ts), loaded now, as Vue itself
 * does at their first showing: a test opens a dialog and looks at it on the next tick, with no
 * wait for a chunk. Vue's async wrapper keeps its loader as `__asyncLoader`; once that has run,
 * the wrapper renders the component at once.
 */
async function loadOnDemand(): Promise<void> {
  const loaders = Object.values(onDemand).map((value) => (value as { __asyncLoader?: () => Promise<Component> }).__asyncLoader)
  await Promise.all(loaders.map((load) => load?.()))
}
