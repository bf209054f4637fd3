import { describe, expect, it } from 'vitest';
import { setParams, toPushBody, type PushTaskFormValues } from './push-body';

const base: PushTaskFormValues = {
  name: 'Night volume',
  type: 'config',
  config: { volume: 30, logo: false, language: undefined, speed: null, density: '' },
  message: 'left over',
  resourceId: 9,
  scope: 'all',
  ttlHours: 24,
};

describe('push task form → API body', () => {
  it('sends only the print parameters that were set (false and 0 are values)', () => {
    expect(setParams(base.config)).toEqual({ volume: 30, logo: false });
    expect(setParams({ volume: 0 })).toEqual({ volume: 0 });
  });

  it("carries only the chosen type's content", () => {
    const config = toPushBody(base);
    expect(config.config).toEqual({ volume: 30, logo: false });
    expect(config.message).toBeUndefined();
    expect(config.resourceId).toBeUndefined();
    const message = toPushBody({ ...base, type: 'message', message: '  Closing soon ' });
    expect(message.message).toBe('Closing soon');
    expect(message.config).toBeUndefined();
  });
});
