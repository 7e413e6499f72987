/**
 * A ref that focuses its element once it appears. For a field that replaces the control the user
 * just pressed (an inline edit, a custom text that the chosen option asks for): focus follows the
 * action instead of falling back to the page. Never for a field present on page load.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
