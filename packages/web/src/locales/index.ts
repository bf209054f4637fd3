import { messages, type Locale } from '@herald/contract';
import en_US from './en_US';
import zh_CN from './zh_CN';

export type Resource = { [key: string]: string | Resource };

/** Put a dotted key into a nested resource object. */
function setPath(target: Resource, key: string, value: string): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object') node = next;
    else node = node[part] = {};
  }
  node[parts[parts.length - 1]!] = value;
}

/** The server's message catalogue (validation.*, error.*) in the console's resources. */
function contractMessages(locale: Locale): Resource {
  const out: Resource = {};
  for (const [key, text] of Object.entries(messages)) setPath(out, key, text[locale]);
  return out;
}

function merge(a: Resource, b: Resource): Resource {
  const out: Resource = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
  }
  return out;
}

export const resources: Record<Locale, Resource> = {
  en_US: merge(contractMessages('en_US'), en_US),
  zh_CN: merge(contractMessages('zh_CN'), zh_CN),
};

/** Every dotted key of a resource (for the key-set test). */
export function flatKeys(r: Resource, prefix = ''): string[] {
  return Object.entries(r).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatKeys(v, `${prefix}${k}.`),
  );
}
