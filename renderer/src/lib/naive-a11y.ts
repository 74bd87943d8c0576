/**
 * Names and roles Naive UI (2.45) leaves out of markup that no prop of ours reaches, put in as the
 * elements appear (modals and popovers are teleported to <body>, hence one observer on the
 * document rather than a fix in each component). Found by the accessibility pass of issue 8
 * (axe-core, test/e2e/accessibility.spec.ts). Each fix only adds what is missing, so Naive's own
 * attributes win wherever a later version sets them.
 */

type Fix = { selector: string; apply(element: HTMLElement): void }

/** The <label for> a form control, if it has an id and one. */
function labelFor(input: HTMLElement): HTMLElement | null {
  return input.id ? document.querySelector<HTMLElement>(`label[for="${input.id.replace(/["\\]/g, '\\$&')}"]`) : null
}

/** The name of a form control: its aria-label, or the text of its <label>. */
function fieldName(input: HTMLElement | null): string {
  if (!input) return ''
  const own = input.getAttribute('aria-label')
  if (own) return own
  return (labelFor(input)?.textContent ?? '').replace(/\*\s*$/, '').trim()
}

/** The text field of a form item, where a required mark or a reason belongs. */
function textFieldOf(item: Element | null): HTMLElement | null {
  return item?.querySelector<HTMLElement>(':scope > .n-form-item-blank :is(input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea)') ?? null
}

/** for the ids this file gives (a reason below a field, a dialog's title, a select's menu) */
let idCount = 0

/** The selects whose box follows its select's state (expanded, name): each watched once. */
const watchedSelections = new WeakSet<Element>()

/**
 * The select menu on screen, for an open select's box to control: Naive shows one menu at a time
 * (a closed one is hidden, one on its way out is leaving), teleported away from its select.
 */
function openSelectMenu(): HTMLElement | null {
  const menus = Array.from(document.querySelectorAll<HTMLElement>('.n-select-menu')).filter(
    (menu) => menu.getClientRects().length > 0 && !/-leave-/.test(menu.className),
  )
  const menu = menus.at(-1) ?? null
  if (menu && !menu.id) menu.id = `n-select-menu-${++idCount}`
  return menu
}

/**
 * NSelect takes the focus on a box of its own (Tab lands there), not on its search field, which
 * is where our `input-props` put a name and a <label for> points: a keyboard user tabbing onto it
 * heard no name (issue 15, the fleet's filters). For a select that asks for it (`data-a11y-select`
 * on the NSelect) the box is made the combobox, named as its field is (or as the select itself),
 * expanded while the select's menu is open; the field keeps its name, so what finds it still does.
 * Asked for, not done to every select: a screen's tests that find a select's field by its label
 * (`getByLabel`) would find two elements of that name. A select with no name is left as it is.
 */
function nameSelectBox(box: HTMLElement): void {
  if (box.hasAttribute('role') && !box.hasAttribute('data-a11y-select-box')) return
  const selection = box.parentElement
  if (!selection) return
  const input = box.querySelector<HTMLElement>('input')
  const select = selection.closest('.n-select')
  const own = input?.getAttribute('aria-label') || select?.getAttribute('aria-label') || ''
  const label = !own && input ? labelFor(input) : null
  if (!own && !label) return
  if (own) {
    if (box.getAttribute('aria-label') !== own) box.setAttribute('aria-label', own)
    box.removeAttribute('aria-labelledby')
  } else if (label) {
    if (!label.id) label.id = `n-select-label-${++idCount}`
    box.setAttribute('aria-labelledby', label.id)
    box.removeAttribute('aria-label')
  }
  box.setAttribute('data-a11y-select-box', '')
  box.setAttribute('role', 'combobox')
  const menu = selection.classList.contains('n-base-selection--active') ? openSelectMenu() : null
  box.setAttribute('aria-expanded', String(menu !== null))
  if (menu) box.setAttribute('aria-controls', menu.id)
  else box.removeAttribute('aria-controls')
  // the menu opening (a class of the selection) and a new name on the field change no child: watched here
  if (watchedSelections.has(selection)) return
  watchedSelections.add(selection)
  new MutationObserver(() => {
    const current = selection.querySelector<HTMLElement>('[data-a11y-select-box]')
    if (current) nameSelectBox(current)
  }).observe(selection, { attributes: true, attributeFilter: ['class', 'aria-label'], subtree: true })
}

const FIXES: Fix[] = [
  {
    // NCard (and NModal preset="card") marks both its header and the title inside it
    // role="heading", with no level: the title is the heading (a card's or dialog's, under the
    // area's h1), the wrapper around it and the close button is not.
    selector: '.n-card-header[role="heading"]',
    apply: (header) => header.removeAttribute('role'),
  },
  {
    selector: '.n-card-header__main[role="heading"]:not([aria-level])',
    apply: (title) => title.setAttribute('aria-level', '2'),
  },
  {
    // NModal preset="card" and the dialogs of useDialog() do not take their title as their name:
    // they are labelled by it (a confirmation is also described by its text, and modal), unless
    // the component names the dialog itself
    selector: '.n-modal[role="dialog"]:not([aria-label]):not([aria-labelledby])',
    apply: (dialog) => {
      const title = dialog.querySelector<HTMLElement>(':scope > .n-card-header > .n-card-header__main, :scope > .n-dialog__title')
      if (!title) return
      if (!title.id) title.id = `n-modal-title-${++idCount}`
      dialog.setAttribute('aria-labelledby', title.id)
      const content = dialog.querySelector<HTMLElement>(':scope > .n-dialog__content')
      if (!content) return
      if (!content.id) content.id = `n-dialog-content-${++idCount}`
      if (!dialog.hasAttribute('aria-describedby')) dialog.setAttribute('aria-describedby', content.id)
      if (!dialog.hasAttribute('aria-modal')) dialog.setAttribute('aria-modal', 'true')
    },
  },
  {
    // NTabs: our tabs carry role="tab" (lib/tab-props.ts); the row that holds them is the tablist
    selector: '.n-tabs-nav-scroll-content:not([role])',
    apply: (row) => row.setAttribute('role', 'tablist'),
  },
  {
    // NInputNumber's − and + buttons have no name (they take no focus: the arrow keys do the same)
    selector: '.n-input-number:not([data-a11y-steppers])',
    apply: (field) => {
      const buttons = field.querySelectorAll<HTMLElement>('.n-button')
      if (buttons.length !== 2) return
      const name = fieldName(field.querySelector('input'))
      buttons[0]!.setAttribute('aria-label', name ? `Decrease ${name}` : 'Decrease')
      buttons[1]!.setAttribute('aria-label', name ? `Increase ${name}` : 'Increase')
      field.setAttribute('data-a11y-steppers', '')
    },
  },
  {
    // NSlider puts our aria-label on its outer box; the handle (role="slider") is what is read out
    selector: '.n-slider-handle-wrapper[role="slider"]:not([aria-label]):not([aria-labelledby])',
    apply: (handle) => {
      const slider = handle.closest('.n-slider')
      const name = slider?.getAttribute('aria-label')
      const labelledBy = slider?.getAttribute('aria-labelledby')
      if (name) handle.setAttribute('aria-label', name)
      else if (labelledBy) handle.setAttribute('aria-labelledby', labelledBy)
    },
  },
  {
    // Naive's loading spinner (in every select and some inputs) is an image named "loading" even
    // while it only draws the select's arrow: read out only while it is loading
    selector: '.n-base-loading[role="img"]',
    apply: (spinner) => {
      const loading = spinner.querySelector('.n-base-loading__transition-wrapper') !== null
      if (loading) spinner.removeAttribute('aria-hidden')
      else spinner.setAttribute('aria-hidden', 'true')
    },
  },
  {
    // NFormItem's required mark would be read as part of the field's name ("Name *"): the field
    // says it is required instead
    selector: '.n-form-item-label__asterisk:not([aria-hidden])',
    apply: (mark) => {
      mark.setAttribute('aria-hidden', 'true')
      textFieldOf(mark.closest('.n-form-item'))?.setAttribute('aria-required', 'true')
    },
  },
  {
    // NFormItem shows a field's reason below it but does not tie the two: the field is described
    // by it, and marked invalid while it is an error. A field that names its reason itself
    // (aria-describedby into the reason, or its own aria-invalid) is left as it is.
    selector: '.n-form-item',
    apply: (item) => {
      const feedback = item.querySelector<HTMLElement>(':scope > .n-form-item-feedback-wrapper')
      const field = textFieldOf(item)
      if (!feedback || !field) return
      const describedBy = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      if (describedBy.some((id) => id !== feedback.id && feedback.contains(document.getElementById(id)))) return
      if (!feedback.id) feedback.id = `n-form-item-feedback-${++idCount}`
      if (!describedBy.includes(feedback.id)) field.setAttribute('aria-describedby', [...describedBy, feedback.id].join(' '))
      if (field.hasAttribute('aria-invalid') && !field.hasAttribute('data-a11y-invalid')) return
      field.setAttribute('data-a11y-invalid', '')
      field.setAttribute('aria-invalid', String(feedback.querySelector('.n-form-item-feedback--error') !== null))
    },
  },
  {
    selector: '.n-select[data-a11y-select] .n-base-selection > :is(.n-base-selection-label, .n-base-selection-tags)',
    apply: nameSelectBox,
  },
  {
    // NDataTable's selection column: each checkbox points aria-labelledby at a label it does not
    // draw. A row's takes the name its cell is given (cellProps: "Select handset 3"), the
    // header's says what it does.
    selector: ':is(.n-data-table-td--selection, .n-data-table-th--selection) .n-checkbox[role="checkbox"]:not([aria-label])',
    apply: (box) => {
      const labelledBy = box.getAttribute('aria-labelledby')
      if (labelledBy && document.getElementById(labelledBy)?.textContent?.trim()) return
      const cell = box.closest('td')
      box.setAttribute('aria-label', cell ? (cell.getAttribute('aria-label') ?? 'Select this row') : 'Select every row shown')
      box.removeAttribute('aria-labelledby')
    },
  },
  {
    // NPagination's "Go to" box: its text stands beside it, not in a label
    selector: '.n-pagination-quick-jumper input:not([aria-label])',
    apply: (input) => input.setAttribute('aria-label', 'Go to page'),
  },
]

function applyFixes(root: ParentNode): void {
  for (const fix of FIXES) root.querySelectorAll<HTMLElement>(fix.selector).forEach((element) => fix.apply(element))
}

/**
 * The fixes for where children changed: each such element, what is inside it, and the nearest
 * element around it that a fix is for (a reason added to a form item, a spinner's inside
 * changing: the item, the spinner is what gets fixed).
 */
function applyFixesAround(changed: ReadonlySet<Element>): void {
  for (const element of changed) {
    if (!element.isConnected || hasChangedAncestor(element, changed)) continue
    for (const fix of FIXES) {
      const around = element.closest<HTMLElement>(fix.selector)
      if (around) fix.apply(around)
    }
    applyFixes(element)
  }
}

/** an element inside another changed one is fixed with it */
function hasChangedAncestor(element: Element, changed: ReadonlySet<Element>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (changed.has(parent)) return true
  return false
}

/**
 * Applies the fixes now, then where `root` changes later (only there: a table of 10,000 rows
 * scrolling does not make every change look through the whole document); answers the way to stop.
 */
export function watchNaiveA11y(root: HTMLElement = document.body): () => void {
  applyFixes(root)
  /** the elements whose children changed since the last pass */
  const changed = new Set<Element>()
  const observer = new MutationObserver((records) => {
    const first = changed.size === 0
    // where children came or went: an element added is inside it, one removed may change what
    // a fix around it says (a spinner that stopped loading)
    for (const record of records) if (record.target.nodeType === Node.ELEMENT_NODE) changed.add(record.target as Element)
    // many mutations come in a burst (a table rendering): one pass after it
    if (!first || changed.size === 0) return
    queueMicrotask(() => {
      const batch = new Set(changed)
      changed.clear()
      applyFixesAround(batch)
    })
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}
