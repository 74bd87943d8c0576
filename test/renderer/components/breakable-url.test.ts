import { BreakableUrl } from '@renderer/components/common/breakable-url'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'

describe('BreakableUrl', () => {
  it('offers a line break after each slash, dot and the like, never inside a word, and keeps the address whole as text', () => {
    const url = 'https://pbx.demo.example/dect/base-01?mac=001565AABB01'
    const wrapper = mount({ render: () => h(BreakableUrl, { url }) })
    expect(wrapper.text()).toBe(url)
    expect(wrapper.html().replace(/\s+/g, '')).toBe(
      '<spanclass="breakable-url">https://<wbr>pbx.<wbr>demo.<wbr>example/<wbr>dect/<wbr>base-<wbr>01?<wbr>mac=<wbr>001565AABB01</span>',
    )
  })
})
