import type { GlobalTheme } from 'naive-ui'
import { shallowRef } from 'vue'

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

/** Whether the OS asks for dark now (what Naive UI's useOsTheme follows). */
export function osPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
}
