import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { acmeProfile, createFakePbx, globexProfile, installFakePbx, signedIn, starkProfile } from '../fake-pbx'
import { mountShell, pressMod, switcher } from './shell-helpers'

const input = () => switcher()!.querySelector<HTMLInputElement>('input[role="combobox"]')!
const options = () => Array.from(switcher()!.querySelectorAll<HTMLElement>('[role="option"]'))
const titles = () => options().map((option) => option.querySelector('.quick-switcher__title')?.textContent)
const activeTitle = () => {
  const id = input().getAttribute('aria-activedescendant')
  return id ? document.getElementById(id)?.querySelector('.quick-switcher__title')?.textContent : undefined
}

async function type(text: string): Promise<void> {
  input().value = text
  input().dispatchEvent(new Event('input', { bubbles: true }))
  await flushPromises()
}

async function key(name: string): Promise<KeyboardEvent> {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true })
  input().dispatchEvent(event)
  await flushPromises()
  return event
}

/** Acme (tenant admin) signed in already; Globex and Stark need a sign-in. */
function fake() {
  return installFakePbx(createFakePbx({}, { profiles: [acmeProfile, globexProfile, starkProfile], sessions: { 'p-acme': signedIn(acmeProfile) } }))
}

/** the dialog has gone (after its leave transition) */
const closed = () => vi.waitFor(() => expect(switcher()).toBeNull(), { timeout: 2000 })

async function openSwitcher() {
  const mounted = await mountShell()
  await pressMod('k')
  expect(switcher()).not.toBeNull()
  return mounted
}

describe('the quick switcher (Mod+K)', () => {
  it('lists the saved PBXs and the areas, grouped, with what each is', async () => {
    fake()
    await openSwitcher()
    expect(titles()).toEqual([acmeProfile.label, globexProfile.label, starkProfile.label, 'PBXs', 'Fleet', 'DECT phones', 'IVR servers', 'Outbound rules', 'Email templates', 'Notifications'])
    expect(Array.from(switcher()!.querySelectorAll('[role="group"]')).map((group) => group.getAttribute('aria-label'))).toEqual(['Saved PBXs', 'Areas'])
    expect(options()[0]?.textContent).toContain('Acme Corp · manager@acme.pbx.example · signed in')
    const ivr = options().find((option) => option.textContent?.includes('IVR servers'))!
    expect(ivr.getAttribute('aria-disabled')).toBe('true')
    expect(ivr.textContent).toContain('open a PBX first')
    expect(switcher()!.querySelector('[role="listbox"]')?.id).toBe(input().getAttribute('aria-controls'))
    expect(switcher()!.getAttribute('role')).toBe('dialog')
    expect(switcher()!.getAttribute('aria-modal')).toBe('true')
    expect(switcher()!.getAttribute('aria-label')).toBe('Go to a PBX or an area')
  })

  it('filters PBXs by label, customer or tag, and areas by title', async () => {
    fake()
    await openSwitcher()
    await type('hosting')
    expect(titles()).toEqual([globexProfile.label])
    await type('acme')
    expect(titles()).toEqual([acmeProfile.label])
    await type('rules')
    expect(titles()).toEqual(['Outbound rules'])
    await type('zzz')
    expect(options()).toEqual([])
    expect(switcher()!.textContent).toContain('Nothing matches “zzz”')
  })

  it('moves with the arrow keys, wrapping and skipping what cannot be chosen', async () => {
    fake()
    await openSwitcher()
    expect(activeTitle()).toBe(acmeProfile.label)
    await key('ArrowUp')
    expect(activeTitle()).toBe('DECT phones')
    await key('ArrowUp')
    expect(activeTitle()).toBe('Fleet')
    await key('ArrowUp')
    expect(activeTitle()).toBe('PBXs')
    await key('ArrowDown')
    await key('ArrowDown')
    await key('ArrowDown')
    expect(activeTitle()).toBe(acmeProfile.label)
    expect(options().filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1)
  })

  it('Enter opens the PBX, signing in where it needs to', async () => {
    const pbx = fake()
    await openSwitcher()
    await type('globex')
    const enter = await key('Enter')
    expect(enter.defaultPrevented).toBe(true)
    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-globex' })
    await closed()
    expect(useSessionsStore().signInProfileId).toBe('p-globex')
    expect(document.body.querySelector('.pbx-sign-in')?.textContent).toContain(`Sign in to ${globexProfile.label}`)
  })

  it('Enter on a signed-in PBX makes it the active one', async () => {
    fake()
    const { wrapper, router } = await openSwitcher()
    await key('Enter')
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(wrapper.find('header').text()).toContain('signed in as manager · Admin')
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('Enter on an area goes there', async () => {
    fake()
    const { router } = await openSwitcher()
    await type('dect')
    await key('Enter')
    expect(router.currentRoute.value.path).toBe('/dect')
    await closed()
  })

  it('a click chooses too, but not an area the user may not use', async () => {
    fake()
    const { router } = await openSwitcher()
    options().find((option) => option.textContent?.includes('Notifications'))!.click()
    await flushPromises()
    expect(switcher()).not.toBeNull()
    expect(router.currentRoute.value.path).toBe('/pbxs')
    options().find((option) => option.textContent?.includes('DECT phones'))!.click()
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('Escape closes it, and it opens empty the next time', async () => {
    fake()
    await openSwitcher()
    await type('hosting')
    await key('Escape')
    await closed()
    await pressMod('k')
    expect(input().value).toBe('')
    expect(titles()).toHaveLength(10)
  })

  it('can be opened from the header button too', async () => {
    fake()
    const { wrapper } = await mountShell()
    const button = wrapper.find('button[aria-label="Go to a PBX or an area (Ctrl+K)"]')
    expect(button.attributes('aria-haspopup')).toBe('dialog')
    await button.trigger('click')
    await flushPromises()
    expect(switcher()).not.toBeNull()
  })
})
