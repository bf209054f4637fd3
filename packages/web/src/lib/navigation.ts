/**
 * Navigation for code outside React components (the HTTP client, session timers).
 * The router registers itself at start-up; before that a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, replace = true): void {
  navigator(to, { replace });
}
