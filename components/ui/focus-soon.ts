/**
 * Moves the focus to the element with this id once the pending render has
 * drawn it (renders settle before the next frame): for a control that
 * replaced the focused one, which would otherwise leave the focus on <body>.
 */
export function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
