import { describe, expect, it } from 'vitest';
import { acceptOf, checkFile } from './check-file';

const MB = 1024 * 1024;

describe('checkFile', () => {
  it('takes the purpose extensions, any case', () => {
    expect(checkFile('firmware', { name: 'fw-1.0.0.1.ZIP', size: 10 })).toBeNull();
    expect(checkFile('resource', { name: 'voice.pz', size: 10 })).toBeNull();
    expect(checkFile('smartConfig', { name: 'sc.apk', size: 10 })).toBeNull();
  });

  it('refuses other formats with the spec message', () => {
    expect(checkFile('resource', { name: 'voice.rar', size: 10 })).toBe('error.fileFormat');
    expect(checkFile('smartConfig', { name: 'sc.zip', size: 10 })).toBe('error.fileFormat');
    expect(checkFile('firmware', { name: 'zip', size: 10 })).toBe('error.fileFormat');
  });

  it('refuses files above the limit of their purpose', () => {
    expect(checkFile('firmware', { name: 'a.zip', size: 10 * MB })).toBeNull();
    expect(checkFile('firmware', { name: 'a.zip', size: 10 * MB + 1 })).toBe('error.packageTooLarge');
    expect(checkFile('smartConfig', { name: 'a.apk', size: 50 * MB })).toBeNull();
    expect(checkFile('smartConfig', { name: 'a.apk', size: 50 * MB + 1 })).toBe('error.apkTooLarge');
  });

  it('lists the extensions for the file picker', () => {
    expect(acceptOf('smartConfig')).toBe('.apk');
    expect(acceptOf('resource')).toBe('.zip,.gz,.pz');
  });
});
