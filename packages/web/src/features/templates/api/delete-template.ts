import { del } from '../../../lib/http';

/** Refused by the server while a business uses the template (its message is shown). */
export const deleteTemplate = (id: number) => del<null>(`/v1/templates/${id}`);
