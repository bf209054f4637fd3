import { del } from '../../../lib/http';

/** Refused by the server while an upgrade task uses the package (its message is shown). */
export const deleteFirmware = (id: number) => del<null>(`/v1/firmware/${id}`);
