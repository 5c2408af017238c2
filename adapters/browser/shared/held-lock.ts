/**
 * A Web Lock held for as long as something lives here. Another context that asks for the same
 * name is granted it only when it is released or this context ends (closed, crashed): the
 * one signal of another context's end that the browser always gives.
 */

/** Takes the lock `name` and resolves, once granted, with the function that releases it. */
export function holdLock(name: string): Promise<() => void> {
  return new Promise<() => void>((granted) => {
    void navigator.locks.request(name, () => new Promise<void>((release) => granted(release))).catch(() => undefined);
  });
}
