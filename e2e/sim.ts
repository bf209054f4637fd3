import { VirtualDevice, type DeviceOptions } from '@herald/device-sim';

/**
 * A simulated device (the real protocol) on the test's broker, started, reconnecting within a
 * second. The caller keeps it before waiting for it online, so its afterAll stops it either way.
 */
export function startedDevice(mqttPort: number, d: Pick<DeviceOptions, 'sn' | 'secret' | 'kind'>): VirtualDevice {
  const device = new VirtualDevice({
    ...d,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    backoffMinMs: 200,
    backoffMaxMs: 1000,
  });
  device.start();
  return device;
}
