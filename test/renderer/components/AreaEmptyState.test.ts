import AreaEmptyState from '@renderer/components/common/AreaEmptyState.vue'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'

describe('AreaEmptyState', () => {
  it('shows the title, what will be there, and the action', () => {
    const wrapper = mount(AreaEmptyState, {
      props: { title: 'IVR servers', description: 'Receptionists will be here.', requirement: 'Sign in first.' },
      slots: { action: () => h('button', 'Go') },
    })

    expect(wrapper.find('section').attributes('aria-label')).toBe('IVR servers')
    expect(wrapper.find('h2').text()).toBe('IVR servers')
    expect(wrapper.text()).toContain('Receptionists will be here.')
    expect(wrapper.text()).toContain('Sign in first.')
    expect(wrapper.find('button').text()).toBe('Go')
  })

  it('leaves out the requirement and the action when not given', () => {
    const wrapper = mount(AreaEmptyState, { props: { title: 'PBXs', description: 'Saved PBXs.' } })

    expect(wrapper.findAll('p')).toHaveLength(1)
    expect(wrapper.find('.n-empty__extra').exists()).toBe(false)
  })
})
