/**
 * How the app's card dialogs open (NModal's props): a card with its title and close button,
 * closed by Esc or that button but never by a click beside it (a form half typed must not go),
 * as wide as `px` and never wider than the window less a margin.
 */
export const cardDialog = (px: number) =>
  ({ preset: 'card', maskClosable: false, closeOnEsc: true, style: { width: `min(${px}px, calc(100vw - 32px))` } }) as const
