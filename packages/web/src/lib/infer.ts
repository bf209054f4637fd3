/**
 * `z.infer` without a direct zod dependency in the console: the contract's schemas carry their
 * output type on `_zod.output` (zod 4).
 */
export type Infer<S> = S extends { _zod: { output: infer O } } ? O : never;
