import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

function chmod(file: string, mode: number): void {
  try {
    fs.chmodSync(file, mode);
  } catch (err) {
    // Gone between the listing and now (a temporary file): nothing left to protect.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Creates the directory, or closes an existing one, to anyone but this user: nothing inside can be reached. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmod(dir, 0o700);
}

/**
 * Makes the data directory private to the server's user, whatever the umask and whoever created it (an older
 * version left PGlite's files at 0666): the directory and every folder in it 0700, every file 0600. Symbolic
 * links are left alone (chmod would follow them out of the directory).
 */
export function securePrivateDir(dir: string): void {
  ensurePrivateDir(dir);
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        chmod(file, 0o700);
        walk(file);
      } else if (entry.isFile()) {
        chmod(file, 0o600);
      }
    }
  };
  walk(dir);
}

/**
 * Whatever this process creates from now on is its user's alone, folders included. PGlite still unpacks its
 * initial files at 0666 and rewrites two at 0644 at each start, whatever the umask: securePrivateDir fixes those
 * once the database is open. Worker threads may not change the umask (they share the process's).
 */
export function restrictUmask(): void {
  if (isMainThread) process.umask(0o077);
}
