import { firmwareApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Refused by the server while an upgrade task uses the package (its message is shown). */
export const deleteFirmware = (id: number) => call(firmwareApi.remove, { params: { id } });
