import type { Batch } from '@contract/dect'
import type { SiteStatus } from '@contract/bridge-handsets'
import SiteCheckPanel from '@renderer/components/handsets/SiteCheckPanel.vue'
import { flushPromises, mount } from '@vue/test-utils'
import { NConfigProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createFakePbx, installFakePbx, ok } from '../fake-pbx'

// The On site tab's tests share this (SiteCheckPanel, and the hand-over report button on it).

/**
 * The On site panel of `batch` alone in Naive UI's providers (not the whole app: its views need
 * not load for this), the fake PBX answering the site check with `answer`.
 */
export async function mountSitePanel(batch: Batch, answer: SiteStatus, overrides: Parameters<typeof createFakePbx>[0] = {}) {
  const pbx = installFakePbx(createFakePbx({ siteStatus: vi.fn(async () => ok(answer)), ...overrides }))
  const pinia = createPinia()
  setActivePinia(pinia)
  const Host = defineComponent({
    setup: () => () => h(NConfigProvider, null, { default: () => h(NMessageProvider, null, { default: () => h(SiteCheckPanel, { batch }) }) }),
  })
  const host = document.createElement('div')
  document.body.appendChild(host)
  const wrapper = mount(Host, { attachTo: host, global: { plugins: [pinia] } })
  await flushPromises()
  return { wrapper, pbx }
}
