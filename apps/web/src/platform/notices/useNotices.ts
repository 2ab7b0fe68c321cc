import { useContext } from 'react';
import { NoticesContext, type Notices } from './notices';

/** The spec's Success / Error / Warning notices of the signed-in shell. */
export function useNotices(): Notices {
  const notices = useContext(NoticesContext);
  if (!notices) throw new Error('useNotices outside NoticesContext');
  return notices;
}
