import type { Deps } from './deps';

/**
 * Every server's caches of these devices, and brokers that keep their own copy of device
 * credentials, are told when a device's eligibility changes (a device added, edited, disabled or
 * deleted, its account disabled or enabled, its manufacturer's certificate revoked). `kick`: the
 * devices lost it, so their connections are dropped for that reason (a kick brings a broker's copy
 * up to date as well). The invalidation goes first: a device kicked and coming straight back must
 * meet no server that still holds it as it was.
 */
export async function notifyChanged(deps: Deps, sns: string[], kick?: string) {
  await deps.invalidation.publish('device', sns);
  if (kick) await deps.gateway.kick(sns, kick);
  else await deps.gateway.deviceChanged?.(sns);
}
