import { fitColumns, type FitColumn } from '@renderer/lib/column-fit'
import { computed, h, type Ref, type VNode } from 'vue'
import { useElementSize } from './element-size'

/**
 * A table's columns fitted to the width it measures (lib/column-fit.ts, issue 42): which show,
 * which fold into the row's second line; `hidden` are those the user chose not to see (a column
 * chooser), neither shown nor folded. Laid out for 1000 px until measured.
 */
export function useFittedColumns(columns: readonly FitColumn[], table: Readonly<Ref<{ $el: HTMLElement } | null>>, hidden?: Readonly<Ref<ReadonlySet<string>>>) {
  const { width } = useElementSize(
    computed(() => table.value?.$el ?? null),
    { width: 1000, height: 0 },
  )
  const fit = computed(() => fitColumns(columns, width.value, hidden?.value))
  return {
    /** which show, which fold, and the px the shown ones need (below it the table scrolls sideways) */
    fit,
    /** the column is shown at its place */
    shows: (key: string): boolean => fit.value.shown.includes(key),
    /** the column is folded into the row's second line */
    folds: (key: string): boolean => fit.value.folded.includes(key),
    /** px the column needs (its FitColumn width) */
    widthOf: (key: string): number => columns.find((column) => column.key === key)?.width ?? 0,
  }
}

/** The values of columns folded into a row's second line, each after its title (styles.css: `.folded-titled`). */
export function foldedTitled(entries: readonly { title: string; value: VNode | string }[]): VNode {
  return h('div', { class: 'folded-titled' }, entries.map(({ title, value }) => h('span', [h('small', `${title} `), value])))
}
