import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/**
 * The size of an element's content box in px, kept up to date as it resizes (the window, the
 * sidebar folding). `initial` until the first measure, and where ResizeObserver is missing (a
 * test's DOM): the size a table is laid out for before it is measured. A side measured 0 (the
 * element hidden) keeps its last value.
 */
export function useElementSize(
  element: Readonly<Ref<HTMLElement | null | undefined>>,
  initial: { width: number; height: number },
): { width: Ref<number>; height: Ref<number> } {
  const width = ref(initial.width)
  const height = ref(initial.height)
  let observer: ResizeObserver | null = null
  onMounted(() => {
    if (!element.value || typeof ResizeObserver === 'undefined') return
    observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect
      if (box && box.width > 0) width.value = Math.floor(box.width)
      if (box && box.height > 0) height.value = box.height
    })
    observer.observe(element.value)
  })
  onBeforeUnmount(() => observer?.disconnect())
  return { width, height }
}
