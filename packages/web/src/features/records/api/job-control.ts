import type { OpenJobAccepted, OpenJobView } from '@herald/contract';
import { post } from '../../../lib/http';

/** Job control on print and broadcast records: cancel one still waiting, send a finished one again. */
export type ControlArea = 'print' | 'broadcast';

export const cancelRecord = (area: ControlArea, id: number) => post<OpenJobView>(`/v1/records/${area}/${id}/cancel`);
export const reprintRecord = (area: ControlArea, id: number) =>
  post<OpenJobAccepted>(`/v1/records/${area}/${id}/reprint`);
