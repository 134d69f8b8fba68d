import { createStore, del, get, set, type UseStore, update } from "idb-keyval";

/**
 * The phone's own storage for what must outlive a closed tab or a lost signal: captures waiting to be sent and
 * the capture screen's lists (docs/decisions/0030). IndexedDB through idb-keyval (one database, one object
 * store, keys by prefix); where a browser has no IndexedDB the same calls keep the values in memory for as long
 * as the page is open.
 */
export type KeyValueStorage = {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Reads and writes in one transaction, so two updates never lose each other's change. */
  update<T>(key: string, change: (old: T | undefined) => T): Promise<void>;
  del(key: string): Promise<void>;
};

export const OFFLINE_DB = "fieldlead-offline";

export function indexedDbStorage(dbName = OFFLINE_DB): KeyValueStorage {
  let store: UseStore | null = null;
  const db = () => {
    store ??= createStore(dbName, "kv");
    return store;
  };
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    update: (key, change) => update(key, change, db()),
    del: (key) => del(key, db()),
  };
}

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, unknown>();
  // Copies in and out, as IndexedDB's structured clone does: nothing is shared with the caller.
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    get: async <T>(key: string) => copy(values.get(key) as T | undefined),
    set: async (key, value) => void values.set(key, copy(value)),
    update: async <T>(key: string, change: (old: T | undefined) => T) =>
      void values.set(key, copy(change(copy(values.get(key) as T | undefined)))),
    del: async (key) => void values.delete(key),
  };
}

let shared: KeyValueStorage | null = null;

/** The app's storage: IndexedDB where the browser has it. */
export function offlineStorage(): KeyValueStorage {
  shared ??= typeof indexedDB === "undefined" ? memoryStorage() : indexedDbStorage();
  return shared;
}

/** Tests start each case with empty storage. */
export function resetOfflineStorage(storage?: KeyValueStorage) {
  shared = storage ?? null;
}
