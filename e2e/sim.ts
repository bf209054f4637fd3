import { VirtualDevice, type DeviceOptions } from '@herald/device-sim';

type Options = Omit<DeviceOptions, 'mqttUrl'>;

/**
 * A simulated device (the real protocol) on the test's broker, reconnecting within a second, not
 * yet started: for a test that sets its state or a fault first.
 */
export function simDevice(mqttPort: number, d: Options): VirtualDevice {
  return new VirtualDevice({ backoffMinMs: 200, backoffMaxMs: 1000, ...d, mqttUrl: `mqtt://127.0.0.1:${mqttPort}` });
}

/**
 * The same, started. The caller keeps it before waiting for it online, so its afterAll stops it
 * either way.
 */
export function startedDevice(mqttPort: number, d: Options): VirtualDevice {
  const device = simDevice(mqttPort, d);
  device.start();
  return device;
}
