// Naive UI's dark theme alone, for dark-theme.ts to import when the OS is dark: a module of its own
// so the bundler puts the theme (and every component's dark styles) in a chunk of its own.
export { darkTheme } from 'naive-ui'
