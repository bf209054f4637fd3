import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceStatus } from '@herald/contract';
import { mqttCredentials } from '@herald/contract/device-sign';
import { authenticateDevice, mayStayConnected } from '../src/modules/device-link/service';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { watchNamedStatements } from './named-statements';

/**
 * A fleet reconnecting at once (a restart, a broker failover) reads each device's credentials and
 * status twice per connect: the reads of the same moment go to the database as one statement.
 * The pool is watched for the named statements it runs.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let named: string[];

beforeAll(async () => {
  server = await startServer();
  named = watchNamedStatements(server);
});

afterAll(async () => {
  await server?.close();
});

describe("devices' connects read their devices together", () => {
  it('forty connects at once: one statement reads them all, and each gets its own answer', async () => {
    const { accountId } = await seedAccount(server);
    const model = (await seedModel(server, { type: 'printer' })).id;
    const fleet = await Promise.all(Array.from({ length: 40 }, () => seedDevice(server, accountId, model)));
    const disabled = await seedDevice(server, accountId, model, { status: DeviceStatus.DISABLED });
    const deleted = await seedDevice(server, accountId, model, { status: DeviceStatus.DELETED });

    named.splice(0);
    const connects = [...fleet, disabled, deleted].map((d) =>
      authenticateDevice(server.deps, mqttCredentials(d.sn, d.secret!)),
    );
    const unknown = authenticateDevice(server.deps, mqttCredentials('NOSUCH0001', 'x'));
    const results = await Promise.all([...connects, unknown]);

    expect(results.slice(0, 40).map((r) => (r.ok ? r.device.id : r))).toEqual(fleet.map((d) => d.id));
    expect(results.slice(40)).toEqual([
      { ok: false, refusal: 'deviceDisabled', sn: disabled.sn },
      { ok: false, refusal: 'unknownDevice', sn: deleted.sn },
      { ok: false, refusal: 'unknownDevice', sn: 'NOSUCH0001' },
    ]);
    expect(named.filter((n) => /auth/.test(n))).toEqual(['link.devices-auth']);

    // the second read of each connect (a disable that raced it), all at once
    named.splice(0);
    const stay = await Promise.all([...fleet, disabled].map((d) => mayStayConnected(server.deps, d.sn)));
    expect(stay).toEqual([...fleet.map(() => true), false]);
    expect(named.filter((n) => /auth/.test(n))).toEqual(['link.devices-auth']);
  });
});
