import type { EventEmitter } from 'node:events';
import type { Ack, DeviceEvent, UpKind } from '@herald/contract';
import type { DeviceState, Fault, Header, Received, Said, Settings } from './types';

/**
 * What the parts of a device (connection, jobs, OTA, push tasks, ...) share. The device builds
 * one and hands it to each part, so the parts reach one another only through it and the
 * device's public surface stays what tests and the CLI use.
 */
export type DeviceContext = {
  readonly sn: string;
  readonly opts: Settings;
  /** read through the device each time: a test may give the device a new state object */
  readonly state: DeviceState;
  /** the device itself, for its events */
  readonly events: EventEmitter;
  /** announcements played: jobs and a speaker's pushed messages both add to it */
  readonly said: Said[];
  send(kind: UpKind, payload: object): Promise<void>;
  sendEvent(e: Omit<DeviceEvent, 'v' | 'ts'>): void;
  /** an event that firmware without state events leaves to the telemetry */
  sendStateEvent(e: Omit<DeviceEvent, 'v' | 'ts'>): void;
  sendTelemetry(): Promise<void>;
  hasFault(fault: Fault): boolean;
  /** Is the fault on? Uses up one count of a counted fault. */
  takeFault(fault: Fault): boolean;
  record(r: Omit<Received, 'at'>): void;
  /** `first`: the answer to remember for a repeat of this id (a repeat is answered with it) */
  ack(
    header: Header,
    code: Ack['code'],
    message?: string,
    first?: boolean,
    data?: Record<string, unknown>,
  ): Promise<void>;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many ids a device remembers (answers, results, cancels): a bounded memory, oldest first out. */
export const SEEN_LIMIT = 1000;

/** Drop the oldest entry of an insertion-ordered map or set once it holds more than SEEN_LIMIT. */
export function forgetOldest(ids: Map<string, unknown> | Set<string>): void {
  if (ids.size > SEEN_LIMIT) ids.delete(ids.keys().next().value!);
}
