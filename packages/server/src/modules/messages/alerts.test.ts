import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type DeviceEvent } from '@herald/contract';
import { alertOf, alertTitle } from './alerts';

const ev = (e: Omit<DeviceEvent, 'v' | 'ts'>): DeviceEvent => ({ v: PROTOCOL_VERSION, ts: 1, ...e });

describe('alertOf', () => {
  it('makes each printer state but normal an alert of its own kind', () => {
    for (const s of ['outOfPaper', 'overheating', 'coverOpen', 'otherException'] as const)
      expect(alertOf(ev({ type: 'printerState', printerState: s }))).toEqual({ kind: s, detail: null });
    expect(alertOf(ev({ type: 'printerState', printerState: 'normal' }))).toBeUndefined();
    expect(alertOf(ev({ type: 'printerState' }))).toBeUndefined();
  });

  it('makes a battery running out an alert with its level, and a healthy or charging one none', () => {
    for (const state of ['low', 'extremelyLow', 'depleted'] as const)
      expect(alertOf(ev({ type: 'battery', battery: { level: 4, state } }))).toEqual({
        kind: 'batteryLow',
        detail: '4%',
      });
    for (const state of ['charging', 'sufficient', 'full', 'abnormal'] as const)
      expect(alertOf(ev({ type: 'battery', battery: { level: 50, state } }))).toBeUndefined();
  });

  it("makes a fault an alert in the device's words, and a boot none", () => {
    expect(alertOf(ev({ type: 'fault', message: 'cutter jammed' }))).toEqual({
      kind: 'fault',
      detail: 'cutter jammed',
    });
    expect(alertOf(ev({ type: 'boot', firmware: '1.00.00.02' }))).toBeUndefined();
  });

  it('words an alert in either language, with the device words when there are any', () => {
    expect(alertTitle({ kind: 'outOfPaper', detail: null }, 'SN1', 'en_US')).toBe('Printer SN1 is out of paper');
    expect(alertTitle({ kind: 'outOfPaper', detail: null }, 'SN1', 'zh_CN')).toBe('打印机 SN1 缺纸');
    expect(alertTitle({ kind: 'fault', detail: 'cutter jammed' }, 'SN1', 'en_US')).toBe(
      'Device SN1 reports a fault: cutter jammed',
    );
    expect(alertTitle({ kind: 'fault', detail: null }, 'SN1', 'zh_CN')).toBe('设备 SN1 报告故障');
    expect(alertTitle({ kind: 'batteryLow', detail: '8%' }, 'SN1', 'en_US')).toBe(
      "Device SN1's battery is running out (8%)",
    );
  });
});
