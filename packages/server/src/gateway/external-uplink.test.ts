import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { IPublishPacket, MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it, vi } from 'vitest';
import { topics } from '@herald/contract';
import { HELD, uplinkIntake } from './external-uplink';

/**
 * The intake on its own: the client is a connection whose bytes are read back as MQTT packets
 * (the PUBACKs the intake writes), the work one the test finishes when it likes. The real
 * broker and database are in test/external-broker.test.ts.
 */
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
const RESULT = topics.up('SN0001', 'result');
const TELEMETRY = topics.up('SN0001', 'telemetry');
const turn = () => new Promise((r) => setImmediate(r));

function connection() {
  const stream = new PassThrough();
  const acked: number[] = [];
  const parser = mqttPacket.parser({ protocolVersion: 5 });
  parser.on('packet', (p) => p.cmd === 'puback' && acked.push(p.messageId!));
  stream.on('data', (b: Buffer) => parser.parse(b));
  return { stream, acked };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function setup({ open = true, qos0MaxInWork = 10_000 } = {}) {
  let conn = connection();
  const client = { connected: true, stream: conn.stream } as unknown as MqttClient;
  const works: ReturnType<typeof deferred>[] = [];
  const handle = vi.fn(() => {
    const d = deferred();
    works.push(d);
    return d.promise;
  });
  const intake = uplinkIntake(() => client, handle, log, { qos0MaxInWork });
  if (open) intake.open();
  const deliver = (messageId: number, topic = RESULT) => {
    const done = vi.fn();
    intake.onQos1(topic, Buffer.from('{}'), { messageId, qos: 1 } as IPublishPacket, done);
    return done;
  };
  return {
    intake,
    handle,
    works,
    deliver,
    acked: () => conn.acked,
    /** the connection drops and MQTT.js opens another */
    reconnect(sessionPresent: boolean) {
      const old = conn;
      conn = connection();
      (client as { stream: unknown }).stream = conn.stream;
      intake.onConnect(sessionPresent);
      return old;
    },
  };
}

describe('the intake of an external broker', () => {
  it('answers a QoS 1 message only once its work is done', async () => {
    const s = setup();
    const done = s.deliver(7);
    expect(done).toHaveBeenCalledWith(HELD);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(1);
    expect(s.acked()).toEqual([]);
    s.works[0]!.resolve();
    await turn();
    expect(s.acked()).toEqual([7]);
  });

  it('answers other topics (the broker’s own control messages) at once', () => {
    const s = setup();
    const done = s.deliver(8, '$CONTROL/dynamic-security/v1/response');
    expect(done).toHaveBeenCalledWith(0);
    expect(s.handle).not.toHaveBeenCalled();
  });

  it('lets a copy sent again after a reconnect wait for the first delivery’s work, and answers it on the new connection', async () => {
    const s = setup();
    s.deliver(7);
    await turn();
    const old = s.reconnect(true);
    s.deliver(7);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(1);
    s.works[0]!.resolve();
    await turn();
    expect(old.acked).toEqual([]);
    expect(s.acked()).toEqual([7]);
  });

  it('forgets the ids of a session the broker did not keep: the same id is a new message', async () => {
    const s = setup();
    s.deliver(7);
    await turn();
    s.reconnect(false);
    s.deliver(7);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(2);
  });

  it('tries a failed write again and answers once it is stored', async () => {
    const s = setup();
    s.deliver(9);
    await turn();
    s.works[0]!.reject(new Error('database busy'));
    await vi.waitFor(() => expect(s.handle).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(s.acked()).toEqual([]);
    s.works[1]!.resolve();
    await turn();
    expect(s.acked()).toEqual([9]);
  });

  it('leaves a message whose write failed unanswered when it stops, for the broker to send again', async () => {
    const s = setup();
    s.deliver(9);
    await turn();
    s.works[0]!.reject(new Error('database busy'));
    await turn();
    await s.intake.close();
    expect(s.handle).toHaveBeenCalledTimes(1);
    expect(s.acked()).toEqual([]);
  });

  it('takes nothing new once stopping, telemetry included, and waits for the work under way', async () => {
    const s = setup();
    s.intake.onQos0(TELEMETRY, Buffer.from('{}'), { qos: 0 } as IPublishPacket);
    s.deliver(10);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(2);
    let stopped = false;
    const closing = s.intake.close().then(() => (stopped = true));
    // a fleet's telemetry does not stop because the server does
    for (let i = 0; i < 5; i++) s.intake.onQos0(TELEMETRY, Buffer.from('{}'), { qos: 0 } as IPublishPacket);
    expect(s.deliver(11)).toHaveBeenCalledWith(HELD);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(2);
    s.works[0]!.resolve();
    await turn();
    expect(stopped).toBe(false);
    s.works[1]!.resolve();
    await closing;
    await turn();
    expect(s.acked()).toEqual([10]);
  });

  it('stores nothing when it stops before it was opened (a start that failed)', async () => {
    const s = setup({ open: false });
    s.deliver(12);
    s.intake.onQos0(TELEMETRY, Buffer.from('{}'), { qos: 0 } as IPublishPacket);
    await turn();
    await s.intake.close();
    await turn();
    expect(s.handle).not.toHaveBeenCalled();
    expect(s.acked()).toEqual([]);
  });

  it('drops telemetry past a bound while earlier telemetry is still being written, and takes it again after', async () => {
    const s = setup({ qos0MaxInWork: 3 });
    const telemetry = () => s.intake.onQos0(TELEMETRY, Buffer.from('{}'), { qos: 0 } as IPublishPacket);
    for (let i = 0; i < 5; i++) telemetry();
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(3);
    s.works[0]!.resolve();
    await turn();
    telemetry();
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(4);
    // QoS 1 is not dropped: the broker's receive maximum bounds it
    s.deliver(13);
    await turn();
    expect(s.handle).toHaveBeenCalledTimes(5);
  });
});
