import { describe, expect, it } from 'vitest'
import { LABEL_LAYOUTS, LABEL_SIZE_NAMES } from '../../../../electron/contract/dect'
import { mmToPt, pagesFor, sheetLayout } from '../../../../electron/services/dect/labels/label-layout'

const mm = (pt: number) => Math.round((pt / mmToPt(1)) * 100) / 100

describe('label layout: where each label of a stock sits on its page', () => {
  it.each([
    ['a4-21', 210, 297, 21],
    ['a4-14', 210, 297, 14],
    ['letter-30', 215.9, 279.4, 30],
    ['roll-89x36', 89, 36, 1],
  ] as const)('%s: a %s × %s mm page of %s labels, as the stock says', (size, width, height, perPage) => {
    const layout = sheetLayout(size)
    expect(layout.page.map(mm)).toEqual([width, height])
    expect(layout.cells).toHaveLength(perPage)
  })

  it('fills a row left to right, then the next row, each cell the stock’s size at its pitch', () => {
    const s = LABEL_LAYOUTS['a4-21']
    const cells = sheetLayout('a4-21').cells.map((c) => ({ x: mm(c.x), y: mm(c.y), width: mm(c.width), height: mm(c.height) }))
    expect(cells[0]).toEqual({ x: 7.2, y: 15.1, width: 63.5, height: 38.1 })
    expect(cells[1]).toEqual({ x: 7.2 + 63.5 + 2.5, y: 15.1, width: 63.5, height: 38.1 })
    expect(cells[3]).toMatchObject({ x: 7.2, y: 15.1 + 38.1 })
    expect(cells[20]).toMatchObject({ x: 7.2 + 2 * (s.width + s.gapX), y: 243.7 })
  })

  it.each(LABEL_SIZE_NAMES)('%s: every cell lies on the page and no two overlap', (size) => {
    const { page, cells } = sheetLayout(size)
    for (const c of cells) {
      expect(c.x).toBeGreaterThanOrEqual(0)
      expect(c.y).toBeGreaterThanOrEqual(0)
      expect(c.x + c.width).toBeLessThanOrEqual(page[0] + 1e-6)
      expect(c.y + c.height).toBeLessThanOrEqual(page[1] + 1e-6)
    }
    for (const [i, a] of cells.entries()) {
      for (const b of cells.slice(i + 1)) {
        const apart = a.x + a.width <= b.x + 1e-6 || b.x + b.width <= a.x + 1e-6 || a.y + a.height <= b.y + 1e-6 || b.y + b.height <= a.y + 1e-6
        expect(apart).toBe(true)
      }
    }
  })

  it('counts the pages a number of labels takes', () => {
    expect(pagesFor(800, sheetLayout('a4-21'))).toBe(39)
    expect(pagesFor(21, sheetLayout('a4-21'))).toBe(1)
    expect(pagesFor(22, sheetLayout('a4-21'))).toBe(2)
    expect(pagesFor(3, sheetLayout('roll-89x36'))).toBe(3)
  })
})
