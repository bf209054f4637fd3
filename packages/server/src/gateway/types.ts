import type { DownKind } from '@herald/contract';

/**
 * The server's side of the broker, whichever broker it is (embedded Aedes, or an external one
 * reached through MQTT_URL). REST services talk to devices only through this; uplink goes the
 * other way, from the gateway into modules/device-link.
 */
export interface Gateway {
  /**
   * Publish a downlink message to one device (QoS from the contract's QOS table). Devices use
   * clean sessions: a message for a device that is not connected is dropped, so callers send to
   * online devices and keep a job pending until the device is back (the device's `online` flag).
   */
  publish(sn: string, kind: DownKind, payload: object): Promise<void>;
  /**
   * Drop devices' connections now (disabled, deleted, account disabled, certificate revoked): all
   * of them in one call, so that Mosquitto's dynamic security gets them in a few messages and their
   * presence ends in one statement, not a round trip each (an account's thousands).
   */
  kick(sns: readonly string[], reason: string): Promise<void>;
  /**
   * Tell the gateway that a device's credentials or eligibility changed (secret issued, enabled,
   * disabled, deleted, account enabled/disabled). Only a broker that keeps its own copy of device
   * credentials (Mosquitto dynamic security) needs it; elsewhere it does nothing.
   */
  deviceChanged?(sns: readonly string[]): Promise<void>;
  /**
   * Whether devices can be served now (readiness, GET /readyz): the broker is up, or the server's
   * connection to it is up and subscribed (a first reconcile of the devices' broker copies still
   * running is said in the detail, not counted as unready). Left out, the gateway counts as ready.
   */
  health?(): { ready: boolean; detail?: string };
  /**
   * Whether the broker's copy of every device's credentials has been brought up to date once since
   * the start (Mosquitto dynamic security: the first background reconcile); true where there is none.
   */
  provisioned?(): boolean;
  /** Ports and URLs devices use, for the docs page and the simulator. */
  endpoints(): { mqtt?: string; mqtts?: string; ws?: string };
  /**
   * Stop serving devices; what they started is finished and recorded first. `exiting`: the process
   * ends right after (main.ts), so the connections may be left to end with it (see the embedded broker).
   */
  close(opts?: { exiting?: boolean }): Promise<void>;
}
