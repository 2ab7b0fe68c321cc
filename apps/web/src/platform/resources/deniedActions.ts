import { useSyncExternalStore } from 'react';

/** An action the API can refuse with 403. */
export type ResourceAction = 'create' | 'update' | 'delete';

// The API does not say up front what the user may do; a 403 does, for the rest of the session.
const denied = new Map<string, ReadonlySet<ResourceAction>>();
const listeners = new Set<() => void>();
const EMPTY: ReadonlySet<ResourceAction> = new Set();

/** Remembers that the API refused `action` on `resource`, so its buttons are hidden from now on. */
export function markDenied(resource: string, action: ResourceAction): void {
  const current = denied.get(resource) ?? EMPTY;
  if (current.has(action)) return;
  denied.set(resource, new Set([...current, action]));
  for (const listener of listeners) listener();
}

/** Actions refused so far on `resource`. */
export function useDeniedActions(resource: string): ReadonlySet<ResourceAction> {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => denied.get(resource) ?? EMPTY,
  );
}

/** Forgets every refusal (tests start each from a fresh session). */
export function forgetDeniedActions(): void {
  denied.clear();
  for (const listener of listeners) listener();
}
