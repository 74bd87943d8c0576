import { tabProps } from '@renderer/lib/tab-props'
import { mount } from '@vue/test-utils'
import { NTabPane, NTabs } from 'naive-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'

// Naive UI's tabs (real NTabs) with our tab-props: WAI-ARIA's tabs pattern by keyboard.

const NAMES = ['rows', 'push', 'labels'] as const

function mountTabs() {
  const tab = ref<string>('rows')
  const choose = (name: string) => (tab.value = name)
  const wrapper = mount(
    defineComponent(() => () =>
      h(NTabs, { value: tab.value, type: 'line', 'onUpdate:value': choose }, () =>
        NAMES.map((name) => h(NTabPane, { name, tab: name, tabProps: tabProps(name, tab.value, choose) }, () => h('button', `in ${name}`))),
      ),
    ),
    { attachTo: document.body },
  )
  const tabOf = (name: string) => wrapper.get<HTMLElement>(`[role="tab"][data-name="${name}"]`)
  const stops = () => NAMES.filter((name) => tabOf(name).attributes('tabindex') === '0')
  return { wrapper, tab, tabOf, stops }
}

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

describe('tabProps', () => {
  it('makes the list one Tab stop, the selected tab, which says it is selected', () => {
    const { wrapper, tabOf, stops } = mountTabs()
    unmount = () => wrapper.unmount()
    expect(stops()).toEqual(['rows'])
    expect(tabOf('rows').attributes('aria-selected')).toBe('true')
    expect(tabOf('push').attributes('tabindex')).toBe('-1')
    expect(tabOf('push').attributes('aria-selected')).toBe('false')
  })

  it('moves with the arrow keys (round), Home and End, choosing the tab it moves to and focusing it', async () => {
    const { wrapper, tab, tabOf, stops } = mountTabs()
    unmount = () => wrapper.unmount()
    const press = async (key: string) => {
      const focused = document.activeElement as HTMLElement
      focused.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
      await wrapper.vm.$nextTick()
      return (document.activeElement as HTMLElement).dataset.name
    }
    tabOf('rows').element.focus()

    expect(await press('ArrowRight')).toBe('push')
    expect(tab.value).toBe('push')
    expect(stops()).toEqual(['push'])
    expect(await press('ArrowRight')).toBe('labels')
    expect(await press('ArrowRight')).toBe('rows')
    expect(await press('ArrowLeft')).toBe('labels')
    expect(await press('Home')).toBe('rows')
    expect(await press('End')).toBe('labels')
    expect(tab.value).toBe('labels')
    expect(stops()).toEqual(['labels'])
    // a key the tabs do not take is left alone
    expect(await press('ArrowDown')).toBe('labels')
  })

  it('chooses the focused tab with Enter or Space', async () => {
    const { wrapper, tab, tabOf } = mountTabs()
    unmount = () => wrapper.unmount()
    await tabOf('labels').trigger('keydown', { key: 'Enter' })
    expect(tab.value).toBe('labels')
    await tabOf('push').trigger('keydown', { key: ' ' })
    expect(tab.value).toBe('push')
  })
})
