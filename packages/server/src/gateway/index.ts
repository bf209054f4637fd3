import type http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/deps';
import { startEmbeddedGateway } from './embedded';
import { startExternalGateway } from './external';
import type { HeldListener } from '../lib/held-mqtt-listener';
import type { Gateway } from './types';

/** The embedded broker by default; an external broker when MQTT_URL is set. */
export function startGateway(
  deps: Deps,
  opts: { httpServer: http.Server; log: FastifyBaseLogger; heldMqtt?: HeldListener },
): Promise<Gateway> {
  return deps.config.mqtt.url ? startExternalGateway(deps, opts) : startEmbeddedGateway(deps, opts);
}
