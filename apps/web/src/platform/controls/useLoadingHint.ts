import { useEffect, useState } from 'react';
import { LOADING_HINT_AFTER_MS } from '@casebook/domain';

/** True once `loading` has lasted the spec's 5 seconds; false again as soon as loading ends. */
export function useLoadingHint(loading: boolean, afterMs = LOADING_HINT_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => clearTimeout(timer);
  }, [loading, afterMs]);
  return loading && slow;
}
