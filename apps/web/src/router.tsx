import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Fired on window after navigate(): pushState and replaceState do not raise popstate themselves. */
const NAVIGATED = 'casebook:navigated';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

// A string snapshot, so React sees a change only when the address itself changes.
const currentAddress = () => window.location.pathname + window.location.search;

/** The current path and query string (e.g. "/login?uid=abc"); re-renders the caller when it changes. */
export function useAddress(): string {
  return useSyncExternalStore(subscribe, currentAddress);
}

/** Goes to a path inside the app without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An ordinary link that navigates in place; modified clicks (new tab, new window) stay with the browser. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
