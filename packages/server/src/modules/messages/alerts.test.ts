import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type DeviceEvent } from '@herald/contract';
import { alertOf, alertTitle } from './alerts';
import { batteryLow, statesOf } from './alert-states';

const ev = (e: Omit<DeviceEvent, 'v' | 'ts'>): DeviceEvent => ({ v: PROTOCOL_VERSION, ts: 1, ...e });

describe('statesOf', () => {
  it('makes each printer state but normal the one active printer kind, and normal clears all four', () => {
    for (const s of ['outOfPaper', 'overheating', 'coverOpen', 'otherException'] as const)
      expect(statesOf({ ts: 1, printerState: s }, 10)).toEqual({
        reported: ['outOfPaper', 'overheating', 'coverOpen', 'otherException'],
        active: [s],
      });
    expect(statesOf({ ts: 1, printerState: 'normal' }, 10).active).toEqual([]);
    expect(statesOf({ ts: 1 }, 10)).toEqual({ reported: [], active: [] });
  });

  it('speaks of the battery only when the report carries one', () => {
    expect(statesOf({ ts: 1, battery: { level: 8, state: 'sufficient' } }, 10)).toEqual({
      reported: ['batteryLow'],
      active: ['batteryLow'],
    });
    expect(statesOf({ ts: 1, battery: { level: 11, state: 'sufficient' } }, 10).active).toEqual([]);
  });
});

describe('batteryLow', () => {
  it('believes a device that says its battery runs out, whatever the level', () => {
    for (const state of ['low', 'extremelyLow', 'depleted'] as const)
      expect(batteryLow({ level: 60, state }, 10)).toBe(true);
  });

  it("holds a level at or below the account's threshold low unless the battery is charging or full", () => {
    expect(batteryLow({ level: 8, state: 'sufficient' }, 10)).toBe(true);
    expect(batteryLow({ level: 10, state: 'abnormal' }, 10)).toBe(true);
    expect(batteryLow({ level: 11, state: 'sufficient' }, 10)).toBe(false);
    expect(batteryLow({ level: 15, state: 'sufficient' }, 20)).toBe(true);
    expect(batteryLow({ level: 3, state: 'charging' }, 10)).toBe(false);
    expect(batteryLow({ level: 3, state: 'full' }, 10)).toBe(false);
  });
});

describe('alertOf', () => {
  it("makes a fault an alert in the device's words, and states and boots none (they are states)", () => {
    expect(alertOf(ev({ type: 'fault', message: 'cutter jammed' }))).toEqual({
      kind: 'fault',
      detail: 'cutter jammed',
    });
    expect(alertOf(ev({ type: 'boot', firmware: '1.00.00.02' }))).toBeUndefined();
    expect(alertOf(ev({ type: 'printerState', printerState: 'outOfPaper' }))).toBeUndefined();
  });
});

describe('alertTitle', () => {
  it('words an alert and its recovery in either language, with the device words when there are any', () => {
    expect(alertTitle({ kind: 'outOfPaper', detail: null }, 'SN1', 'en_US')).toBe('Printer SN1 is out of paper');
    expect(alertTitle({ kind: 'outOfPaper', detail: null }, 'SN1', 'zh_CN')).toBe('打印机 SN1 缺纸');
    expect(alertTitle({ kind: 'outOfPaper', detail: null, phase: 'cleared' }, 'SN1', 'en_US')).toBe(
      'Printer SN1 has paper again',
    );
    expect(alertTitle({ kind: 'outOfPaper', detail: null, phase: 'cleared' }, 'SN1', 'zh_CN')).toBe(
      '打印机 SN1 已恢复供纸',
    );
    expect(alertTitle({ kind: 'fault', detail: 'cutter jammed' }, 'SN1', 'en_US')).toBe(
      'Device SN1 reports a fault: cutter jammed',
    );
    expect(alertTitle({ kind: 'fault', detail: null }, 'SN1', 'zh_CN')).toBe('设备 SN1 报告故障');
    expect(alertTitle({ kind: 'batteryLow', detail: '8%' }, 'SN1', 'en_US')).toBe(
      "Device SN1's battery is running out (8%)",
    );
    expect(alertTitle({ kind: 'batteryLow', detail: '60%', phase: 'cleared' }, 'SN1', 'en_US')).toBe(
      "Device SN1's battery is no longer low (60%)",
    );
  });
});
