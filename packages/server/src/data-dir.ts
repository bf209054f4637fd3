import path from 'node:path';

/** DATA_DIR, absolute: read by config.ts and, before the config's imports are loaded, by main.ts. */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => path.resolve(env.DATA_DIR || './data');
