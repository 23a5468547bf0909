import { useSyncExternalStore } from 'react';
import type { Escopo, Papel } from '../../contract';

export interface Session {
  access: string;
  username: string;
  /**
   * The user's role and what the session reaches, as the login answered them (issue 32). A session keeps both
   * for its life: changing a user's role ends their sessions. A session stored before roles existed has neither
   * (the SPA asks GET /api/eu/ then).
   */
  papel?: Papel;
  escopo?: Escopo;
}

const ACCESS_KEY = 'access';
const USERNAME_KEY = 'username';
const PAPEL_KEY = 'papel';
const ESCOPO_KEY = 'escopo';
const KEYS = [ACCESS_KEY, USERNAME_KEY, PAPEL_KEY, ESCOPO_KEY];

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  const access = localStorage.getItem(ACCESS_KEY);
  if (!access) return null;
  const papel = localStorage.getItem(PAPEL_KEY) as Papel | null;
  const escopo = localStorage.getItem(ESCOPO_KEY) as Escopo | null;
  return {
    access,
    username: localStorage.getItem(USERNAME_KEY) ?? '',
    ...(papel && { papel }),
    ...(escopo && { escopo }),
  };
}

function emit() {
  cached = read();
  for (const listener of listeners) listener();
}

function store(key: string, value: string | undefined) {
  if (value) localStorage.setItem(key, value);
  else localStorage.removeItem(key);
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
    store(PAPEL_KEY, value.papel);
    store(ESCOPO_KEY, value.escopo);
    emit();
  },
  logout() {
    for (const key of KEYS) localStorage.removeItem(key);
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
    if (event.key === null || KEYS.includes(event.key)) emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
