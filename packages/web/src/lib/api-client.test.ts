import { templatesApi } from '@herald/contract';
import { describe, expect, it } from 'vitest';
import { call, pathOf, type CallInput, type CallResult } from './api-client';

describe('the typed admin-API client', () => {
  it('fills a path from the params the description asks for', () => {
    expect(pathOf(templatesApi.previewSaved, { id: 7 })).toBe(templatesApi.previewSaved.path.replace(':id', '7'));
  });

  it('types input and answer from the description (checked by tsc)', () => {
    const typed = () => {
      // @ts-expect-error a route with :id needs its params
      void call(templatesApi.get);
      // @ts-expect-error the body must follow the route's schema
      void call(templatesApi.create, { body: { name: 1 } });
      // @ts-expect-error a route without a body takes none
      const noBody: CallInput<typeof templatesApi.get> = { params: { id: 1 }, body: {} };
      const name: string = null as unknown as CallResult<typeof templatesApi.get>['name'];
      // @ts-expect-error the answer is the response schema's type
      const wrong: number = null as unknown as CallResult<typeof templatesApi.get>['name'];
      return [noBody, name, wrong];
    };
    expect(typeof typed).toBe('function');
  });
});
