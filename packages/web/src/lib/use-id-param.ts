import { useSearchParams } from 'react-router';

/** Detail/edit pages take the record id from `?id=`. */
export function useIdParam(): number {
  const [params] = useSearchParams();
  return Number(params.get('id') ?? 0);
}
