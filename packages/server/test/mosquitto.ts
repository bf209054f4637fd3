import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The system's Mosquitto for the external-broker tests. `npm test` installs it (scripts/test.sh);
 * anyone running these files without it gets a failure that says what to install, never a skip.
 */
export function mosquittoBinary(): string {
  const found = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => fs.existsSync(p));
  if (!found) throw new Error('Mosquitto is not installed: apt-get install mosquitto (npm test does it when root)');
  return found;
}

/** The dynamic-security plugin, wherever the distribution's multiarch directory puts it. */
export function dynsecPlugin(): string {
  const dirs = [
    '/usr/lib',
    ...fs
      .readdirSync('/usr/lib')
      .filter((d) => d.endsWith('-linux-gnu'))
      .map((d) => `/usr/lib/${d}`),
  ];
  const found = dirs.map((d) => `${d}/mosquitto_dynamic_security.so`).find((p) => fs.existsSync(p));
  if (!found) throw new Error('mosquitto_dynamic_security.so not found: the mosquitto package (2.0+) ships it');
  return found;
}

/**
 * The configuration of a Mosquitto with the dynamic-security plugin in `dir`, listening on
 * `port` (loopback), whose admin client is `admin` with the server's topics (it may also send
 * downlink and take uplink, docs/device-protocol.md § 12); `extra` lines go at the end. Returns
 * the configuration file's path.
 */
export function writeDynsecConfig(
  dir: string,
  admin: { user: string; password: string },
  port: number,
  extra: string[] = [],
): string {
  const dynsec = path.join(dir, 'dynsec.json');
  const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, admin.user, admin.password]);
  if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}`);
  const cfg = JSON.parse(fs.readFileSync(dynsec, 'utf8')) as { roles: { acls: object[] }[] };
  cfg.roles[0]!.acls.push(
    { acltype: 'publishClientSend', topic: 'herald/+/down/+', allow: true },
    { acltype: 'subscribePattern', topic: 'herald/+/up/+', allow: true },
  );
  fs.writeFileSync(dynsec, JSON.stringify(cfg));
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      // started as root, mosquitto would switch to its own user, which cannot read our temp dir
      `user ${os.userInfo().username}`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${dynsecPlugin()}`,
      `plugin_opt_config_file ${dynsec}`,
      'log_dest stderr',
      'log_type error',
      ...extra,
    ].join('\n') + '\n',
  );
  return conf;
}

/**
 * A Mosquitto with the dynamic-security plugin on a free loopback port, whose admin client is
 * `admin` (the server's broker user: it may also send downlink and take uplink, see
 * docs/device-protocol.md § 12). Stopped by `stop`, or when the test process exits.
 */
export async function startDynsecMosquitto(admin: { user: string; password: string }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-mosquitto-'));
  const port = await freePort();
  const conf = writeDynsecConfig(dir, admin, port);
  const child = spawn(mosquittoBinary(), ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.stderr!.on('data', (b: Buffer) => process.env.DEBUG_MOSQUITTO && process.stderr.write(b));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => resolve(false));
    });
    if (up) break;
    if (i > 200) throw new Error('mosquitto did not listen');
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    /** the broker's process (a test may stop it with SIGSTOP to leave a message unanswered) */
    pid: child.pid!,
    stop: () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return p;
}
