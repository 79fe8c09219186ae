// A PostgreSQL of the test's own (initdb in a temp directory), for tests that stop the database under a
// running server: the shared one on 5432 is never stopped.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface OwnPostgres {
  url: string;
  start: () => void;
  stop: () => void;
  /** Stops it (if running) and removes its directory. */
  remove: () => void;
}

export function createOwnPostgres(port: number): OwnPostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'own-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root (CI containers), run it as the postgres system user.
  const owner = process.getuid?.() === 0 ? systemUser('postgres') : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'ignore', ...owner });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  let running = false;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', ...args]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), 'start');
      running = true;
    },
    stop() {
      if (running) pgCtl('-m', 'immediate', 'stop');
      running = false;
    },
    remove() {
      this.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function systemUser(name: string): { uid: number; gid: number } {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name]).toString().trim()));
  return { uid: uid!, gid: gid! };
}
