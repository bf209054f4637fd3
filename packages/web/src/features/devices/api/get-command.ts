import type { DeviceCommand } from '@herald/contract';
import { get } from '../../../lib/http';

/** Polled until the device acknowledged, failed, or the command expired unanswered. */
export const commandQuery = (deviceId: number, commandId: string) => ({
  queryKey: ['devices', deviceId, 'commands', commandId] as const,
  queryFn: () => get<DeviceCommand>(`/v1/devices/${deviceId}/commands/${commandId}`, undefined, { silent: true }),
  refetchInterval: (q: { state: { data?: DeviceCommand } }) =>
    q.state.data && q.state.data.status !== 'sent' ? false : 1500,
});
