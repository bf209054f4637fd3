import { PROTOCOL_VERSION, type Telemetry } from '@herald/contract';
import type { DeviceState, Settings } from './types';

/** The telemetry message of this moment; a mute whose time is up ends here. */
export function telemetryOf(s: DeviceState, kind: Settings['kind']): Telemetry {
  if (s.mutedUntil !== null && Date.now() >= s.mutedUntil) {
    s.muted = false;
    s.mutedUntil = null;
  }
  return {
    v: PROTOCOL_VERSION,
    ts: Date.now(),
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
