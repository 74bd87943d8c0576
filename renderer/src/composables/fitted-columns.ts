import { fitColumns, type FitColumn } from '@renderer/lib/column-fit'
import { computed, h, toValue, type MaybeRefOrGetter, type Ref, type VNode, type VNodeChild } from 'vue'
import { useElementSize } from './element-size'

/**
 * A table's columns fitted to the width it measures (lib/column-fit.ts, issue 42): which show,
 * which fold into the row's second line; `hidden` are those the user chose not to see (a column
 * chooser), neither shown nor folded. `columns` may change (a column offered only to some users).
 * Laid out for 1000 px until measured.
 */
export function useFittedColumns(columns: MaybeRefOrGetter<readonly FitColumn[]>, table: Readonly<Ref<{ $el: HTMLElement } | null>>, hidden?: Readonly<Ref<ReadonlySet<string>>>) {
  const { width } = useElementSize(
    computed(() => table.value?.$el ?? null),
    { width: 1000, height: 0 },
  )
  const fit = computed(() => fitColumns(toValue(columns), width.value, hidden?.value))
  return {
    /** which show, which fold, and the px the shown ones need (below it the table scrolls sideways) */
    fit,
    /** the column is shown at its place */
    shows: (key: string): boolean => fit.value.shown.includes(key),
    /** the column is folded into the row's second line */
    folds: (key: string): boolean => fit.value.folded.includes(key),
    /** px the column needs (its FitColumn width) */
    widthOf: (key: string): number => toValue(columns).find((column) => column.key === key)?.width ?? 0,
  }
}

/**
 * The values of columns folded into a row's second line, each after its title (styles.css:
 * `.folded-titled`); marked `data-folded`, where the layout audit does not hold controls to the row's line.
 * An entry without a value (null, undefined, '': its cell would show nothing) is left out, its
 * title with it: a title alone says nothing, and reads as if the value were lost (issue 42). Null
 * when none is left.
 */
export function foldedTitled(entries: readonly { title: string; value: VNodeChild }[]): VNode | null {
  const said = entries.filter(({ value }) => value !== null && value !== undefined && value !== '')
  if (said.length === 0) return null
  return h('div', { class: 'folded-titled', 'data-folded': '' }, said.map(({ title, value }) => h('span', [h('small', `${title} `), value])))
}
