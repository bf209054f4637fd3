import { PROTOCOL_VERSION, type Telemetry } from '@herald/contract';
import type { DeviceState, Settings } from './types';

/**
 * The `ts` of a state report: now, or a millisecond after the last one. Two reports of one
 * millisecond could be told apart only by their arrival, which several server processes do not
 * share (docs/device-protocol.md, "Alerts from state").
 */
export function reportTs(s: DeviceState): number {
  s.lastReportTs = Math.max(Date.now(), s.lastReportTs + 1);
  return s.lastReportTs;
}

/** The telemetry message of this moment; a mute whose time is up ends here. */
export function telemetryOf(s: DeviceState, kind: Settings['kind']): Telemetry {
  if (s.mutedUntil !== null && Date.now() >= s.mutedUntil) {
    s.muted = false;
    s.mutedUntil = null;
  }
  return {
    v: PROTOCOL_VERSION,
    ts: reportTs(s),
    battery: s.battery,
    network: s.network,
    freeMemory: s.freeMemory,
    firmware: s.firmware,
    resources: { ...s.resources },
    ...(kind === 'printer'
      ? {
          printer: {
            state: s.printerState,
            paperWidth: s.printParams.paperWidth,
            ...(s.startupLogo ? { logo: s.startupLogo } : {}),
          },
        }
      : {}),
    location: s.cells ? { cells: s.cells } : { gnss: { lat: s.location.lat, lng: s.location.lng, accuracy: 10 } },
    volume: s.volume,
    muted: s.muted,
    paused: s.paused,
  };
}
