import { GatewayUnavailable } from '../lib/gateway-unavailable';
import type { Gateway } from './types';

/**
 * Stand-in used until the real gateway is started (and by tests that need no devices): every
 * device is unreachable.
 */
export const offlineGateway: Gateway = {
  publish: async () => {
    throw new GatewayUnavailable('gateway not started');
  },
  kick: async () => {},
  deviceChanged: async () => {},
  health: () => ({ ready: false, detail: 'gateway not started' }),
  endpoints: () => ({}),
  close: async () => {},
};
