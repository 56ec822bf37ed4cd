/** `true` when A and B are the same type: each assignable to the other, optional and readonly alike. */
export type Exactly<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * Fails to compile unless its argument is `true`. For a schema kept beside a plain interface:
 * `export type XMatches = SameType<Exactly<z.infer<typeof xSchema>, X>>`.
 */
export type SameType<Check extends true> = Check;
