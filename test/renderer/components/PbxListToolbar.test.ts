import PbxListToolbar from '@renderer/components/pbx/PbxListToolbar.vue'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
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

describe('PbxListToolbar', () => {
  it('asks for the search box’s chunk once the list is painted; its place holds until it comes, and a focus asked meanwhile waits for it', async () => {
    const add = vi.fn()
    const wrapper = mount(PbxListToolbar, {
      props: { countText: '2 saved PBXs', tools: [{ text: 'Add PBX', primary: true, onClick: add }], query: '' },
      attachTo: document.body,
    })
    expect(wrapper.find('.pbx-list-toolbar__count').text()).toBe('2 saved PBXs')
    expect(wrapper.find('button').exists()).toBe(false)
    expect(chunk.asked).toBe(0)
    ;(wrapper.vm as unknown as { focusSearch(): void }).focusSearch()

    // painted: the buttons come, and the chunk is asked for; until it is there, the search box's place
    await afterPaint()
    expect(chunk.asked).toBe(1)
    await wrapper.find('button').trigger('click')
    expect(add).toHaveBeenCalledOnce()
    expect(wrapper.find('.pbx-list-toolbar__search-place').exists()).toBe(true)
    expect(wrapper.find('input').exists()).toBe(false)

    chunk.release()
    await vi.waitFor(() => expect(wrapper.find('input[type="search"]').exists()).toBe(true))
    expect(wrapper.find('.pbx-list-toolbar__search-place').exists()).toBe(false)
    expect(document.activeElement).toBe(wrapper.find('input[type="search"]').element)
    await wrapper.find('input').setValue('acme')
    expect(wrapper.emitted('update:query')).toEqual([['acme']])
  })
})
