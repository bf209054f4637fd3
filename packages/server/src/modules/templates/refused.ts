import { invalid } from '../../lib/errors';
import { RenderRefused } from './render-pool';

/** A render's result, or the caller's error for a receipt that cannot be rendered or is too large. */
export async function renderedOrRefused<T>(rendering: Promise<T>, field: string): Promise<T> {
  try {
    return await rendering;
  } catch (err) {
    if (!(err instanceof RenderRefused)) throw err;
    throw invalid(err.reason === 'tooLarge' ? 'error.receiptTooLarge' : 'error.templateRender', field);
  }
}
