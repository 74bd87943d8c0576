import { useThemeVars } from 'naive-ui'
import { computed, h, type ComputedRef, type CSSProperties, type VNode } from 'vue'
import './plain-button.css'
import './row-buttons.css'

/**
 * The buttons inside each row of a long table (the saved PBXs' Open, Edit and Remove): plain
 * `<button>`s drawn as Naive UI's small buttons are (secondary primary, default, ghost error), in
 * the theme's colours, light or dark, from `useRowButtonColours` on the table.
 *
 * Why not Naive UI's NButton: each one merges its theme when it mounts, about 2.5 ms apiece on
 * our 2-core machines; three per row were half the time the PBX list took to show its first
 * rows (issue 17: 50 rows, 780 → 400 ms). A button here costs what a `<button>` costs.
 */
export type RowButtonKind = 'primary' | 'default' | 'danger'

export type RowButton = {
  kind: RowButtonKind
  /** the visible text */
  text: string
  /** what a screen reader says: the action and the row's name ("Open Acme") */
  ariaLabel: string
  /** working (the PBX being opened): a spinner, and a click does nothing, as NButton's `loading` */
  busy?: boolean
  /** false: out of the Tab order (a row that is not the table's current one), still clickable */
  tabbable?: boolean
  onClick: () => void
}

export function rowButton(button: RowButton): VNode {
  const busy = button.busy === true
  return h(
    'button',
    {
      type: 'button',
      class: ['plain-button', 'row-button', `row-button--${button.kind}`],
      'aria-label': button.ariaLabel,
      'aria-busy': busy ? 'true' : undefined,
      tabindex: button.tabbable === false ? -1 : undefined,
      onClick: () => {
        if (!busy) button.onClick()
      },
    },
    busy ? [h('span', { class: 'row-button__spinner', 'aria-hidden': 'true' }), button.text] : button.text,
  )
}

/** A row's buttons side by side. */
export function rowButtons(buttons: RowButton[]): VNode {
  return h('span', { class: 'row-buttons' }, buttons.map(rowButton))
}

/** The theme's colours for the row buttons, as CSS variables to set on the table that holds them. */
export function useRowButtonColours(): ComputedRef<CSSProperties> {
  const vars = useThemeVars()
  return computed(() => ({
    '--row-button-text': vars.value.textColor2,
    '--row-button-border': vars.value.borderColor,
    '--row-button-radius': vars.value.borderRadius,
    '--row-button-primary': vars.value.primaryColor,
    '--row-button-primary-hover': vars.value.primaryColorHover,
    '--row-button-primary-pressed': vars.value.primaryColorPressed,
    '--row-button-error': vars.value.errorColor,
    '--row-button-error-hover': vars.value.errorColorHover,
    '--row-button-error-pressed': vars.value.errorColorPressed,
  }))
}
