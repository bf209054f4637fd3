import type { MqttClient } from 'mqtt';

const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';

type DynsecResponse = { responses: { command: string; error?: string; correlationData?: string }[] };

/** A thin client of Mosquitto's dynamic-security control topic. */
export class Dynsec {
  private seq = 0;
  private readonly waiting = new Map<string, (r: { error?: string }) => void>();
  constructor(private readonly client: MqttClient) {}

  async start() {
    this.client.on('message', (topic, payload) => {
      if (topic !== `${DYNSEC_TOPIC}/response`) return;
      const body = JSON.parse(payload.toString()) as DynsecResponse;
      for (const r of body.responses) {
        const done = r.correlationData ? this.waiting.get(r.correlationData) : undefined;
        if (done) {
          this.waiting.delete(r.correlationData!);
          done(r);
        }
      }
    });
    await this.client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
  }

  /** Run one command; resolves with its error string (undefined on success). */
  run(command: Record<string, unknown>): Promise<string | undefined> {
    const correlationData = `h${++this.seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(correlationData);
        reject(new Error(`dynamic-security: no answer to ${String(command.command)}`));
      }, 10_000);
      this.waiting.set(correlationData, (r) => {
        clearTimeout(timer);
        resolve(r.error);
      });
      this.client.publish(DYNSEC_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData }] }), { qos: 1 });
    });
  }

  /** Make the broker's copy of one device match Herald: a password lets it in, null keeps it out. */
  async apply(sn: string, password: string | null) {
    const role = `herald-device-${sn}`;
    if (password === null) {
      // disableClient also disconnects a connected session
      await this.run({ command: 'disableClient', username: sn });
      return;
    }
    await this.run({
      command: 'createRole',
      rolename: role,
      acls: [
        { acltype: 'publishClientSend', topic: `herald/${sn}/up/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/#`, allow: true },
      ],
    });
    const err = await this.run({
      command: 'createClient',
      username: sn,
      clientid: sn,
      password,
      roles: [{ rolename: role }],
    });
    if (err) {
      // already there: bring password and state up to date
      await this.run({ command: 'setClientPassword', username: sn, password });
      await this.run({ command: 'enableClient', username: sn });
    }
  }
}
