/** Browser effects kept in one place so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}
