import DeferredTooltip from '@renderer/components/common/DeferredTooltip.vue'
import { flushPromises, mount } from '@vue/test-utils'
import { NConfigProvider } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { h } from 'vue'
import { afterPaint } from '../mount-app'

// the chunk of Naive UI's tooltip and search box (components/naive-after-start.ts), held back
// until the test lets it come
const chunk = vi.hoisted(() => {
  let release = () => {}
  const gate = new Promise<void>((done) => (release = done))
  return { gate, release, asked: 0 }
})
vi.mock('@renderer/components/naive-after-start-parts', async (importOriginal) => {
  chunk.asked++
  await chunk.gate
  return importOriginal()
})

describe('DeferredTooltip', () => {
  it('shows its trigger alone until Naive UI’s tooltip has loaded, asks for it once painted, then is that tooltip', async () => {
    const tooltip = () =>
      h(DeferredTooltip, { placement: 'top-start' }, { trigger: () => h('span', { class: 'trigger' }, 'plain http'), default: () => 'The whole warning' })
    const wrapper = mount(() => h(NConfigProvider, null, tooltip), { attachTo: document.body })
    await flushPromises()
    expect(chunk.asked).toBe(0)
    await afterPaint()
    expect(chunk.asked).toBe(1)
    expect(wrapper.find('.trigger').text()).toBe('plain http')
    await wrapper.find('.trigger').trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    expect(document.body.querySelector('.n-tooltip')).toBeNull()

    chunk.release()
    await vi.waitFor(() => expect(wrapper.findComponent({ name: 'Tooltip' }).exists()).toBe(true))
    expect(wrapper.findAll('.trigger')).toHaveLength(1)
    await wrapper.find('.trigger').trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    await flushPromises()
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe('The whole warning')
    expect(chunk.asked).toBe(1)
  })
})
