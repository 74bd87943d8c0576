import { NO_BATCH_OPEN } from '@renderer/composables/app-commands'
import { printAsked } from '@renderer/lib/print-request'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { sampleBatch } from '../fake-batches'
import { installMenu } from '../fake-menu'
import { acmeProfile, createFakePbx, globexProfile, installFakePbx, signedIn } from '../fake-pbx'
import { messages, mountShell, pressMod, switcher } from './shell-helpers'

/** Acme (tenant admin) and Globex (system administrator) signed in already, one batch saved. */
function fake() {
  return installFakePbx(
    createFakePbx(
      {},
      {
        sessions: { 'p-acme': signedIn(acmeProfile), 'p-globex': signedIn(globexProfile) },
        batches: { batches: [sampleBatch({ id: 'b-site-a', name: 'Site A' })], lastMapping: {}, pbxMacs: {} },
      },
    ),
  )
}

describe('the app commands from the keyboard (no Electron menu: the Chromium tests, a browser)', () => {
  it('Ctrl+K opens the quick switcher with the focus in its search box', async () => {
    fake()
    await mountShell()
    const event = await pressMod('k')
    expect(event.defaultPrevented).toBe(true)
    expect(switcher()).not.toBeNull()
    expect(document.activeElement?.getAttribute('role')).toBe('combobox')
  })

  it('Ctrl+O opens the spreadsheet import (a new batch from a CSV file)', async () => {
    fake()
    const { router } = await mountShell()
    await pressMod('o')
    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    expect(document.body.textContent).toContain('New batch from a spreadsheet')
  })

  it('Ctrl+O opens the system file dialog at once, the focus on "Choose a spreadsheet…", and again while the wizard is open', async () => {
    fake()
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      expect(this.type).toBe('file')
    })
    const { router } = await mountShell()
    await pressMod('o')
    await vi.waitFor(() => expect(opened).toHaveBeenCalledOnce())
    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    expect(document.activeElement?.textContent).toContain('Choose a spreadsheet…')
    // again, while the wizard is open: the dialog opens again (the request is taken each time)
    ;(document.activeElement as HTMLElement).blur()
    await pressMod('o')
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(2))
    expect(document.activeElement?.textContent).toContain('Choose a spreadsheet…')
    opened.mockRestore()
  })

  it('Ctrl+N creates an empty batch and opens it for scanning', async () => {
    const pbx = fake()
    const { router } = await mountShell()
    await pressMod('n')
    expect(pbx.createEmptyBatch).toHaveBeenCalledOnce()
    expect(pbx.createEmptyBatch.mock.calls[0]?.[0].name).toMatch(/^Scanned /)
    const created = pbx.state.batches.batches.find((batch) => batch.id !== 'b-site-a')
    expect(router.currentRoute.value.path).toBe(`/dect/batches/${created?.id}`)
    expect(router.currentRoute.value.query).toEqual({ scan: '1' })
  })

  it('Ctrl+P opens the labels of the open batch and prints them, and says what to do when none is open', async () => {
    const pbx = fake()
    const { router } = await mountShell()
    await pressMod('p')
    expect(messages()).toContain(NO_BATCH_OPEN)
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(printAsked()).toBeNull()

    await router.push('/dect/batches/b-site-a')
    await flushPromises()
    const event = await pressMod('p')
    expect(event.defaultPrevented).toBe(true)
    expect(router.currentRoute.value.fullPath).toBe('/dect/batches/b-site-a?tab=labels')
    // the Labels tab takes the request once it shows the batch, and prints its sheet
    await vi.waitFor(() => expect(pbx.printLabels).toHaveBeenCalledWith({ batchId: 'b-site-a', size: 'a4-21' }))
    expect(printAsked()).toBeNull()
  })

  it('Ctrl+1…7 go to the areas the user may use, and say why not for the others', async () => {
    fake()
    const { router } = await mountShell()
    await pressMod('2')
    expect(router.currentRoute.value.path).toBe('/fleet')
    await pressMod('3')
    expect(router.currentRoute.value.path).toBe('/dect')
    await pressMod('4')
    expect(router.currentRoute.value.path).toBe('/dect')
    expect(messages()).toContain('IVR servers: open a PBX first')

    await useSessionsStore().open('p-globex')
    await flushPromises()
    await pressMod('4')
    expect(router.currentRoute.value.path).toBe('/ivr')
    await pressMod('5')
    expect(router.currentRoute.value.path).toBe('/ivr')
    expect(messages()).toContain('Outbound rules: needs a tenant administrator')
    await pressMod('1')
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })

  it('Ctrl+R reloads the window', async () => {
    fake()
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    await mountShell()
    await pressMod('r')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('leaves other keys alone (Ctrl+S, Shift, plain letters)', async () => {
    fake()
    const { router } = await mountShell()
    expect((await pressMod('s')).defaultPrevented).toBe(false)
    expect((await pressMod('k', { shiftKey: true })).defaultPrevented).toBe(false)
    expect((await pressMod('k', { ctrlKey: false })).defaultPrevented).toBe(false)
    expect(switcher()).toBeNull()
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })
})

describe('the app commands from the Electron menu (window.pbxMenu)', () => {
  it('runs each command the menu sends', async () => {
    fake()
    const menu = installMenu()
    const { router } = await mountShell()
    await menu.send('go:dect')
    expect(router.currentRoute.value.path).toBe('/dect')
    await menu.send('import-csv')
    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    await menu.send('print-labels')
    expect(messages()).toContain(NO_BATCH_OPEN)
    await menu.send('switch-pbx')
    expect(switcher()).not.toBeNull()
  })

  it('leaves the shortcuts to the menu (its accelerators), so nothing runs twice', async () => {
    fake()
    installMenu()
    const { router } = await mountShell()
    expect((await pressMod('2')).defaultPrevented).toBe(false)
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })

  it('stops listening when the shell goes away', async () => {
    fake()
    const menu = installMenu()
    const { wrapper } = await mountShell()
    expect(menu.listeners).toBe(1)
    wrapper.unmount()
    expect(menu.listeners).toBe(0)
  })
})
