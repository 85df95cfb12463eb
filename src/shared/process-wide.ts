// State that must be one per process, however many copies of the kit a process loads. The package ships ESM
// and CommonJS builds, and a process may load both (a Jest setup file that requires the kit, a test that
// imports it): each build then has its own module state. What must not be doubled (the state files this
// process has locked, the names of its temporary files) lives on globalThis under a registered symbol, so
// every copy of the kit, of any build or version, finds the same value.

/** The value registered under `petstore-kit:<name>` for this process, created by `create` on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`petstore-kit:${name}`);
  const global = globalThis as unknown as Record<symbol, T | undefined>;
  return (global[key] ??= create());
}
