import { watchNaiveA11y } from '@renderer/lib/naive-a11y'
import { afterEach, describe, expect, it } from 'vitest'

// The accessibility fixes for Naive UI's markup are applied where the page changes, not to the
// whole document on every change.

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
})

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function jumper(): HTMLInputElement {
  const box = document.createElement('div')
  box.className = 'n-pagination-quick-jumper'
  const input = document.createElement('input')
  box.append(input)
  return input
}

describe('watchNaiveA11y', () => {
  it('fixes what is there, and what is added later', async () => {
    const first = jumper()
    document.body.append(first.parentElement!)
    stop = watchNaiveA11y()
    expect(first.getAttribute('aria-label')).toBe('Go to page')
    const later = jumper()
    const holder = document.createElement('section')
    holder.append(later.parentElement!)
    document.body.append(holder)
    await settle()
    expect(later.getAttribute('aria-label')).toBe('Go to page')
  })

  it('fixes the element around a change: a reason shown below a field describes it and marks it invalid', async () => {
    document.body.innerHTML = `
      <div class="n-form-item">
        <div class="n-form-item-blank"><input id="mac"></div>
        <div class="n-form-item-feedback-wrapper"></div>
      </div>`
    stop = watchNaiveA11y()
    const input = document.getElementById('mac')!
    const wrapper = document.querySelector('.n-form-item-feedback-wrapper')!
    expect(input.getAttribute('aria-invalid')).toBe('false')
    wrapper.innerHTML = '<div class="n-form-item-feedback--error">MAC: 12 hex digits</div>'
    await settle()
    expect(input.getAttribute('aria-describedby')).toBe(wrapper.id)
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('leaves the rest of the document alone when one part changes', async () => {
    const elsewhere = jumper()
    document.body.append(elsewhere.parentElement!)
    const table = document.createElement('table')
    document.body.append(table)
    stop = watchNaiveA11y()
    // taken off by something other than a change of children: a pass over the whole document would put it back
    elsewhere.removeAttribute('aria-label')
    for (let i = 0; i < 50; i++) table.append(document.createElement('tr'))
    await settle()
    expect(elsewhere.hasAttribute('aria-label')).toBe(false)
  })
})

describe("NDataTable's selection column", () => {
  it("names each checkbox: a row's by its cell's name, the header's by what it does", async () => {
    const { mount } = await import('@vue/test-utils')
    const { NDataTable } = await import('naive-ui')
    const { h } = await import('vue')
    const rows = [{ id: 'a', row: 1 }, { id: 'b', row: 2 }]
    const columns = [{ type: 'selection' as const, cellProps: (row: { row: number }) => ({ 'aria-label': `Select handset ${row.row}` }) }, { key: 'row', title: '#' }]
    const host = document.createElement('div')
    document.body.append(host)
    stop = watchNaiveA11y()
    const wrapper = mount({ render: () => h(NDataTable, { columns, data: rows, rowKey: (row: { id: string }) => row.id }) }, { attachTo: host })
    await settle()

    const names = Array.from(document.querySelectorAll('.n-checkbox[role="checkbox"]')).map((box) => [box.getAttribute('aria-label'), box.getAttribute('aria-labelledby')])
    expect(names).toEqual([
      ['Select every row shown', null],
      ['Select handset 1', null],
      ['Select handset 2', null],
    ])
    wrapper.unmount()
  })
})
