/**
 * A publish refused because the gateway cannot reach the broker now (an external broker away):
 * the gateway logs the outage once, so callers need not log each refusal. In lib/ because the
 * modules the gateway calls into tell it apart too.
 */
export class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable';
}
