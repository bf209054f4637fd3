import type { MqttClient } from 'mqtt';

const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
/** how long the broker may take per message, plus a little per command (it saves its file after each change) */
const ANSWER_MS = 10_000;
const ANSWER_MS_PER_COMMAND = 20;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export type DynsecAnswer = { command: string; error?: string; data?: Record<string, unknown> };
type DynsecResponse = { responses: (DynsecAnswer & { correlationData?: string })[] };

/** A broker's copy of one client (getClient). */
export type DynsecClient = {
  username: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
};

/**
 * A thin client of Mosquitto's dynamic-security control topic. Several commands travel in one
 * message (`{"commands": [...]}`) and are answered in one; each answer is matched by its
 * correlation data.
 */
export class Dynsec {
  private seq = 0;
  private readonly waiting = new Map<string, (r: DynsecAnswer) => void>();
  private readonly aborts = new Set<(err: Error) => void>();
  private cancelled = false;
  /**
   * @param canSend whether this connection's subscription to the answers is in place now (the server
   *   passes its broker link's readiness: after a reconnection the answers' subscription comes back a
   *   round trip after the CONNACK, and an answer sent before it reaches nobody)
   */
  constructor(
    private readonly client: MqttClient,
    private readonly canSend: () => boolean = () => true,
  ) {}

  async start() {
    this.client.on('message', (topic, payload) => {
      if (topic !== `${DYNSEC_TOPIC}/response`) return;
      const body = JSON.parse(payload.toString()) as DynsecResponse;
      for (const { correlationData, ...r } of body.responses) {
        const done = correlationData ? this.waiting.get(correlationData) : undefined;
        if (done) {
          this.waiting.delete(correlationData!);
          done(r);
        }
      }
    });
    // A batch's answers come to this connection's subscription: once the connection closes they
    // never will (a broker restart, a failover), and waiting out the answer timeout held the devices
    // of the batch, so a change to one of them (an account disabled) waited behind it. Seen in
    // the fault harness: a reconcile in flight through a broker restart held a disable for 56 s.
    this.client.on('close', () => this.fail(new Error('dynamic-security: the connection to the broker closed')));
    await this.client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
  }

  /** Run commands in one message; the answers in the same order. */
  async batch(commands: DynsecCommand[]): Promise<DynsecAnswer[]> {
    if (commands.length === 0) return [];
    if (this.cancelled) throw new Error('dynamic-security: closing');
    // not queued in MQTT.js meanwhile: its answer would go to a subscription that is not there yet
    if (!this.client.connected || !this.canSend()) throw new Error('dynamic-security: not connected to the broker');
    const ids = commands.map(() => `h${++this.seq}`);
    const answers = ids.map((id) => new Promise<DynsecAnswer>((resolve) => this.waiting.set(id, resolve)));
    let timer: NodeJS.Timeout | undefined;
    let abort: ((err: Error) => void) | undefined;
    const failed = new Promise<never>((_, reject) => {
      abort = reject;
      const what = `${commands.length} command(s) (${commands[0]!.command} …)`;
      timer = setTimeout(
        () => reject(new Error(`dynamic-security: no answer to ${what}`)),
        ANSWER_MS + ANSWER_MS_PER_COMMAND * commands.length,
      );
    });
    this.aborts.add(abort!);
    try {
      const message = { commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) };
      // QoS 0: a message MQTT.js has not had acknowledged would be sent again after a reconnection
      // (QoS 1 stays in its outgoing store), when the batch has failed and its devices are no longer
      // held, and could then undo a newer change. Its fate is decided by its answers, the
      // connection's close or the timeout, never by a delivery retry.
      await Promise.race([this.client.publishAsync(DYNSEC_TOPIC, JSON.stringify(message), { qos: 0 }), failed]);
      return await Promise.race([Promise.all(answers), failed]);
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort!);
      for (const id of ids) this.waiting.delete(id);
    }
  }

  /** Fail every batch still waiting for its answers, and any later one (the connection is closing). */
  cancel(): void {
    this.cancelled = true;
    this.fail(new Error('dynamic-security: closing'));
  }

  /** Fail every batch still waiting for its answers. */
  private fail(err: Error): void {
    for (const abort of this.aborts) abort(err);
  }

  /** Run one command; resolves with its error string (undefined on success). */
  async run(command: DynsecCommand): Promise<string | undefined> {
    return (await this.batch([command]))[0]!.error;
  }

  /** The broker's copies of these clients (absent: not there), read in one message. */
  async getClients(usernames: string[]): Promise<Map<string, DynsecClient>> {
    const answers = await this.batch(usernames.map((username) => ({ command: 'getClient', username })));
    const out = new Map<string, DynsecClient>();
    answers.forEach((a, i) => {
      const client = a.data?.client as DynsecClient | undefined;
      if (!a.error && client) out.set(usernames[i]!, client);
    });
    return out;
  }
}
