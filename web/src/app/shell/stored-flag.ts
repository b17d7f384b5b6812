import { useSyncExternalStore } from 'react';
import { pageSetting } from '../page-settings';

export interface StoredFlag {
  read(): boolean;
  write(value: boolean): void;
  useValue(): boolean;
}

/** An on/off setting kept in localStorage ('true'/'false') that components can subscribe to. */
export function createStoredFlag(key: string, defaultValue: boolean): StoredFlag {
  const listeners = new Set<() => void>();
  const read = () => {
    const saved = localStorage.getItem(key);
    return saved === null ? defaultValue : saved === 'true';
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    read,
    write(value) {
      localStorage.setItem(key, String(value));
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, read),
  };
}

/**
 * SPEC §4: test/mirror mode defaults to ON when nothing is saved, on a demo install; a server
 * running in production says to start it OFF. Client-side visibility only.
 */
export const testModeFlag = createStoredFlag('testMode', pageSetting('testModeDefault'));

/** The decorative smoke layer is opt-in. */
export const smokeEffectFlag = createStoredFlag('smokeEffect', false);
