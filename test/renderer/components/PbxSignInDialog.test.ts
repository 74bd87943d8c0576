import type { PbxProfile, RecoveryState, TrustedCertificate } from '@contract/profiles'
import type { BridgeError } from '@contract/result'
import PbxSignInDialog from '@renderer/components/pbx/PbxSignInDialog.vue'
import type { SignInStep } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, reactive } from 'vue'
import {
  acmeProfile,
  globexProfile,
  installerProfile,
  NOT_A_RESET_LINK_MESSAGE,
  OLD_WAYNE_FINGERPRINT,
  renewedCertificate,
  selfSignedCertificate,
  STARK_TENANT_NAME,
  starkProfile,
  traineeProfile,
  umbrellaProfile,
  untrustedCertificate,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'

type Props = {
  profile: PbxProfile | null
  keychainAvailable: boolean
  keychainMessage?: string
  step?: SignInStep
  busy: boolean
  resending?: boolean
  codeResent?: boolean
  trusting?: boolean
  idpAvailable?: boolean
  tenantName?: string
  recovery?: RecoveryState | null
  resetReason?: RecoveryState['reason'] | null
  requestingReset?: boolean
  error: BridgeError | null
}
type Credentials = { password: string; remember: boolean }
const submitted: Credentials[] = []
const verified: string[] = []
const trusted: [TrustedCertificate, Credentials | null][] = []
let cancelled = 0
let resent = 0
let backs = 0
/** the events of the reset and identity-provider steps, in order, with what they carry */
const events: unknown[][] = []

async function mountDialog(initial: Partial<Props> = {}) {
  const props = reactive<Props>({ profile: acmeProfile, keychainAvailable: true, busy: false, error: null, ...initial })
  submitted.length = 0
  verified.length = 0
  trusted.length = 0
  cancelled = 0
  resent = 0
  backs = 0
  events.length = 0
  const Host = defineComponent({
    setup: () => () =>
      h(PbxSignInDialog, {
        ...props,
        onSubmit: (c: Credentials) => submitted.push(c),
        onVerify: (code: string) => verified.push(code),
        onResend: () => resent++,
        onBack: () => backs++,
        onTrust: (c: TrustedCertificate, retry: Credentials | null) => trusted.push([c, retry]),
        onCancel: () => cancelled++,
        onForgot: () => events.push(['forgot']),
        onSubmitLink: (link: string) => events.push(['submitLink', link]),
        onVerifyReset: (code: string) => events.push(['verifyReset', code]),
        onResetPassword: (choice: { newPassword: string; remember: boolean }) => events.push(['resetPassword', choice]),
        onIdp: () => events.push(['idp']),
        onCancelIdp: () => events.push(['cancelIdp']),
      }),
  })
  await mountInApp(Host)
  await flushPromises()
  return props
}

const dialog = () => document.body.querySelector<HTMLElement>('.pbx-sign-in')!
const password = () => dialog().querySelector<HTMLInputElement>('input[type="password"]')!

/** The input a visible label names, inside the dialog. */
function field(label: string): HTMLInputElement {
  const labelEl = Array.from(dialog().querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === label)
  const input = labelEl && document.getElementById(labelEl.htmlFor)
  if (!input) throw new Error(`no field labelled "${label}"`)
  return input as HTMLInputElement
}

function dialogButton(text: string): HTMLButtonElement {
  const found = Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

/** A button anywhere in the document (Naive UI's confirmation dialogs are teleported), the newest first. */
function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

async function typeCodeAndSubmit(value: string): Promise<void> {
  const code = field('One-time code')
  code.value = value
  code.dispatchEvent(new Event('input'))
  dialog().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}

async function typeAndSubmit(value: string): Promise<void> {
  password().value = value
  password().dispatchEvent(new Event('input'))
  dialog().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}

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

  it('no field shows a made-up placeholder such as Naive UI\'s "Please Input", at any step', async () => {
    const props = await mountDialog()
    const steps: [Props['step'], RecoveryState['step'] | null][] = [
      ['password', null],
      ['code', null],
      ['reset-link', 'waiting_for_link'],
      ['reset-code', 'code_sent'],
      ['reset-password', 'verified'],
    ]
    const seen: string[] = []
    for (const [step, recovery] of steps) {
      props.step = step
      props.recovery = recovery ? { profileId: 'p-acme', step: recovery, reason: 'forgotten' } : null
      props.resetReason = 'forgotten'
      await flushPromises()
      const inputs = Array.from(dialog().querySelectorAll('input:not([type="checkbox"])'))
      expect(inputs.length).toBeGreaterThan(0)
      for (const input of inputs) seen.push(`${step}: ${input.getAttribute('placeholder') ?? ''}`)
    }
    expect(seen.filter((entry) => /please/i.test(entry))).toEqual([])
    expect(seen).toContain('password: ')
    expect(seen).toContain('code: e.g. 123456')
  })

  describe('the one-time code step', () => {
    it('says the PBX emailed a code; the code field is labelled, numeric, a one-time code, and focused', async () => {
      const props = await mountDialog({ profile: installerProfile })
      await typeAndSubmit('installer')
      props.step = 'code'
      await flushPromises()

      expect(dialog().textContent).toContain('The PBX emailed a one-time code to this user. Enter it to finish signing in.')
      expect(dialog().textContent).not.toContain('this version cannot take it yet')
      const code = field('One-time code')
      expect(code.getAttribute('inputmode')).toBe('numeric')
      expect(code.getAttribute('autocomplete')).toBe('one-time-code')
      expect(code.getAttribute('aria-describedby')).toBeTruthy()
      expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toContain('one-time code')
      expect(document.activeElement).toBe(code)
      expect(dialog().querySelector('input[type="password"]')).toBeNull()
      for (const name of ['Sign in', 'Send the code again', 'Back']) expect(dialogButton(name)).toBeTruthy()
    })

    it('submits the code (Enter submits), digits only, and asks for one rather than sending nothing', async () => {
      await mountDialog({ profile: installerProfile, step: 'code' })

      await typeCodeAndSubmit('')
      expect(verified).toEqual([])
      expect(dialog().textContent).toContain('enter the code from the email (digits only)')

      await typeCodeAndSubmit(' 24 68-10 ')
      expect(verified).toEqual(['246810'])
      expect(field('One-time code').value).toBe('246810')
    })

    it('shows a wrong code beside the field, and other errors above it', async () => {
      const props = await mountDialog({ profile: installerProfile, step: 'code' })

      props.error = { code: 'PBX_ERROR', status: 401, pbxCode: 'UNAUTHORIZED', field: 'code', message: WRONG_CODE_MESSAGE }
      await flushPromises()
      const item = field('One-time code').closest('.n-form-item')!
      expect(item.querySelector('.n-form-item-feedback')?.textContent).toContain(WRONG_CODE_MESSAGE)
      expect(dialog().querySelector('.pbx-sign-in__error')).toBeNull()
      expect(dialog().textContent).not.toContain('Wrong user name or password')

      props.error = { code: 'UNREACHABLE', message: 'Nothing answered at pbx.initech.example:8887' }
      await flushPromises()
      expect(dialog().querySelector('.pbx-sign-in__error')?.textContent).toContain('Nothing answered at pbx.initech.example:8887')
    })

    it('"Send the code again" asks for it, then says a new code was sent; Back asks to go back', async () => {
      const props = await mountDialog({ profile: installerProfile, step: 'code' })

      dialogButton('Send the code again').click()
      await flushPromises()
      expect(resent).toBe(1)
      expect(dialog().querySelector('[role="status"]')?.textContent).toBe('')
      props.codeResent = true
      await flushPromises()
      expect(dialog().querySelector('[role="status"]')?.textContent).toBe('A new code was sent')

      dialogButton('Back').click()
      props.step = 'password'
      await flushPromises()
      expect(backs).toBe(1)
      expect(document.activeElement).toBe(password())
    })
  })

  describe('an untrusted certificate', () => {
    it('shows the certificate in place of the password, focused; trusting hands over the password typed', async () => {
      const props = await mountDialog({ profile: umbrellaProfile })
      await typeAndSubmit('manager')
      props.error = {
        code: 'UNTRUSTED_CERTIFICATE',
        message: 'The certificate of pbx.umbrella.example:8887 is not trusted by this computer',
        certificate: untrustedCertificate(selfSignedCertificate),
      }
      await flushPromises()

      const card = dialog().querySelector<HTMLElement>('.pbx-certificate')!
      expect(card.textContent).toContain('A1:B2:C3:D4')
      expect(dialog().querySelector('input[type="password"]')).toBeNull()
      expect(document.activeElement).toBe(card)

      dialogButton('Trust this certificate for this PBX').click()
      await flushPromises()

      expect(trusted).toEqual([
        [
          { fingerprint256: selfSignedCertificate.fingerprint256, subject: selfSignedCertificate.subject, validTo: selfSignedCertificate.validTo },
          { password: 'manager', remember: false },
        ],
      ])
    })

    it('with no password typed (an open), trusting asks to open again; a changed certificate asks first', async () => {
      await mountDialog({
        profile: umbrellaProfile,
        error: { code: 'UNTRUSTED_CERTIFICATE', message: 'changed', certificate: untrustedCertificate(renewedCertificate, OLD_WAYNE_FINGERPRINT) },
      })

      expect(dialog().textContent).toContain('The certificate has changed since you trusted it')
      dialogButton('Trust the new certificate').click()
      await flushPromises()
      expect(trusted).toEqual([])
      // Esc closes the confirmation alone
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
      await flushPromises()
      expect(cancelled).toBe(0)
      expect(trusted).toEqual([])
      dialogButton('Trust the new certificate').click()
      await flushPromises()
      bodyButton('Trust it').click()
      await flushPromises()

      expect(trusted).toHaveLength(1)
      expect(trusted[0]![0].fingerprint256).toBe(renewedCertificate.fingerprint256)
      expect(trusted[0]![1]).toBeNull()
    })
  })
  describe('forgot password', () => {
    const waiting: RecoveryState = { profileId: 'p-acme', step: 'waiting_for_link', reason: 'forgotten' }

    async function typeIn(label: string, value: string): Promise<void> {
      const input = field(label)
      input.value = value
      input.dispatchEvent(new Event('input'))
      await flushPromises()
    }

    async function submitStep(): Promise<void> {
      dialog().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await flushPromises()
    }

    const heading = () => dialog().querySelector('h3')?.textContent?.trim()

    it('a tenant PBX offers "Forgot password?"; the system administrator is told where it is reset', async () => {
      const props = await mountDialog()

      dialogButton('Forgot password?').click()
      await flushPromises()
      expect(events).toEqual([['forgot']])

      props.profile = globexProfile
      await flushPromises()
      expect(() => dialogButton('Forgot password?')).toThrow()
      expect(dialog().textContent).toContain('Forgot the password? The system administrator resets the password on the PBX itself.')
    })

    it('"Check your email": says where the link went; the paste field is labelled and focused; Enter continues', async () => {
      const props = await mountDialog()
      props.step = 'reset-link'
      props.recovery = waiting
      props.resetReason = 'forgotten'
      await flushPromises()

      expect(heading()).toBe('Check your email')
      expect(dialog().textContent).toContain(
        'The PBX emailed a reset link to manager. Open it on this computer and the app continues by itself, or paste the link here.',
      )
      expect(dialog().textContent).not.toContain('requires a new password')
      const link = field('Reset link from the email')
      expect(document.activeElement).toBe(link)
      expect(dialog().querySelector('input[type="password"]')).toBeNull()
      for (const name of ['Back to sign-in', 'Email a new link', 'Continue']) expect(dialogButton(name)).toBeTruthy()

      await submitStep()
      expect(events).toEqual([])
      expect(dialog().textContent).toContain('paste the link from the email')

      await typeIn('Reset link from the email', ' http://127.0.0.1:45678/reset?token=abc ')
      await submitStep()
      expect(events).toEqual([['submitLink', 'http://127.0.0.1:45678/reset?token=abc']])

      dialogButton('Email a new link').click()
      dialogButton('Back to sign-in').click()
      await flushPromises()
      expect(events.at(-1)).toEqual(['forgot'])
      expect(backs).toBe(1)
    })

    it('while the link is asked for, says so and cannot continue; a refused link is said beside the field', async () => {
      const props = await mountDialog({ step: 'reset-link', recovery: null, requestingReset: true })

      expect(dialog().textContent).toContain('Asking the PBX to email a reset link to manager…')
      expect(dialogButton('Continue').disabled).toBe(true)

      props.requestingReset = false
      props.recovery = waiting
      props.error = { code: 'INVALID_INPUT', field: 'link', message: NOT_A_RESET_LINK_MESSAGE }
      await flushPromises()
      const item = field('Reset link from the email').closest('.n-form-item')!
      expect(item.querySelector('.n-form-item-feedback')?.textContent).toContain('this is not the reset link from the email (it has no token).')
      expect(dialog().querySelector('.pbx-sign-in__error')).toBeNull()

      props.error = { code: 'UNREACHABLE', message: 'Nothing answered at pbx.acme.example:8887' }
      await flushPromises()
      expect(dialog().querySelector('.pbx-sign-in__error')?.textContent).toContain('Nothing answered at pbx.acme.example:8887')
    })

    it('"Enter the code": focused when the link came back; a wrong code beside the field; Enter continues', async () => {
      const props = await mountDialog({ step: 'reset-link', recovery: waiting })
      props.step = 'reset-code'
      props.recovery = { ...waiting, step: 'code_sent' }
      await flushPromises()

      expect(heading()).toBe('Enter the code')
      expect(dialog().textContent).toContain('The PBX emailed a one-time code to manager. Enter it to continue.')
      const code = field('One-time code')
      expect(document.activeElement).toBe(code)
      expect(() => dialogButton('Send the code again')).toThrow()

      props.error = { code: 'PBX_ERROR', status: 401, field: 'code', message: WRONG_CODE_MESSAGE }
      await flushPromises()
      expect(code.closest('.n-form-item')!.querySelector('.n-form-item-feedback')?.textContent).toContain(WRONG_CODE_MESSAGE)
      expect(dialog().textContent).not.toContain('Wrong user name or password')

      await typeIn('One-time code', '135 790')
      await submitStep()
      expect(events).toEqual([['verifyReset', '135790']])
      dialogButton('Back to sign-in').click()
      await flushPromises()
      expect(backs).toBe(1)
    })

    it('"Choose a new password": both fields must match, the contract’s limits apply, then it sets and signs in', async () => {
      const props = await mountDialog()
      props.step = 'reset-password'
      props.recovery = { ...waiting, step: 'verified' }
      await flushPromises()

      expect(heading()).toBe('Choose a new password')
      expect(document.activeElement).toBe(field('New password'))
      expect(field('New password').getAttribute('autocomplete')).toBe('new-password')
      expect(field('Repeat the new password').getAttribute('autocomplete')).toBe('new-password')
      expect(dialogButton('Back to sign-in')).toBeTruthy()

      await typeIn('New password', 'short')
      await typeIn('Repeat the new password', 'short')
      await submitStep()
      expect(events).toEqual([])
      expect(field('New password').closest('.n-form-item')!.textContent).toContain('must be at least 8 characters')

      await typeIn('New password', 'long-enough-1')
      await typeIn('Repeat the new password', 'long-enough-2')
      await submitStep()
      expect(events).toEqual([])
      expect(field('Repeat the new password').closest('.n-form-item')!.textContent).toContain('the two passwords do not match')

      dialog().querySelector<HTMLElement>('.pbx-new-password .pbx-sign-in__remember')!.click()
      await typeIn('Repeat the new password', 'long-enough-1')
      dialogButton('Set password and sign in').click()
      await flushPromises()
      expect(events).toEqual([['resetPassword', { newPassword: 'long-enough-1', remember: true }]])
    })

    it('without a keychain, the new password cannot be remembered', async () => {
      await mountDialog({ step: 'reset-password', keychainAvailable: false, keychainMessage: 'No Secret Service provider on D-Bus' })

      const remember = dialog().querySelector('.pbx-new-password .pbx-sign-in__remember')!
      expect(remember.querySelector('.n-checkbox--disabled')).not.toBeNull()
      expect(remember.textContent).toContain('No Secret Service provider on D-Bus')
      await typeIn('New password', 'long-enough-1')
      await typeIn('Repeat the new password', 'long-enough-1')
      await submitStep()
      expect(events).toEqual([['resetPassword', { newPassword: 'long-enough-1', remember: false }]])
    })

    it('a forced reset says the PBX requires a new password, on every step', async () => {
      const props = await mountDialog({ profile: traineeProfile, step: 'reset-link', recovery: null, requestingReset: true, resetReason: 'forced' })
      const notice = 'The PBX requires a new password for trainee before you can work'

      expect(dialog().textContent).toContain(notice)
      for (const step of ['reset-code', 'reset-password'] as const) {
        props.step = step
        await flushPromises()
        expect(dialog().textContent).toContain(notice)
      }
    })
  })

  describe('the identity provider', () => {
    it('offers "Sign in with the identity provider" under the password form only where the PBX has it', async () => {
      const props = await mountDialog({ profile: starkProfile })
      expect(() => dialogButton('Sign in with the identity provider')).toThrow()

      props.idpAvailable = true
      props.tenantName = STARK_TENANT_NAME
      await flushPromises()
      const button = dialogButton('Sign in with the identity provider')
      expect(button.closest('form')).toBeNull()
      button.click()
      await flushPromises()
      expect(events).toEqual([['idp']])
    })

    it('while waiting: says to continue in the browser, with a spinner; Cancel (focused) stops waiting, Esc closes', async () => {
      await mountDialog({ profile: starkProfile, idpAvailable: true, tenantName: STARK_TENANT_NAME, step: 'idp' })

      expect(dialog().querySelector('[role="status"]')?.textContent?.trim()).toBe(
        'Continue in your browser — the sign-in page of Stark Industries has opened.',
      )
      expect(dialog().querySelector('.n-spin')).not.toBeNull()
      expect(dialog().querySelector('input')).toBeNull()
      const cancel = dialogButton('Cancel')
      expect(document.activeElement).toBe(cancel)

      cancel.click()
      await flushPromises()
      expect(events).toEqual([['cancelIdp']])
      expect(cancelled).toBe(0)

      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
      await flushPromises()
      expect(cancelled).toBe(1)
    })
  })
})
