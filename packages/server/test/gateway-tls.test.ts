import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttCredentials } from '@herald/contract/device-sign';
import { certificates } from '../src/db/schema';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedManufacturer, seedModel } from './devices-fixture';

/** MQTT over TLS with X.509 client certificates checked against the manufacturer's imported ones. */
type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let dir: string;
let url: string;

function selfSigned(name: string) {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), keyPath: key, certPath: cert };
}

async function importCert(manufacturerId: number, pem: Buffer, revoked = false) {
  const x = new X509Certificate(pem);
  await server.deps.db.insert(certificates).values({
    manufacturerId,
    serialNumber: x.serialNumber,
    issuer: x.issuer,
    subject: x.subject,
    fingerprint: x.fingerprint256,
    pem: pem.toString(),
    validFrom: new Date(x.validFrom),
    validTo: new Date(x.validTo),
    revokedAt: revoked ? new Date() : null,
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-tls-'));
  const broker = selfSigned('localhost');
  server = await startServer({ MQTT_TLS_PORT: '0', MQTT_TLS_CERT: broker.certPath, MQTT_TLS_KEY: broker.keyPath });
  url = server.deps.gateway.endpoints().mqtts!;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const connectTls = (sn: string, secret: string, client?: { key: Buffer; cert: Buffer }) =>
  new Promise<number>((resolve) => {
    const c = mqtt.connect(url, {
      ...mqttCredentials(sn, secret),
      protocolVersion: 4,
      reconnectPeriod: 0,
      rejectUnauthorized: false, // the test broker's certificate is self-signed
      ...(client ?? {}),
    });
    c.once('connect', () => (c.end(true), resolve(0)));
    c.once('error', (err) => (c.end(true), resolve((err as { code?: number }).code ?? -1)));
  });

describe('MQTT over TLS', () => {
  it('checks a presented client certificate against the manufacturer', async () => {
    const { accountId } = await seedAccount(server);
    const model = await seedModel(server);
    const maker = await seedManufacturer(server, 100);
    const other = await seedManufacturer(server, 100);
    const good = selfSigned('good-device');
    const revoked = selfSigned('revoked-device');
    const foreign = selfSigned('foreign-device');
    const unknown = selfSigned('unknown-device');
    await importCert(maker.id, good.cert);
    await importCert(maker.id, revoked.cert, true);
    await importCert(other.id, foreign.cert);
    const dev = await seedDevice(server, accountId, model.id, { manufacturerId: maker.id });

    expect(await connectTls(dev.sn, dev.secret!)).toBe(0); // no certificate: HMAC alone
    expect(await connectTls(dev.sn, dev.secret!, good)).toBe(0);
    expect(await connectTls(dev.sn, dev.secret!, revoked)).toBe(5);
    expect(await connectTls(dev.sn, dev.secret!, foreign)).toBe(5);
    expect(await connectTls(dev.sn, dev.secret!, unknown)).toBe(5);
    expect(await connectTls(dev.sn, 'wrong', good)).toBe(4);
  });
});
