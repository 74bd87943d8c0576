import '../dect/virtual-layout'
import FleetView from '@renderer/views/FleetView.vue'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { createFakePbx, fakeFleetEntry, installFakePbx, sampleProfile } from '../fake-pbx'
import { type } from '../mail/dom'
import { mountInApp } from '../mount-app'

// A reseller's 300 PBXs: the table renders the rows in view only, so it stays fast; search and
// the keyboard still reach every PBX.

const COUNT = 300
const id = (n: number) => `p-${String(n).padStart(3, '0')}`

describe('FleetView with 300 PBXs', () => {
  it('renders only the rows in view, and finds any of them', async () => {
    const profiles = Array.from({ length: COUNT }, (_, i) =>
      sampleProfile({ id: id(i + 1), label: `PBX ${String(i + 1).padStart(3, '0')}`, customer: `Customer ${i + 1}`, group: i % 2 ? 'North' : 'South' }),
    )
    const pbx = createFakePbx({}, { profiles })
    pbx.fleet.setEntries(...profiles.map((p, i) => fakeFleetEntry(p.id, { reach: 'reachable', rttMs: i, access: 'signed_in', counts: { handsets: i } })))
    installFakePbx(pbx)
    await mountInApp(FleetView, '/fleet')
    await flushPromises()

    const rows = () => Array.from(document.body.querySelectorAll<HTMLElement>('tr[data-profile-id]'))
    expect(document.body.querySelector('.fleet-toolbar__count')?.textContent).toBe('300 PBXs')
    expect(rows().length).toBeGreaterThan(0)
    expect(rows().length).toBeLessThan(60)
    expect(rows()[0]?.dataset.profileId).toBe(id(1))

    await type(document.body.querySelector<HTMLInputElement>('input[type="search"]')!, 'customer 299')
    expect(rows().map((row) => row.dataset.profileId)).toEqual([id(299)])
  })
})
