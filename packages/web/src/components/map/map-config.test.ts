import { hashKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

// the HTTP client needs a browser; only the cache key is under test
vi.mock('../../lib/http', () => ({ get: vi.fn() }));
const { mapConfigQuery } = await import('./map-config');

describe('the map config in the query cache', () => {
  it('is kept apart per user, so a user signing in after another never reads their answer', () => {
    expect(hashKey(mapConfigQuery(1).queryKey)).not.toBe(hashKey(mapConfigQuery(2).queryKey));
    expect(hashKey(mapConfigQuery(1).queryKey)).toBe(hashKey(mapConfigQuery(1).queryKey));
  });
});
