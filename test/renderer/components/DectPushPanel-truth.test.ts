import { flushPromises } from '@vue/test-utils'
import { NAlert } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import DectPushPanel from '@renderer/components/dect/DectPushPanel.vue'
import { fakePushProgress } from '../fake-pbx'
import { button } from '../wrapper-find'
import { mountPanel, setup } from './push-panel-setup'

// The push panel says what is on the PBX and what is not (issue 37), from the batch's state
// (contract/batch-state.ts): never a green "finished" with rows left behind, "failed" when nothing
// got there, and a push for handsets enrolled after the bases.

const noHandsets = { total: 0, done: 0, enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 }

describe('DectPushPanel tells the truth', () => {
  it('handsets enrolled after the bases were pushed: not "done", and "Push 30 handsets" sends them', async () => {
    const pbx = setup({ batch: { rows: 12, done: 12 } })
    const handsets = { ...noHandsets, total: 30, pending: 30 }
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'done', total: 12, done: 12, created: 12, pending: 0, handsets })
    const { wrapper } = await mountPanel()

    const alert = wrapper.findComponent(NAlert)
    expect(alert.props('type')).toBe('warning')
    expect(alert.text()).toContain('Push finished: not everything is on the PBX')
    expect(wrapper.find('.dect-push__summary').text()).toBe('12 of 12 bases are on Acme HQ: 12 created, 0 matched. Handsets: 0 of 30 on the PBX: 0 enrolled, 0 matched, 30 ready to push.')
    await button(wrapper, 'Push 30 handsets').trigger('click')
    await flushPromises()
    expect(pbx.startPush).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', concurrency: 4 })
    expect(wrapper.find('[role="progressbar"]').exists()).toBe(true)
  })

  it('rows left out by errors are named: "5 of 7", not a green "finished"', async () => {
    const pbx = setup({ batch: { rows: 7, done: 5 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'done', total: 5, done: 5, created: 5, pending: 0, withErrors: 2 })
    const { wrapper } = await mountPanel()

    expect(wrapper.findComponent(NAlert).props('type')).toBe('warning')
    expect(wrapper.find('.dect-push__summary').text()).toBe('5 of 7 bases are on Acme HQ: 5 created, 0 matched, 2 not sent (errors).')
    // nothing valid is left to send: no push button, no retry
    expect(wrapper.findAll('button').map((b) => b.text())).not.toContain('Push')
    expect(wrapper.findAll('button').some((b) => b.text().startsWith('Retry'))).toBe(false)
  })

  it('0 of 8 succeeded: "nothing reached the PBX", in red, with a retry of the 8', async () => {
    const pbx = setup({ batch: { rows: 8, failed: 8 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', total: 8, done: 8, failed: 8, pending: 0 })
    const { wrapper } = await mountPanel()

    const alert = wrapper.findComponent(NAlert)
    expect(alert.props('type')).toBe('error')
    expect(alert.text()).toContain('Push finished: nothing reached the PBX')
    expect(wrapper.find('.dect-push__summary').text()).toBe('0 of 8 bases are on Acme HQ: 0 created, 0 matched, 8 failed.')
    expect(button(wrapper, 'Retry failed (8)').exists()).toBe(true)
  })

  it('everything on the PBX: green, and only then', async () => {
    const pbx = setup({ batch: { rows: 3, done: 3 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'done', total: 3, done: 3, created: 3, pending: 0, handsets: { ...noHandsets, total: 4, done: 4, enrolled: 4 } })
    const { wrapper } = await mountPanel()
    expect(wrapper.findComponent(NAlert).props('type')).toBe('success')
    expect(wrapper.findComponent(NAlert).text()).toContain('Push finished: everything is on the PBX')
    // the next step of the installer's day, as the primary action (issue 40): the batch view opens the labels
    const next = button(wrapper, 'Next: print labels (3 bases, 4 handsets)')
    expect(next.classes()).toContain('n-button--primary-type')
    await next.trigger('click')
    expect(wrapper.findComponent(DectPushPanel).emitted('labels')).toHaveLength(1)
  })

  it('bases failed: the labels are offered for those on the PBX, after the retry', async () => {
    const pbx = setup({ batch: { rows: 8, done: 6, failed: 2 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', total: 8, done: 8, created: 6, failed: 2, pending: 0 })
    const { wrapper } = await mountPanel()
    expect(wrapper.findAll('.dect-push__finished button').map((b) => b.text())).toEqual(['Retry failed (2)', 'Next: print labels (6 bases)'])
    expect(button(wrapper, 'Next: print labels (6 bases)').classes()).not.toContain('n-button--primary-type')
  })

  it('nothing on the PBX: no labels to print', async () => {
    const pbx = setup({ batch: { rows: 8, failed: 8 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', total: 8, done: 8, failed: 8, pending: 0 })
    const { wrapper } = await mountPanel()
    expect(wrapper.findAll('button').some((b) => b.text().startsWith('Next: print labels'))).toBe(false)
  })

  it('a first push names both kinds: "Push 150 bases and 25 handsets"', async () => {
    const pbx = setup()
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { handsets: { ...noHandsets, total: 25, pending: 25 } })
    const { wrapper } = await mountPanel()
    expect(button(wrapper, 'Push 150 bases and 25 handsets').attributes('disabled')).toBeUndefined()
  })
})
