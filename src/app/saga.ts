/**
 * A saga other sagas delegate to with yield*: typed by what it returns, whatever its effects answer (redux-saga
 * resolves each yielded effect to a different type, which a generator's single "next" type cannot express).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Saga<T = void> = Generator<unknown, T, any>;
