/** The methods of T (its function-valued public members). */
type MethodName<T> = { [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/** What a test lets a strict mock answer: some of T's methods, each with T's own signature. */
export type StrictAnswers<T> = Partial<Pick<T, MethodName<T>>>;

/** One call made to a strict mock: the method's name and the arguments it was given. */
export type StrictMockCall<T> = [method: MethodName<T>, args: unknown[]];

/** Thrown at the call itself, so the failure points at the unexpected collaborator call. */
export class UnexpectedCallError extends Error {
  constructor(label: string, method: string) {
    super(`strict mock: unexpected call to ${label}.${method}(); this test gave the method no answer`);
    this.name = 'UnexpectedCallError';
  }
}

const callLogs = new WeakMap<object, Array<[string, unknown[]]>>();

// Asked of any object by `await`, Jest's printer and matchers, and React: answering them with a
// throwing method would turn a harmless look into a failure (`await service.repo` must not throw).
const INTROSPECTED = new Set(['then', 'toJSON', 'asymmetricMatch', '$$typeof', 'nodeType', 'constructor']);

/**
 * A stand-in for a collaborator (a repository, a client) in a unit spec: the methods the test
 * answers behave as given; calling any other method throws an
 * UnexpectedCallError naming it, so a rule that reaches for the database when it should not
 * fails the test instead of passing on an accidental `undefined`.
 *
 *   const repository = strictMock<UsersRepository>('UsersRepository', {
 *     findByEmail: () => Promise.resolve(null),
 *   });
 */
export function strictMock<T extends object>(label: string, answers: StrictAnswers<T> = {}): T {
  const calls: Array<[string, unknown[]]> = [];
  const methods = new Map<string, (...args: unknown[]) => unknown>();
  for (const [name, answer] of Object.entries(answers) as Array<[string, (...args: unknown[]) => unknown]>) {
    if (typeof answer !== 'function')
      throw new TypeError(`strict mock: the answer for ${label}.${name} is not a function`);
    methods.set(name, (...args: unknown[]) => {
      calls.push([name, args]);
      return answer(...args);
    });
  }
  const mock = new Proxy(Object.create(null) as object, {
    get: (_, property) => {
      if (typeof property !== 'string') return undefined;
      const method = methods.get(property);
      if (method) return method;
      if (INTROSPECTED.has(property)) return undefined;
      return (...args: unknown[]) => {
        calls.push([property, args]);
        throw new UnexpectedCallError(label, property);
      };
    },
    has: (_, property) => typeof property === 'string' && methods.has(property),
    set: (_, property) => {
      throw new TypeError(`strict mock: ${label}.${String(property)} cannot be assigned; give it as an answer`);
    },
  });
  callLogs.set(mock, calls);
  return mock as T;
}

/**
 * Every call made to a strict mock so far, in order, as [method, args]: the unexpected ones too,
 * so `expect(callsTo(mock)).toEqual([])` holds even where the code under test swallows errors.
 */
export function callsTo<T extends object>(mock: T): StrictMockCall<T>[] {
  const calls = callLogs.get(mock);
  if (!calls) throw new TypeError('callsTo: not a strict mock');
  return calls.map(([method, args]) => [method as MethodName<T>, [...args]]);
}
