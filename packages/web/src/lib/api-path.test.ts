import { templatesApi } from '@herald/contract';
import { describe, expect, it } from 'vitest';
import type { CallInput, CallResult } from './api-client';
import { pathOf } from './api-path';

describe('the typed admin-API client', () => {
  it('fills a path from the params the description asks for', () => {
    expect(pathOf(templatesApi.previewSaved, { id: 7 })).toBe(templatesApi.previewSaved.path.replace(':id', '7'));
    expect(pathOf(templatesApi.get, { id: 'a/b' })).toBe(templatesApi.get.path.replace(':id', 'a%2Fb'));
  });

  it('types input and answer from the description (checked by tsc)', () => {
    // @ts-expect-error a route with :id needs its params
    const noParams: CallInput<typeof templatesApi.get> = {};
    // @ts-expect-error the body must follow the route's schema
    const badBody: CallInput<typeof templatesApi.create> = { body: { name: 1 } };
    // @ts-expect-error a route without a body takes none
    const extraBody: CallInput<typeof templatesApi.get> = { params: { id: 1 }, body: {} };
    const name: string = 'x' as CallResult<typeof templatesApi.get>['name'];
    // @ts-expect-error the answer is the response schema's type
    const wrong: number = 'x' as CallResult<typeof templatesApi.get>['name'];
    expect([noParams, badBody, extraBody, name, wrong]).toHaveLength(5);
  });
});
