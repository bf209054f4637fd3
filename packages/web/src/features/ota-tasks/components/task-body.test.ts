import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toCreateBody, type OtaTaskFormValues } from './task-body';

const base: OtaTaskFormValues = {
  name: '  Spring rollout ',
  type: 0,
  packageId: 7,
  fromVersion: ' ',
  language: 'en_US',
  scope: 'group',
  groupIds: [3],
  snText: 'SN1',
  retries: 2,
  timeoutMinutes: 30,
  pace: 0,
  remark: '',
};

describe('upgrade task form → API body', () => {
  it('trims, drops empty optional texts and a language an app package does not take', () => {
    const body = toCreateBody(base);
    expect(body).toMatchObject({ name: 'Spring rollout', type: 0, packageId: 7, scope: 'group', groupIds: [3] });
    expect(body.fromVersion).toBeUndefined();
    expect(body.language).toBeUndefined();
    expect(body.remark).toBeUndefined();
    expect(body.sns).toBeUndefined();
    expect(body.effectiveTime).toBeUndefined();
  });

  it('keeps the language of a language package and sends the effective time as ISO', () => {
    const at = dayjs('2030-01-02T03:04:05Z');
    const body = toCreateBody({ ...base, type: 1, effectiveTime: at, scope: 'sn', snText: 'A1\nA2' });
    expect(body).toMatchObject({ type: 1, language: 'en_US', scope: 'sn', sns: ['A1', 'A2'] });
    expect(body.effectiveTime).toBe('2030-01-02T03:04:05.000Z');
    expect(body.groupIds).toBeUndefined();
  });

  it('sends phases (approval always a boolean), abort criteria and the offer window only when given', () => {
    const phased = toCreateBody({
      ...base,
      phases: [
        { percent: 30, soakMinutes: 60, successThreshold: 95 } as never,
        { percent: 70, soakMinutes: 0, successThreshold: 90, approval: true },
      ],
      abortCriteria: [{ kind: 'failed', percent: 10, minFinished: 20 }],
      offerFrom: ' 22:00',
      offerTo: '06:00 ',
    });
    expect(phased.phases?.map((p) => p.approval)).toEqual([false, true]);
    expect(phased.abortCriteria).toEqual([{ kind: 'failed', percent: 10, minFinished: 20 }]);
    expect(phased.offerWindow).toEqual({ from: '22:00', to: '06:00' });
    const plain = toCreateBody({ ...base, phases: [], abortCriteria: [], offerFrom: '22:00' });
    expect([plain.phases, plain.abortCriteria, plain.offerWindow]).toEqual([undefined, undefined, undefined]);
  });
});
