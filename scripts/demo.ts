// `npm run demo`: Herald on its embedded defaults (database in ./data-demo), demo data, and a
// simulated fleet of printers and speakers that register themselves and come online.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import { Fleet } from '@herald/device-sim';
import { createServer } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { accounts, applications, models, users } from '../packages/server/src/db/schema';
import { hashPassword, randomToken } from '../packages/server/src/lib/crypto';
import { defaultAccountPermissions } from '../packages/server/src/modules/auth/permissions';
import { createDefaultGroup } from '../packages/server/src/modules/groups/repo';

const root = path.resolve(import.meta.dirname, '..');
const DEMO = {
  account: 'Demo Shop',
  username: 'demo',
  password: 'Demo@12345',
  operatorPassword: 'Admin@12345',
  printers: 12,
  speakers: 8,
};

/** A small solid-colour PNG (model images are required). */
function png(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (
  !fs.existsSync(path.join(root, 'packages/web/dist/index.html')) &&
  fs.existsSync(path.join(root, 'packages/web/index.html'))
) {
  console.log('Building the console (first run) ...');
  spawnSync('npm', ['run', 'build', '-w', '@herald/web'], { cwd: root, stdio: 'inherit' });
}

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data-demo'),
  HERALD_ADMIN_PASSWORD: process.env.HERALD_ADMIN_PASSWORD || DEMO.operatorPassword,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
const db = server.deps.db;

// ── demo data (idempotent: a second run reuses it) ───────────────────────
let [account] = await db.select().from(accounts).where(eq(accounts.name, DEMO.account));
if (!account) {
  [account] = await db
    .insert(accounts)
    .values({
      name: DEMO.account,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '01',
      subjectType: 'business',
      subjectName: DEMO.account,
      permissions: defaultAccountPermissions(),
    })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({
      side: 'ac',
      accountId: account!.id,
      username: DEMO.username,
      email: 'demo@herald.local',
      name: 'Demo admin',
      passwordHash: await hashPassword(DEMO.password),
      status: UserStatus.ENABLED,
      isSuperAdmin: true,
    })
    .returning();
  await db.update(accounts).set({ adminUserId: admin!.id }).where(eq(accounts.id, account!.id));
}
await createDefaultGroup(db, account!.id);

async function model(code: string, name: string, type: string, rgb: [number, number, number]) {
  const [m] = await db.select().from(models).where(eq(models.code, code));
  if (m) return m;
  const [created] = await db
    .insert(models)
    .values({ code, name, type, image: png(64, rgb), imageMime: 'image/png', description: 'Demo model' })
    .returning();
  return created!;
}
const printer = await model('DEMO-P58', 'Demo receipt printer 58 mm', 'printer', [47, 84, 235]);
const speaker = await model('DEMO-S1', 'Demo payment speaker', 'speaker', [250, 140, 22]);

let [app] = await db
  .select()
  .from(applications)
  .where(and(eq(applications.accountId, account!.id), eq(applications.name, 'Demo devices')));
if (!app) {
  [app] = await db
    .insert(applications)
    .values({
      accountId: account!.id,
      name: 'Demo devices',
      type: 3,
      accessType: 1,
      autoRegister: true,
      appKey: `demo${randomToken(6)}`,
      appSecret: randomToken(24),
      signKey: randomToken(24),
    })
    .returning();
}

// ── the simulated fleet ──────────────────────────────────────────────────
const httpUrl = `http://127.0.0.1:${config.port}`;
const mqttUrl = server.deps.gateway.endpoints().mqtt!;
const common = {
  httpUrl,
  mqttUrl,
  appKey: app!.appKey,
  appSecret: app!.appSecret,
  device: { telemetryIntervalMs: 30_000 },
};
const fleets = [
  new Fleet({
    ...common,
    count: DEMO.printers,
    modelCode: printer.code,
    kind: 'printer',
    snPrefix: 'DEMOP',
    faults: [{ fault: 'paper-out', share: 0.1 }],
  }),
  new Fleet({
    ...common,
    count: DEMO.speakers,
    modelCode: speaker.code,
    kind: 'speaker',
    snPrefix: 'DEMOS',
    faults: [{ fault: 'low-battery', share: 0.25 }],
  }),
];
for (const f of fleets) {
  f.on('received', (d, r) =>
    console.log(`  device ${d.sn} ← ${r.cmd ?? r.kind} (${r.outcome}${r.code ? `, ack ${r.code}` : ''})`),
  );
  await f.start();
}
const all = fleets.flatMap((f) => f.devices);
await Promise.all(all.map((d) => d.waitOnline(60_000).catch(() => {})));

console.log(`
Herald demo is running.

  console      ${config.publicUrl}
  account      ${DEMO.account}: sign in as ${DEMO.username} / ${DEMO.password}
  operator     admin / ${DEMO.operatorPassword} (asks for a new password at first sign-in)
  devices      ${all.filter((d) => d.online).length}/${DEMO.printers + DEMO.speakers} simulated devices online (printers DEMOP…, speakers DEMOS…)
  MQTT         ${mqttUrl}  (application key ${app!.appKey})
  data         ${config.dataDir}

Commands sent from the console show up below. Ctrl-C stops everything.
`);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void (async () => {
      await Promise.all(fleets.map((f) => f.stop()));
      await server.close();
      process.exit(0);
    })();
  });
}
