import type { PbxProfile } from '@contract/profiles'
import type { BridgeError } from '@contract/result'
import PbxSignInDialog from '@renderer/components/pbx/PbxSignInDialog.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, reactive } from 'vue'
import { acmeProfile, globexProfile, WRONG_PASSWORD_MESSAGE } from '../fake-pbx'
import { mountInApp } from '../mount-app'

let mounted: VueWrapper | null = null
type Props = { profile: PbxProfile | null; keychainAvailable: boolean; keychainMessage?: string; busy: boolean; error: BridgeError | null }
const submitted: { password: string; remember: boolean }[] = []
let cancelled = 0

async function mountDialog(initial: Partial<Props> = {}) {
  const props = reactive<Props>({ profile: acmeProfile, keychainAvailable: true, busy: false, error: null, ...initial })
  submitted.length = 0
  cancelled = 0
  const Host = defineComponent({
    setup: () => () =>
      h(PbxSignInDialog, { ...props, onSubmit: (c: { password: string; remember: boolean }) => submitted.push(c), onCancel: () => cancelled++ }),
  })
  mounted = (await mountInApp(Host)).wrapper
  await flushPromises()
  return props
}

const dialog = () => document.body.querySelector<HTMLElement>('.pbx-sign-in')!
const password = () => dialog().querySelector<HTMLInputElement>('input[type="password"]')!

async function typeAndSubmit(value: string): Promise<void> {
  password().value = value
  password().dispatchEvent(new Event('input'))
  dialog().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}

afterEach(() => {
  mounted?.unmount()
  mounted = null
  document.body.innerHTML = ''
})

describe('PbxSignInDialog', () => {
  it('shows which PBX, address, user and domain; the password is labelled and focused', async () => {
    await mountDialog()

    const text = dialog().textContent
    expect(text).toContain('Sign in to Acme HQ')
    expect(text).toContain('https://pbx.acme.example:8887')
    expect(text).toContain('manager')
    expect(text).toContain('acme.pbx.example')
    const label = dialog().querySelector(`label[for="${password().id}"]`)
    expect(label?.textContent).toContain('Password')
    expect(document.activeElement).toBe(password())
  })

  it('says "none (system administrator)" for a PBX without a domain', async () => {
    await mountDialog({ profile: globexProfile })
    expect(dialog().textContent).toContain('none (system administrator)')
    expect(dialog().textContent).toContain('OAuth 2.0')
  })

  it('submits the password and the remember choice (Enter submits)', async () => {
    await mountDialog()

    dialog().querySelector<HTMLInputElement>('.pbx-sign-in__remember input[type="checkbox"], .pbx-sign-in__remember')!.click()
    await typeAndSubmit('secret')

    expect(submitted).toEqual([{ password: 'secret', remember: true }])
  })

  it('asks for a password instead of sending an empty one', async () => {
    await mountDialog()

    await typeAndSubmit('')

    expect(submitted).toEqual([])
    expect(dialog().textContent).toContain('enter the password')
  })

  it('says "Wrong user name or password" for a 401 of the PBX, and other errors with their message', async () => {
    const props = await mountDialog()

    props.error = { code: 'PBX_ERROR', status: 401, pbxCode: 'UNAUTHORIZED', message: WRONG_PASSWORD_MESSAGE }
    await flushPromises()
    expect(dialog().querySelector('.pbx-sign-in__error')?.textContent).toContain('Wrong user name or password')
    expect(dialog().textContent).not.toContain(WRONG_PASSWORD_MESSAGE)

    props.error = { code: 'UNREACHABLE', message: 'Nothing answered at pbx.acme.example:8887' }
    await flushPromises()
    expect(dialog().querySelector('.pbx-sign-in__error')?.textContent).toContain('Nothing answered at pbx.acme.example:8887')
  })

  it('disables "Remember password" without a keychain, with the keychain’s message', async () => {
    await mountDialog({ keychainAvailable: false, keychainMessage: 'No Secret Service provider on D-Bus' })

    const remember = dialog().querySelector('.pbx-sign-in__remember')!
    expect(remember.textContent).toContain('Remember password')
    expect(remember.querySelector('.n-checkbox--disabled')).not.toBeNull()
    expect(remember.textContent).toContain('No Secret Service provider on D-Bus')
    expect(remember.getAttribute('tabindex')).toBe('0')

    await typeAndSubmit('secret')
    expect(submitted).toEqual([{ password: 'secret', remember: false }])
  })

  it('Cancel and Esc ask to close', async () => {
    await mountDialog()

    Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Cancel')!.click()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
    await flushPromises()

    expect(cancelled).toBe(2)
  })
})
