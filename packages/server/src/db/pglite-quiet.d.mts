/** See pglite-quiet.mjs. */
export function quiet(value: boolean): void;
