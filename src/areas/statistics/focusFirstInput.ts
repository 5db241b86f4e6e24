/** On opening a list popover, keyboard focus goes to its search box or first checkbox rather than the popover frame. */
export function focusFirstInput(node: HTMLElement): void {
  node.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
}
