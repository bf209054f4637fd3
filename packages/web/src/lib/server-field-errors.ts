import type { FormInstance } from 'antd';
import type { FieldError } from '@herald/contract';
import { ApiError } from './http';

/**
 * Put a 40010 answer's field errors (`data.errors`, already translated by the server) on the
 * form's fields. `params.0.name` becomes the name path ['params', 0, 'name']. Returns true when
 * at least one field took an error.
 */
export function showServerFieldErrors(form: FormInstance | undefined, err: unknown): boolean {
  if (!form || !(err instanceof ApiError)) return false;
  const errors = (err.data as { errors?: FieldError[] } | null | undefined)?.errors;
  if (!errors?.length) return false;
  const byField = new Map<string, string[]>();
  for (const e of errors) byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
  form.setFields(
    [...byField].map(([field, messages]) => ({
      name: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: messages,
    })),
  );
  return true;
}

/**
 * A ProForm's onFinish: run `save`; true when it went through (the form may close), false when
 * it failed, with the server's field errors shown under their fields.
 */
export async function savedOrFieldErrors(
  form: FormInstance | undefined,
  save: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await save();
    return true;
  } catch (err) {
    showServerFieldErrors(form, err);
    return false;
  }
}
