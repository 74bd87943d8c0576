/**
 * How many of the PBX table's rows a window `height` px high can show: its height over a row's
 * least height (two lines of text, the address and the user, in a small data table's padding:
 * 61 px), not one more. The table draws those at once and the others after its first paint
 * (PbxProfileTable.vue; issue 17: 20 at once, where 9 to 14 are in view, held the list back by up
 * to about 30 ms on two cores). e2e/pbx-list-keyboard.spec.ts checks that they fill the table's
 * view. A window the app maximizes as it shows it (electron/main/window.ts) is measured at its
 * normal height: the rows it shows beyond come a frame later, with the others.
 */
const ROW_LEAST_HEIGHT = 61

export function rowsInView(height: number): number {
  return Math.max(1, Math.ceil(height / ROW_LEAST_HEIGHT))
}
