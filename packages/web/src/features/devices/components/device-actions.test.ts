import { describe, expect, it } from 'vitest';
import type { Device } from '../api/types';
import { applicable, CODES } from './device-actions';

const device = (over: Partial<Device>) => ({ status: 2, paused: false, muted: false, ...over }) as Device;

describe('device actions', () => {
  it('offers the opposite of the current state', () => {
    expect(applicable(device({}))).toEqual(
      expect.arrayContaining(['disable', 'pause', 'mute', 'restart', 'uploadLog', 'switchGroup', 'qr', 'delete']),
    );
    const stopped = applicable(device({ status: 1, paused: true, muted: true }));
    expect(stopped).toEqual(expect.arrayContaining(['enable', 'resume', 'unmute']));
    expect(stopped).not.toContain('disable');
    expect(stopped).not.toContain('pause');
    expect(stopped).not.toContain('mute');
  });

  it('treats a device that was never enabled (status 0) as one to enable', () => {
    expect(applicable(device({ status: 0 }))).toContain('enable');
  });

  it('offers a test page to printers only', () => {
    expect(applicable(device({ modelType: 'printer' }))).toContain('testPrint');
    expect(applicable(device({ modelType: 'speaker' }))).not.toContain('testPrint');
    expect(CODES.testPrint).toBe('testPrint');
  });

  it('gates every action by a button of the device list menu', () => {
    expect(CODES.resume).toBe('pause');
    expect(CODES.unmute).toBe('mute');
    expect(CODES.qr).toBe('qrSwitch');
  });
});
