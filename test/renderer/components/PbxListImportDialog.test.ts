import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { dropFile } from '../drop-file'
import { createFakePbx, installFakePbx } from '../fake-pbx'
import { afterPaint, mountInApp } from '../mount-app'
import { button } from '../wrapper-find'
import { PROFILE_LIST_POLL_MS } from '@renderer/stores/profile-list'

/**
 * "Add many…" on the PBXs page: a list pasted, checked with Ctrl+Enter, a problem shown on its row
 * naming the field with the add button held back, the list fixed and checked again, one password
 * an account, Enter in the last password adds; the dialog closes, a message says what was added,
 * and the focus is back in the PBX list.
 */
const header = 'label\taddress\tuser\ttenant\tcustomer\tgroup\ttags'
const rowsOf = (address3: string) =>
  [
    ['Site 1', 'https://pbx1.example.com', 'manager', 'demo.pbx.example', 'Customer 1', 'North', 'dect, vip'],
    ['Site 2', 'https://pbx1.example.com', 'manager', 'other.pbx.example', 'Customer 1', 'North', ''],
    ['Site 3', address3, 'manager', 'demo.pbx.example', 'Customer 2', 'South', ''],
    ['Site 4', 'https://pbx2.example.com', 'manager', 'other.pbx.example', 'Customer 2', 'South', ''],
  ].map((cells) => cells.join('\t'))
const list = (address3: string) => [header, ...rowsOf(address3)].join('\n')

const modal = () => document.body.querySelector<HTMLElement>('.pbx-list-import')
const textarea = () => modal()!.querySelector<HTMLTextAreaElement>('textarea')!
const passwordInputs = () => Array.from(modal()!.querySelectorAll<HTMLInputElement>('.pbx-list-passwords input'))
const labelOf = (input: HTMLElement) => modal()!.querySelector(`label[for="${input.id}"]`)?.textContent?.trim()
const bodyButton = (text: string) => Array.from(modal()!.querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!

function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

async function press(target: HTMLElement, key: string, more: KeyboardEventInit = {}): Promise<void> {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...more }))
  await flushPromises()
}

async function openDialog(wrapper: VueWrapper): Promise<void> {
  await button(wrapper, 'Add many…').trigger('click')
  await flushPromises()
  await vi.waitFor(() => expect(modal()).not.toBeNull())
}

describe('Add many PBXs', () => {
  it('paste, check, see the problem on its row and field, fix it, type the passwords, add', async () => {
    const pbx = installFakePbx(createFakePbx())
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await afterPaint()
    await openDialog(wrapper)
    await vi.waitFor(() => expect(document.activeElement).toBe(textarea()))
    expect(modal()!.textContent).toContain('label, address, user (required)')

    // a password in an address: refused on its row, the add button held back with the count
    type(textarea(), list('https://admin:pw@pbx3.example.com'))
    await press(textarea(), 'Enter', { ctrlKey: true })
    expect(pbx.previewProfileList).toHaveBeenCalledTimes(1)
    const row3 = modal()!.querySelector('tr[data-row="3"]')!
    expect(row3.querySelector('[data-col-key="check"] [data-problem]')?.textContent).toContain('Row 3, address: remove the user name and password from the address')
    expect(row3.querySelector('[data-col-key="address"]')?.classList).toContain('pbx-list-table__cell--bad')
    expect(modal()!.querySelector('tr[data-row="1"] [data-col-key="tags"]')?.textContent?.trim()).toBe('dect, vip')
    expect(modal()!.querySelector('tr[data-row="1"] [data-col-key="check"]')?.textContent?.trim()).toBe('Reachable')
    expect(modal()!.textContent).toContain('4 rows · 1 problem')
    expect(modal()!.textContent).toContain('Fix the 1 problem in the list, then check again.')
    expect(bodyButton('Add 4 PBXs').disabled).toBe(true)

    // fixed: the preview is stale until checked again
    type(textarea(), list('https://pbx3.example.com'))
    await flushPromises()
    expect(modal()!.textContent).toContain('the list changed since: check it again')
    expect(bodyButton('Add 4 PBXs').disabled).toBe(true)
    await press(textarea(), 'Enter', { ctrlKey: true })
    expect(modal()!.textContent).toContain('4 rows · no problems')
    expect(bodyButton('Add 4 PBXs').disabled).toBe(false)

    const [first, second] = passwordInputs()
    expect(passwordInputs().map(labelOf)).toEqual(['Password for manager @ demo.pbx.example (2 PBXs)', 'Password for manager @ other.pbx.example (2 PBXs)'])
    expect(first!.placeholder).toBe('leave empty to sign in later')
    type(first!, 'manager')
    type(second!, 'manager')
    await press(second!, 'Enter')

    expect(pbx.importProfileList).toHaveBeenCalledWith({
      text: list('https://pbx3.example.com'),
      passwords: [
        { username: 'manager', domain: 'demo.pbx.example', password: 'manager' },
        { username: 'manager', domain: 'other.pbx.example', password: 'manager' },
      ],
    })
    await vi.waitFor(() => expect(modal()).toBeNull())
    expect(document.body.textContent).toContain('Added 4 PBXs, skipped 0. Password kept for 4 PBXs (signed in).')
    const labels = wrapper.findAll('tr[data-profile-id] strong').map((cell) => cell.text())
    expect(labels).toEqual(expect.arrayContaining(['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Acme HQ']))
    expect(pbx.state.profiles.filter((p) => p.label.startsWith('Site')).every((p) => p.rememberPassword)).toBe(true)
    // the focus is back in the PBX list, on the row of the first PBX added
    await vi.waitFor(() => expect((document.activeElement as HTMLElement | null)?.dataset.profileId).toBe(pbx.state.profiles.find((p) => p.label === 'Site 1')?.id))
  })

  it('says why a list cannot be read (a missing column), naming the field; nothing is added', async () => {
    const pbx = installFakePbx(createFakePbx())
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await afterPaint()
    await openDialog(wrapper)
    type(textarea(), 'label,address\nSite 1,https://pbx1.example.com')
    await button(wrapper, 'Add many…').trigger('click') // already open: nothing changes
    bodyButton('Check (Ctrl+Enter)').click()
    await flushPromises()
    const alert = modal()!.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('The list could not be read')
    expect(alert?.textContent).toContain('The header row has no user column')
    expect(bodyButton('Add').disabled).toBe(true)
    expect(pbx.importProfileList).not.toHaveBeenCalled()

    bodyButton('Cancel').click()
    await vi.waitFor(() => expect(modal()).toBeNull())
    // opened again: an empty list, the last one forgotten
    await openDialog(wrapper)
    expect(textarea().value).toBe('')
    expect(modal()!.querySelector('[role="alert"]')).toBeNull()
  })

  it('a .csv file dropped on the dialog fills the list and checks it; another kind of file is refused, saying why', async () => {
    const pbx = installFakePbx(createFakePbx())
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await afterPaint()
    await openDialog(wrapper)
    const body = modal()!.querySelector('.pbx-list-import__body')!

    await dropFile(body, new File(['label;address;user\nSite 9;https://pbx9.example.com;admin'], 'pbxs.xlsx'))
    expect(modal()!.querySelector('[role="alert"]')?.textContent).toContain('pbxs.xlsx is not a list of PBXs: choose a .csv, .tsv or .txt file')
    expect(pbx.previewProfileList).not.toHaveBeenCalled()

    await dropFile(body, new File(['label;address;user\nSite 9;https://pbx9.example.com;admin'], 'pbxs.csv'))
    await vi.waitFor(() => expect(pbx.previewProfileList).toHaveBeenCalledWith({ text: 'label;address;user\nSite 9;https://pbx9.example.com;admin' }))
    await flushPromises()
    expect(textarea().value).toBe('label;address;user\nSite 9;https://pbx9.example.com;admin')
    expect(modal()!.textContent).toContain('1 row · no problems')
    expect(passwordInputs().map(labelOf)).toEqual(['Password for admin (system administrator, 1 PBX)'])
  })

  it('while main checks the addresses, a progress bar says how far it is; it goes once the preview is back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const pbx = installFakePbx(createFakePbx())
      let answer: () => void = () => undefined
      const previewed = pbx.previewProfileList.getMockImplementation()!
      pbx.previewProfileList.mockImplementation((input) => new Promise((resolve) => (answer = () => resolve(previewed(input)))))
      pbx.profileListProgress.mockResolvedValue({ ok: true, value: { step: 'checking', done: 3, total: 8 } })
      const { wrapper } = await mountInApp(PbxsView, '/pbxs')
      await afterPaint()
      await openDialog(wrapper)
      type(textarea(), list('https://pbx3.example.com'))
      await press(textarea(), 'Enter', { ctrlKey: true })
      vi.advanceTimersByTime(PROFILE_LIST_POLL_MS)
      await flushPromises()
      const bar = modal()!.querySelector('[role="progressbar"]')
      expect(bar?.getAttribute('aria-valuenow')).toBe('38')
      expect(bar?.getAttribute('aria-valuetext')).toBe('3 of 8')
      expect(modal()!.textContent).toContain('Checking addresses: 3 of 8')

      answer()
      await flushPromises()
      expect(modal()!.querySelector('[role="progressbar"]')).toBeNull()
      expect(modal()!.textContent).toContain('4 rows · no problems')
      const asked = pbx.profileListProgress.mock.calls.length
      vi.advanceTimersByTime(PROFILE_LIST_POLL_MS * 4)
      expect(pbx.profileListProgress.mock.calls.length).toBe(asked)
    } finally {
      vi.useRealTimers()
    }
  })
})
