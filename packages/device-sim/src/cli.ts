#!/usr/bin/env -S npx tsx
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Fleet, parseFaultSpec, type FaultSpec } from './fleet';

const usage = `Usage: npm run sim -- [options]

  --url URL            Herald's HTTP address (registration, log upload)   default http://127.0.0.1:8080
  --mqtt URL           broker address (mqtt://, mqtts://, ws://)          default mqtt://127.0.0.1:1883
  --count N            number of devices                                 default 10
  --model CODE         model code the devices register with              required
  --kind printer|speaker                                                  default printer
  --app-key K          application key (one-model-one-secret): register each device
  --app-secret S       application secret
  --secrets FILE       JSON {"<sn>": "<secret>"}: secrets of pre-provisioned devices (one-device-one-secret);
                       with --app-key, secrets issued by registration are added to it (Herald issues a
                       device's secret once: without the file a registered device cannot be started again)
  --sn-prefix P        S/N prefix                                        default SIM
  --first N            first S/N number                                  default 1
                       S/Ns are the prefix and a 6-digit number: SIM000001, SIM000002, ...
  --fault F[=C][:N%]   inject a fault on N% of the devices (all without N%); repeatable. Faults:
                         paper-out, cover-open, overheating, low-battery, slow-ack, drop-ack,
                         ota-download-fail   the next C downloads break off (default C=1: transient)
                         ota-bad-checksum    downloads do not verify (permanent unless =C)
                         ota-crash-install   connection drops mid-install, back on the old version
                         ota-never-returns   after 'rebooting' the device stays offline
                         ota-slow            slow downloads (pause after every chunk)
  --telemetry-ms MS    telemetry interval                                default 60000
  --no-state-events    report printer and battery changes only in telemetry (no state events)
  --ota-install-ms MS  how long installing an upgrade takes               default 200
  --ota-reboot-ms MS   how long a device is away rebooting after one      default 500
  --scenario FILE      JSON with any of the options above plus "timeline": [{"afterMs": 60000, "fault": "paper-out:5%"}]
  --log FILE           append what every device received (JSON lines)
`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    count: { type: 'string', default: '10' },
    model: { type: 'string' },
    kind: { type: 'string', default: 'printer' },
    'app-key': { type: 'string' },
    'app-secret': { type: 'string' },
    secrets: { type: 'string' },
    'sn-prefix': { type: 'string', default: 'SIM' },
    first: { type: 'string', default: '1' },
    fault: { type: 'string', multiple: true, default: [] },
    'telemetry-ms': { type: 'string', default: '60000' },
    'no-state-events': { type: 'boolean', default: false },
    'ota-install-ms': { type: 'string', default: '200' },
    'ota-reboot-ms': { type: 'string', default: '500' },
    scenario: { type: 'string' },
    log: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

type Scenario = Partial<Record<string, unknown>> & { timeline?: { afterMs: number; fault: string }[] };
const scenario: Scenario = values.scenario ? JSON.parse(fs.readFileSync(values.scenario, 'utf8')) : {};
const opt = (name: string) =>
  (scenario[name] !== undefined ? String(scenario[name]) : (values as Record<string, unknown>)[name]) as
    string | undefined;

if (values.help || !opt('model')) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const faults: FaultSpec[] = [...(values.fault ?? []), ...((scenario.faults as string[] | undefined) ?? [])].map(
  parseFaultSpec,
);
const secretsFile = opt('secrets');
const readSecrets = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const logStream = values.log ? fs.createWriteStream(values.log, { flags: 'a' }) : undefined;

const fleet = new Fleet({
  httpUrl: opt('url'),
  mqttUrl: opt('mqtt')!,
  count: Number(opt('count')),
  modelCode: opt('model')!,
  kind: opt('kind') === 'speaker' ? 'speaker' : 'printer',
  appKey: opt('app-key'),
  appSecret: opt('app-secret'),
  secrets: secretsFile && fs.existsSync(secretsFile) ? readSecrets(secretsFile) : undefined,
  onRegistered: secretsFile
    ? (sn, secret) => {
        const all = fs.existsSync(secretsFile) ? readSecrets(secretsFile) : {};
        fs.writeFileSync(secretsFile, `${JSON.stringify({ ...all, [sn]: secret }, null, 2)}\n`, { mode: 0o600 });
      }
    : undefined,
  snPrefix: opt('sn-prefix'),
  firstNumber: Number(opt('first')),
  faults,
  device: {
    telemetryIntervalMs: Number(opt('telemetry-ms')),
    stateEvents: String(opt('no-state-events')) !== 'true',
    otaInstallMs: Number(opt('ota-install-ms')),
    otaRebootMs: Number(opt('ota-reboot-ms')),
  },
  log: (line) => console.log(line),
});

fleet.on('received', (device, r) => {
  console.log(
    `${device.sn} ← ${r.kind}${r.cmd ? ` ${r.cmd}` : ''} ${r.id ?? ''} ${r.outcome}${r.code ? ` (${r.code})` : ''}`,
  );
  logStream?.write(`${JSON.stringify({ sn: device.sn, ...r })}\n`);
});

fleet.on('upgrade', (device, u) => {
  const last = u.steps.at(-1);
  console.log(
    `${device.sn} upgrade ${u.id} ${u.kind} ${u.name} ${u.from ?? '-'} → ${u.version}: ${u.outcome}` +
      (last?.reason ? ` (${last.reason}: ${last.message ?? ''})` : ''),
  );
  logStream?.write(`${JSON.stringify({ sn: device.sn, upgrade: u })}\n`);
});

console.log(`starting ${opt('count')} devices against ${opt('mqtt')} ...`);
await fleet.start();
for (const step of scenario.timeline ?? []) {
  setTimeout(() => {
    console.log(`scenario: ${step.fault}`);
    fleet.applyFaults([parseFaultSpec(step.fault)]);
  }, step.afterMs).unref();
}
const report = setInterval(() => {
  const s = fleet.stats();
  console.log(`online ${s.online}/${s.devices} · received ${s.received} · failed ${s.failed}`);
}, 10_000);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    clearInterval(report);
    console.log('stopping devices ...');
    void fleet.stop().finally(() => process.exit(0));
  });
}
