import { LABEL_LAYOUTS, type LabelSizeName } from '../../../contract/dect'
import { labelGrid } from '../../../contract/label-sheet'

/**
 * Where each label of a stock sits on its page, in PDF points (1/72 inch) from the page's top
 * left corner, worked out from the stock's layout in mm (LABEL_LAYOUTS in the contract, which the
 * preview on screen is drawn from too). A page holds as many rows as fit below the top margin;
 * labels fill a row left to right, then the next row, then the next page.
 */

export const PT_PER_MM = 72 / 25.4

export const mmToPt = (mm: number): number => mm * PT_PER_MM

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface SheetLayout {
  /** the page's width and height */
  page: [number, number]
  /** the cells of one page, in the order labels fill them */
  cells: Rect[]
}

export function sheetLayout(size: LabelSizeName): SheetLayout {
  const s = LABEL_LAYOUTS[size]
  const [pageWidth, pageHeight] = s.pageMm
  const { rows } = labelGrid(size)
  const cells: Rect[] = []
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < s.columns; column++) {
      cells.push({
        x: mmToPt(s.marginLeft + column * (s.width + s.gapX)),
        y: mmToPt(s.marginTop + row * (s.height + s.gapY)),
        width: mmToPt(s.width),
        height: mmToPt(s.height),
      })
    }
  }
  return { page: [mmToPt(pageWidth), mmToPt(pageHeight)], cells }
}

/** Pages needed for `labels` labels on a stock, the first page's `skip` cells left unprinted. */
export const pagesFor = (labels: number, layout: SheetLayout, skip = 0): number => (labels === 0 ? 0 : Math.ceil((labels + skip) / layout.cells.length))
