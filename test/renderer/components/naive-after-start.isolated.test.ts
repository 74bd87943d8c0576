import DeferredTooltip from '@renderer/components/common/DeferredTooltip.vue'
import PbxListToolbar from '@renderer/components/pbx/PbxListToolbar.vue'
import { flushPromises, mount } from '@vue/test-utils'
import { NConfigProvider } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { h } from 'vue'
import { afterPaint } from '../mount-app'

// the chunk of Naive UI's search box and tooltip (components/naive-after-start.ts), held back
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

const hover = async (element: { trigger(event: string): Promise<void> }) => {
  await element.trigger('mouseenter')
  await new Promise((done) => setTimeout(done, 200))
  await flushPromises()
}

describe('the first screen while Naive UI’s search box and tooltip are on their way', () => {
  it('asks for their chunk once painted; until it comes, the search box’s place and a tooltip’s trigger alone; then the real ones, and a focus asked meanwhile', async () => {
    const add = vi.fn()
    const wrapper = mount(
      () =>
        h(NConfigProvider, null, () => [
          h(PbxListToolbar, { countText: '2 saved PBXs', tools: [{ text: 'Add PBX', primary: true, onClick: add }], query: '' }),
          h(DeferredTooltip, { placement: 'top-start' }, { trigger: () => h('span', { class: 'trigger' }, 'plain http'), default: () => 'The whole warning' }),
        ]),
      { attachTo: document.body },
    )
    const toolbar = wrapper.findComponent(PbxListToolbar)
    expect(toolbar.find('.pbx-list-toolbar__count').text()).toBe('2 saved PBXs')
    expect(toolbar.find('button').exists()).toBe(false)
    expect(wrapper.find('.trigger').text()).toBe('plain http')
    expect(chunk.asked).toBe(0)
    ;(toolbar.vm as unknown as { focusSearch(): void }).focusSearch()

    // painted: the buttons come, and the chunk is asked for (once); until it is there, the places
    await afterPaint()
    expect(chunk.asked).toBe(1)
    await toolbar.find('button').trigger('click')
    expect(add).toHaveBeenCalledOnce()
    expect(toolbar.find('.pbx-list-toolbar__search-place').exists()).toBe(true)
    expect(toolbar.find('input').exists()).toBe(false)
    await hover(wrapper.find('.trigger'))
    expect(document.body.querySelector('.n-tooltip')).toBeNull()

    // it came: the search box in its place, with the focus asked for; the tooltip around its trigger
    chunk.release()
    await vi.waitFor(() => expect(toolbar.find('input[type="search"]').exists()).toBe(true))
    expect(toolbar.find('.pbx-list-toolbar__search-place').exists()).toBe(false)
    expect(document.activeElement).toBe(toolbar.find('input[type="search"]').element)
    await toolbar.find('input').setValue('acme')
    expect(toolbar.emitted('update:query')).toEqual([['acme']])
    expect(wrapper.findComponent({ name: 'Tooltip' }).exists()).toBe(true)
    expect(wrapper.findAll('.trigger')).toHaveLength(1)
    await hover(wrapper.find('.trigger'))
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe('The whole warning')
  })
})
