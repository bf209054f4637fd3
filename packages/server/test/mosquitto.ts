import fs from 'node:fs';

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
