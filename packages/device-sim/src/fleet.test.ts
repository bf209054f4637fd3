import { describe, expect, it } from 'vitest';
import { parseFaultSpec, snOf } from './fleet';

describe('parseFaultSpec', () => {
  it('reads a fault with and without a share', () => {
    expect(parseFaultSpec('paper-out:10%')).toEqual({ fault: 'paper-out', share: 0.1 });
    expect(parseFaultSpec('drop-ack')).toEqual({ fault: 'drop-ack', share: 1 });
    expect(parseFaultSpec('slow-ack:150%')).toEqual({ fault: 'slow-ack', share: 1 });
  });

  it('reads a count for faults that wear off', () => {
    expect(parseFaultSpec('ota-download-fail=3:20%')).toEqual({ fault: 'ota-download-fail', share: 0.2, count: 3 });
    expect(parseFaultSpec('ota-bad-checksum')).toEqual({ fault: 'ota-bad-checksum', share: 1 });
    expect(() => parseFaultSpec('ota-slow=0')).toThrow(/unknown fault/);
  });

  it('refuses unknown faults', () => {
    expect(() => parseFaultSpec('meltdown:5%')).toThrow(/unknown fault/);
    expect(() => parseFaultSpec('paper-out:x%')).toThrow(/unknown fault/);
  });
});

describe('snOf', () => {
  it('pads the number so S/Ns sort and stay valid', () => {
    expect(snOf('SIM', 42)).toBe('SIM000042');
  });
});
