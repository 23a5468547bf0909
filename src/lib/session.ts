import { useSyncExternalStore } from 'react';

export interface Session {
  access: string;
  username: string;
}

const ACCESS_KEY = 'access';
const USERNAME_KEY = 'username';

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  const access = localStorage.getItem(ACCESS_KEY);
  return access ? { access, username: localStorage.getItem(USERNAME_KEY) ?? '' } : null;
}

function emit() {
  cached = read();
  for (const listener of listeners) listener();
}

/** The stored login: the specification keeps the access token and the username in local storage. */
export const session = {
  get(): Session | null {
    if (cached === undefined) cached = read();
    return cached;
  },
  login(value: Session) {
    localStorage.setItem(ACCESS_KEY, value.access);
    localStorage.setItem(USERNAME_KEY, value.username);
    emit();
  },
  logout() {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(USERNAME_KEY);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === ACCESS_KEY || event.key === USERNAME_KEY) emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
