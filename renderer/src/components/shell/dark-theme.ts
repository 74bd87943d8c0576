import { useOsTheme, type GlobalTheme } from 'naive-ui'
import { computed, shallowRef, type ComputedRef } from 'vue'

/**
 * Naive UI's dark theme, loaded only when the OS asks for dark: it holds the dark styles of every
 * Naive UI component, a sizeable part of the startup JavaScript that a light start never uses
 * (issue 17). main.ts waits for it before mounting when the OS is dark, so a dark start does not
 * paint light first; App.vue loads it when the OS turns dark while the app runs.
 */
export const darkTheme = shallowRef<GlobalTheme | null>(null)

let loading: Promise<GlobalTheme> | null = null

export function loadDarkTheme(): Promise<GlobalTheme> {
  loading ??= import('./naive-dark-theme').then((module) => (darkTheme.value = module.darkTheme))
  return loading
}

/** Naive UI's theme the app shows: the dark one while the OS is dark (once loaded), else light (null). */
export function useShownTheme(): ComputedRef<GlobalTheme | null> {
  const osTheme = useOsTheme()
  return computed(() => (osTheme.value === 'dark' ? darkTheme.value : null))
}

/** Whether the OS asks for dark now (what Naive UI's useOsTheme follows). */
export function osPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
}
