import type { ConfigSnapshot } from '@contract/config-snapshot'
import { flushPromises } from '@vue/test-utils'
import { click } from '../mail/dom'

/**
 * What the tests of the fleet's configuration pages (compare, roll out, history) share: a snapshot
 * of a PBX as main reads it, and the few clicks Naive UI's selects and checkboxes take.
 */

/** Acme's configuration as `takeSnapshot` reads it: a rule (routed by Telco One), a template, a base. */
export const acmeSnapshot: ConfigSnapshot = {
  format: 'pbx-provisioner/config-snapshot',
  version: 1,
  takenAt: '2025-06-01T12:00:00.000Z',
  source: { label: 'Acme HQ', baseUrl: 'https://pbx.acme.example:8887', domain: 'acme.pbx.example' },
  providers: { state: 'read', items: [{ id: 'p1', name: 'Telco One' }] },
  holidays: { state: 'read', items: [] },
  outboundRules: {
    state: 'read',
    items: [
      {
        id: 'r1',
        name: 'Night service',
        number_prefix: '0900',
        number_length: '',
        number_mask: '',
        enabled: true,
        priority: 500,
        office_hours: {},
        holidays: [],
        routing_strategy: 'PRIORITIZED',
        routes: [],
      },
    ],
  },
  ivrServers: { state: 'not_allowed' },
  emailTemplates: { state: 'read', items: [{ name: 'DISK_LOW', from: '', subject: 'Disk', body: 'Low' }] },
  notification: { state: 'not_allowed' },
  dectBases: { state: 'read', items: [{ id: 'd1', name: 'Reception', mac: '001565AABBCC' }] },
}

/** An element's text, its white space folded. */
export const text = (element: Element | null | undefined): string => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/**
 * Opens a select and clicks the option whose text starts with `option`, in that select's own menu
 * (the menu opened last: a menu closed before stays in the page, hidden).
 */
export async function pick(select: Element, option: string): Promise<void> {
  await click(select.querySelector('.n-base-selection'))
  const menu = Array.from(document.body.querySelectorAll('.n-select-menu')).at(-1)
  const options = Array.from(menu?.querySelectorAll<HTMLElement>('.n-base-select-option') ?? [])
  const found = options.find((o) => text(o).startsWith(option))
  if (!found) throw new Error(`no option "${option}" (options: ${options.map(text).join(', ')})`)
  await click(found)
}

/** The Naive UI checkbox whose label reads `label` (in `root`). */
export function checkbox(label: string, root: ParentNode = document.body): HTMLElement {
  const boxes = Array.from(root.querySelectorAll<HTMLElement>('.n-checkbox'))
  const found = boxes.find((box) => text(box) === label)
  if (!found) throw new Error(`no checkbox "${label}" (checkboxes: ${boxes.map(text).join(' | ')})`)
  return found
}

export const isChecked = (box: HTMLElement): boolean => box.getAttribute('aria-checked') === 'true'

/** Clicks a checkbox and waits for what it sets off. */
export async function toggle(box: HTMLElement): Promise<void> {
  box.click()
  await flushPromises()
}
