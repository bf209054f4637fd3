import { del } from '../../../lib/http';

/** Refused by the server while a task uses the package (its message is shown). */
export const deleteResourcePackage = (id: number) => del<null>(`/v1/resource-packages/${id}`);
