import { fenceDeviceOptionsQuery } from '@herald/contract';

const KEYWORD_MAX = fenceDeviceOptionsQuery.shape.keyword.unwrap().maxLength ?? Infinity;

/** What is typed into the device search, as the options call takes it: a long paste is cut, not refused. */
export const deviceKeyword = (typed: string) => typed.trim().slice(0, KEYWORD_MAX).trim();
