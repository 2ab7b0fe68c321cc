import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorsOf } from './serverErrors';

/**
 * A search form's state: the criteria being edited, the criteria last searched, the answer, and the
 * server's messages split between the form's fields and the rest. Searching again with the same criteria
 * asks again: sessions are booked all the time.
 */
export function useCriteriaSearch<C, R>(
  key: string,
  start: C,
  fetch: (criteria: C, signal: AbortSignal) => Promise<R>,
  fieldNames: readonly string[],
) {
  const [draft, setDraft] = useState<C>(start);
  const [criteria, setCriteria] = useState<C | null>(null);
  const [run, setRun] = useState(0);
  const result = useQuery({
    queryKey: [key, criteria, run],
    queryFn: ({ signal }) => fetch(criteria!, signal),
    enabled: criteria !== null,
  });
  const errors = serverErrorsOf(result.error, fieldNames);
  const search = (next: C) => {
    setDraft(next);
    setCriteria(next);
    setRun((n) => n + 1);
  };
  return { draft, setDraft, criteria, result, errors, search };
}
