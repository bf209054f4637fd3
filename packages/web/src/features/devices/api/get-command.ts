import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { DeviceCommand } from '@herald/contract';

/** Polled until the device acknowledged, failed, or the command expired unanswered. */
export const commandQuery = (deviceId: number, commandId: string) => ({
  queryKey: ['devices', deviceId, 'commands', commandId] as const,
  queryFn: () => call(devicesApi.getCommand, { params: { id: deviceId, commandId } }, { silent: true }),
  refetchInterval: (q: { state: { data?: DeviceCommand } }) =>
    q.state.data && q.state.data.status !== 'sent' ? false : 1500,
});
