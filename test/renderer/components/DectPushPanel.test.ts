import { IDLE_POLL_MS, PUSH_POLL_MS } from '@renderer/stores/push'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { NInputNumber, NSelect } from 'naive-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAKE_PAUSED_REASON, FAKE_PUSHED_ELSEWHERE, fakePushProgress } from '../fake-pbx'
import { button } from '../wrapper-find'
import { bodyButton, mountPanel, nextPoll, setup } from './push-panel-setup'

afterEach(() => {
  vi.useRealTimers()
})

describe('DectPushPanel', () => {
  it('preselects the batch’s PBX, offers "Push 150 bases" and sends the PBX and the concurrency chosen', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()

    expect(wrapper.find('section[aria-labelledby]').text()).toContain('Push to a PBX')
    expect(wrapper.findComponent(NSelect).props('value')).toBe('p-acme')
    expect(wrapper.findComponent(NInputNumber).props('value')).toBe(4)
    expect(wrapper.find('label[for]').text()).toContain('Target PBX')

    wrapper.findComponent(NInputNumber).vm.$emit('update:value', 8)
    await flushPromises()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()

    expect(pbx.startPush).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', concurrency: 8 })
    expect(wrapper.find('[role="progressbar"]').exists()).toBe(true)
    expect(wrapper.find('.dect-push__counts').text()).toBe('0 of 150 · 0 created · 0 matched · 0 failed')
  })

  it('keeps the concurrency within 1 to 16', async () => {
    setup()
    const { wrapper } = await mountPanel()
    const input = wrapper.findComponent(NInputNumber)
    expect(input.props('min')).toBe(1)
    expect(input.props('max')).toBe(16)
    input.vm.$emit('update:value', 40)
    await flushPromises()
    expect(input.props('value')).toBe(16)
  })

  it('asks for the progress every 500 ms while the push runs: percentage, counts and time left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()
    const asked = pbx.getPushProgress.mock.calls.length

    pbx.dect.advancePush('b1', { created: 118, matched: 2, etaMs: 40_000 })
    await nextPoll()

    expect(pbx.getPushProgress.mock.calls.length).toBe(asked + 1)
    expect(wrapper.find('.dect-push__counts').text()).toBe('120 of 150 · 118 created · 2 matched · 0 failed')
    expect(wrapper.find('.dect-push__eta').text()).toBe('about 40 s left')
    const bar = wrapper.find('[role="progressbar"]')
    expect(bar.attributes('aria-valuenow')).toBe('80')
    expect(bar.attributes('aria-label')).toBe('Pushing to Acme HQ')
    expect(button(wrapper, 'Pause').exists()).toBe(true)
    expect(button(wrapper, 'Cancel').exists()).toBe(true)

    // the end: no more asking
    pbx.dect.advancePush('b1', { created: 30 })
    await nextPoll()
    const atEnd = pbx.getPushProgress.mock.calls.length
    await nextPoll()
    await nextPoll()
    expect(pbx.getPushProgress.mock.calls.length).toBe(atEnd)
    expect(wrapper.find('.dect-push__summary').text()).toBe('150 of 150 bases are on Acme HQ: 148 created, 2 matched.')
  })

  it('stops asking when the panel goes (the push goes on in main)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()
    await nextPoll()
    const asked = pbx.getPushProgress.mock.calls.length

    wrapper.unmount()
    await nextPoll()
    await nextPoll()

    expect(pbx.getPushProgress.mock.calls.length).toBe(asked)
    expect(pbx.dect.state.pushes.b1!.running).toBe(true)
  })

  it('pauses, then resumes where it stopped', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()
    pbx.dect.advancePush('b1', { created: 10 })

    await button(wrapper, 'Pause').trigger('click')
    await flushPromises()

    expect(pbx.pausePush).toHaveBeenCalledWith({ batchId: 'b1' })
    const stopped = wrapper.find('.dect-push__stopped')
    expect(stopped.text()).toContain('Push paused')
    expect(stopped.text()).toContain(FAKE_PAUSED_REASON)
    expect(stopped.text()).toContain('140 bases still to push')

    await button(wrapper, 'Resume').trigger('click')
    await flushPromises()
    expect(pbx.startPush).toHaveBeenCalledTimes(2)
    expect(wrapper.find('.dect-push__counts').text()).toBe('10 of 150 · 10 created · 0 matched · 0 failed')
  })

  it('cancels only after the confirmation', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()

    await button(wrapper, 'Cancel').trigger('click')
    await flushPromises()
    expect(document.body.textContent).toContain('Cancel the push?')
    bodyButton('Keep pushing').click()
    await flushPromises()
    expect(pbx.cancelPush).not.toHaveBeenCalled()

    await button(wrapper, 'Cancel').trigger('click')
    await flushPromises()
    bodyButton('Cancel push').click()
    await flushPromises()

    expect(pbx.cancelPush).toHaveBeenCalledWith({ batchId: 'b1' })
    expect(wrapper.find('.dect-push__stopped').text()).toContain('Push cancelled')
    expect(button(wrapper, 'Resume').exists()).toBe(true)
  })

  it('a push that stopped by itself says why in an alert with Resume', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()

    pbx.dect.advancePush('b1', { created: 30 })
    pbx.dect.stopPush('b1', 'The PBX could not be reached: the network is down')
    await nextPoll()

    const stopped = wrapper.find('.dect-push__stopped')
    expect(stopped.classes()).toContain('n-alert')
    expect(stopped.text()).toContain('The push stopped')
    expect(stopped.text()).toContain('The PBX could not be reached: the network is down')
    expect(stopped.text()).toContain('120 bases still to push')
    await button(wrapper, 'Resume').trigger('click')
    await flushPromises()
    expect(pbx.startPush).toHaveBeenLastCalledWith({ batchId: 'b1', profileId: 'p-acme', concurrency: 4 })
  })

  it('a batch another process is pushing: says so, offers nothing to press, and follows its counts to the usual end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'pushing', elsewhere: true, done: 30, created: 30, pending: 120 })
    const { wrapper } = await mountPanel()

    const shown = wrapper.find('.dect-push__elsewhere')
    expect(shown.text()).toContain('Being pushed elsewhere')
    expect(shown.text()).toContain('A command line or another window is pushing this batch: its progress shows here as it goes. Pause or cancel it there')
    expect(shown.find('[role="progressbar"]').attributes('aria-valuenow')).toBe('20')
    expect(wrapper.find('.dect-push__counts').text()).toBe('30 of 150 · 30 created · 0 matched · 0 failed')
    const pressable = wrapper.findAll('button').map((b) => b.text())
    for (const text of ['Pause', 'Cancel', 'Resume', 'Push 120 bases', 'Export results (CSV)']) expect(pressable).not.toContain(text)
    expect(wrapper.findComponent(NSelect).props('disabled')).toBe(true)
    expect(wrapper.findComponent(NInputNumber).props('disabled')).toBe(true)

    // asked again every 500 ms, as while a push of this window runs
    const asked = pbx.getPushProgress.mock.calls.length
    pbx.dect.advancePush('b1', { created: 60 })
    await nextPoll()
    expect(pbx.getPushProgress.mock.calls.length).toBe(asked + 1)
    expect(wrapper.find('.dect-push__counts').text()).toBe('90 of 150 · 90 created · 0 matched · 0 failed')

    // its end: the panel as after a push of its own (the batch read again for the failed rows), no more asking every 500 ms
    const batchReads = pbx.getBatch.mock.calls.length
    pbx.dect.advancePush('b1', { created: 58, failed: 2 })
    await nextPoll()
    expect(wrapper.find('.dect-push__elsewhere').exists()).toBe(false)
    expect(wrapper.find('.dect-push__summary').text()).toBe('148 of 150 bases are on Acme HQ: 148 created, 0 matched, 2 failed.')
    expect(button(wrapper, 'Retry failed (2)').exists()).toBe(true)
    expect(pbx.getBatch.mock.calls.length).toBe(batchReads + 1)
    const atEnd = pbx.getPushProgress.mock.calls.length
    await nextPoll()
    expect(pbx.getPushProgress.mock.calls.length).toBe(atEnd)
  })

  it('a paused batch another process takes up: the panel notices within IDLE_POLL_MS, with nothing pressed, and follows that push', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'paused', done: 10, created: 10, pending: 140 })
    const { wrapper } = await mountPanel()
    expect(button(wrapper, 'Resume').exists()).toBe(true)

    // paused: not asked every 500 ms, only now and then
    const asked = pbx.getPushProgress.mock.calls.length
    await nextPoll()
    expect(pbx.getPushProgress.mock.calls.length).toBe(asked)

    // a command line takes it up: seen at the next slow ask (IDLE_POLL_MS after the last), then followed every 500 ms
    Object.assign(pbx.dect.state.pushes.b1, { status: 'pushing', elsewhere: true })
    await vi.advanceTimersByTimeAsync(IDLE_POLL_MS - PUSH_POLL_MS)
    await flushPromises()
    expect(pbx.getPushProgress.mock.calls.length).toBe(asked + 1)
    expect(wrapper.find('.dect-push__elsewhere').text()).toContain('Being pushed elsewhere')
    expect(wrapper.findAll('button').map((b) => b.text())).not.toContain('Resume')
    pbx.dect.advancePush('b1', { created: 5 })
    await nextPoll()
    expect(pbx.getPushProgress.mock.calls.length).toBe(asked + 2)
    expect(wrapper.find('.dect-push__counts').text()).toBe('15 of 150 · 15 created · 0 matched · 0 failed')
  })

  it('Resume of a batch another process began pushing since it was read: refused, and the panel follows that push', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'paused', done: 10, created: 10, pending: 140 })
    const { wrapper } = await mountPanel()
    // a command line takes it up
    Object.assign(pbx.dect.state.pushes.b1, { status: 'pushing', elsewhere: true })

    await button(wrapper, 'Resume').trigger('click')
    await flushPromises()

    expect(pbx.startPush).toHaveBeenCalledTimes(1)
    expect(wrapper.find('.dect-push__action-error').text()).toBe(FAKE_PUSHED_ELSEWHERE)
    expect(wrapper.find('.dect-push__elsewhere').exists()).toBe(true)
    expect(wrapper.findAll('button').map((b) => b.text())).not.toContain('Resume')
    pbx.dect.advancePush('b1', { created: 5 })
    await nextPoll()
    expect(wrapper.find('.dect-push__counts').text()).toBe('15 of 150 · 15 created · 0 matched · 0 failed')
  })

  it('after a push with failures: the summary, the failed rows with the PBX’s message, and "Retry failed rows"', async () => {
    const pbx = setup({ batch: { failed: 2, done: 148 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', done: 150, created: 146, matched: 2, failed: 2, pending: 0 })
    const { wrapper } = await mountPanel()

    expect(wrapper.find('.dect-push__summary').text()).toBe('148 of 150 bases are on Acme HQ: 146 created, 2 matched, 2 failed.')
    const failed = wrapper.findAll('.dect-push__failed-list li')
    expect(failed).toHaveLength(2)
    expect(failed[0]!.text()).toContain('Row 1')
    expect(failed[0]!.text()).toContain('Handset 1')
    expect(failed[0]!.text()).toContain('00:15:65:00:00:01')
    expect(failed[0]!.text()).toContain('already exists (409)')

    await button(wrapper, 'Retry failed (2)').trigger('click')
    await flushPromises()

    expect(pbx.retryFailedRows).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme' })
    expect(wrapper.find('.dect-push__counts').text()).toBe('148 of 150 · 146 created · 2 matched · 0 failed')
  })

  it('a push that ends hands the focus to the first step its end offers (the Push button that had it is gone), never taken from a field elsewhere (issue 40)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup()
    const { wrapper } = await mountPanel()
    const push = button(wrapper, 'Push 150 bases')
    ;(push.element as HTMLButtonElement).focus()
    await push.trigger('click')
    await flushPromises()
    // the Push button goes as the push runs: the focus is lost to the page until the end
    ;(document.activeElement as HTMLElement | null)?.blur()
    pbx.dect.advancePush('b1', { created: 150 })
    await nextPoll()
    expect(wrapper.find('.dect-push__finished').exists()).toBe(true)
    expect(document.activeElement?.textContent?.trim()).toBe('Next: print labels (150 bases)')

    // a second push, while the user types in a field of another tab: the focus stays there
    pbx.dect.state.pushes.b1 = fakePushProgress('b1')
    const { wrapper: again } = await mountPanel()
    await button(again, 'Push 150 bases').trigger('click')
    await flushPromises()
    const elsewhere = document.body.appendChild(document.createElement('input'))
    elsewhere.focus()
    pbx.dect.advancePush('b1', { created: 150 })
    await nextPoll()
    expect(again.find('.dect-push__finished').exists()).toBe(true)
    expect(document.activeElement).toBe(elsewhere)
    elsewhere.remove()
  })

  it('a batch with handsets: their counts beside the phones', async () => {
    const pbx = setup({ batch: { done: 150 } })
    const handsets = { total: 25, done: 25, enrolled: 20, matched: 2, failed: 3, pending: 0, withErrors: 0 }
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', done: 150, created: 150, pending: 0, handsets })
    const { wrapper } = await mountPanel()
    expect(wrapper.find('.dect-push__summary').text()).toBe('150 of 150 bases are on Acme HQ: 150 created, 0 matched. Handsets: 22 of 25 on the PBX: 20 enrolled, 2 matched, 3 failed.')
    // failed handsets alone are worth a retry
    await button(wrapper, 'Retry failed (3)').trigger('click')
    await flushPromises()
    expect(pbx.retryFailedRows).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme' })
  })

  it('a retry whose rows fail again says so when it ends (the screen would look as before)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = setup({ batch: { failed: 2, done: 148 } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'partly_failed', done: 150, created: 146, matched: 2, failed: 2, pending: 0 })
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Retry failed (2)').trigger('click')
    await flushPromises()
    expect(document.body.querySelector('.n-message')).toBeNull()

    pbx.dect.advancePush('b1', { failed: 2 })
    await nextPoll()
    expect(wrapper.find('.dect-push__summary').text()).toBe('148 of 150 bases are on Acme HQ: 146 created, 2 matched, 2 failed.')
    expect(document.body.querySelector('.n-message__content')?.textContent).toBe(
      '2 bases failed again: the reasons are under "Failed". Fix them on the Rows tab, then retry.',
    )
  })

  it('exports the results as a CSV download', async () => {
    const pbx = setup()
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { status: 'done', done: 150, created: 150, pending: 0 })
    const { wrapper } = await mountPanel()
    const createObjectURL = vi.fn(() => 'blob:results')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)

    await button(wrapper, 'Export results (CSV)').trigger('click')
    await flushPromises()

    expect(pbx.exportResultsCsv).toHaveBeenCalledWith({ batchId: 'b1' })
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('b1-results.csv')
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(blob.type).toBe('text/csv')
    expect(await blob.text()).toMatch(/^kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index\n/)
  })

  it('a PBX that is not signed in asks for the sign-in first, then pushes to it', async () => {
    const pbx = setup({ batch: { targetProfileId: 'p-globex' } })
    const { wrapper } = await mountPanel()
    expect(wrapper.findComponent(NSelect).props('value')).toBe('p-globex')

    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()

    const sessions = useSessionsStore()
    expect(pbx.openPbx).toHaveBeenCalledWith({ profileId: 'p-globex' })
    expect(sessions.signInProfileId).toBe('p-globex')
    expect(pbx.startPush).not.toHaveBeenCalled()
    expect(wrapper.text()).toContain('Sign in to Globex hosting to push')

    await sessions.signIn({ profileId: 'p-globex', password: 'admin', remember: false })
    await flushPromises()

    expect(pbx.startPush).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-globex', concurrency: 4 })
  })

  it('closing the sign-in dialog drops the push', async () => {
    const pbx = setup({ batch: { targetProfileId: 'p-globex' } })
    const { wrapper } = await mountPanel()
    await button(wrapper, 'Push 150 bases').trigger('click')
    await flushPromises()

    useSessionsStore().cancelSignIn()
    await flushPromises()

    expect(wrapper.text()).not.toContain('Sign in to Globex hosting to push')
    expect(button(wrapper, 'Push 150 bases').attributes('disabled')).toBeUndefined()
    expect(pbx.startPush).not.toHaveBeenCalled()
  })

  it('with no PBX chosen yet asks for one, and says when nothing can be pushed', async () => {
    const pbx = setup({ batch: { targetProfileId: null } })
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { total: 0, pending: 0, withErrors: 3 })
    const { wrapper } = await mountPanel()

    expect(wrapper.findComponent(NSelect).props('value')).toBeNull()
    expect(wrapper.text()).toContain('Nothing to push: fix the 3 rows with errors first.')
    expect(button(wrapper, 'Push').attributes('disabled')).toBeDefined()
  })
})
