import type { DownKind } from '@herald/contract';

/**
 * The server's side of the broker, whichever broker it is (embedded Aedes, or an external one
 * reached through MQTT_URL). REST services talk to devices only through this; uplink goes the
 * other way, from the gateway into modules/device-link.
 */
export interface Gateway {
  /** Publish a downlink message to one device (QoS from the contract's QOS table). */
  publish(sn: string, kind: DownKind, payload: object): Promise<void>;
  /** Drop a device's connection now (disabled, deleted, account disabled, certificate revoked). */
  kick(sn: string, reason: string): Promise<void>;
  /** Ports and URLs devices use, for the docs page and the simulator. */
  endpoints(): { mqtt?: string; mqtts?: string; ws?: string };
  close(): Promise<void>;
}
