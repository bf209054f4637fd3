import { useParams } from 'react-router';

/** Detail pages of the OTA resources take the id from the path (`detail/:id`). */
export function useIdRouteParam(): number {
  const { id } = useParams();
  const n = Number(id ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
