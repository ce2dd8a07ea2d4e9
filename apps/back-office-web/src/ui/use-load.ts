import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/http';

/** Runs a load on mount and on `reload`; keeps its data, error and loading state. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => setState({ data, error: null, loading: false }),
      (err: unknown) => setState({ data: null, error: describeError(err), loading: false }),
    );
  }, [run]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}

/** "OPERATOR_FORBIDDEN: …" for a refusal of an API, the message otherwise. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
