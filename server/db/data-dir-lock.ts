/**
 * One owner per data folder: the process that starts the embedded PostgreSQL on DATA_DIR holds
 * DATA_DIR/fieldops.lock for its whole life, and a second start on the same folder refuses before it
 * touches anything (it never takes the first server's postmaster for a crash leftover).
 *
 * Why a lock file and not flock/fcntl: Node has no binding for advisory file locks, and a native addon
 * (fs-ext and the like) is a compiler dependency this product avoids. So the lock is a file created
 * atomically (a hard link of a fully written temporary file: it fails with EEXIST like O_EXCL, and a
 * reader never sees a half-written record), holding the owner's identity: pid, the kernel's start time
 * of that pid, the boot id and the host (./process-identity.ts). The kernel does not release it when the
 * owner dies, so staleness is judged from that identity: the lock is stale only when its process is gone
 * (dead pid, a pid reused by another process, or a record from before a reboot). A record from another
 * host (a shared network folder) cannot be judged and is refused.
 *
 * Breaking a stale lock is the one racy step: two new servers may find the same stale file. Each breaks
 * it only under a short-lived guard file (DATA_DIR/fieldops.lock.break, created exclusively), and only if
 * the lock still holds the very record it judged stale; then both race to create the lock anew and one
 * wins. A guard older than 10 s belongs to a breaker that died within its few system calls and is removed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { currentIdentity, isProcessIdentity, livenessOf, type ProcessIdentity } from './process-identity';

export const LOCK_FILE = 'fieldops.lock';
const GUARD_STALE_MS = 10_000;

/** Another process owns DATA_DIR: the start must stop here, with a message saying who. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  /** Exit code of a refused start, distinct from other start failures (1) so a supervisor can tell. */
  readonly exitCode = 2;
  constructor(
    message: string,
    readonly holder: ProcessIdentity | undefined,
  ) {
    super(message);
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still ours. Synchronous so it can run in a process 'exit' handler. */
  release(): void;
}

function describe(holder: ProcessIdentity): string {
  return `process ${holder.pid} on ${holder.host} (started ${holder.startedAt}: ${holder.command})`;
}

function readLock(file: string): { raw: string; holder: ProcessIdentity | undefined } | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return { raw, holder: isProcessIdentity(parsed) ? parsed : undefined };
  } catch {
    return { raw, holder: undefined };
  }
}

/** Creates `file` holding `content`, failing with EEXIST if it exists; never visible half-written. */
function createExclusive(file: string, content: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(temp, content, { mode: 0o644, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    // Filesystems without hard links (some FUSE and FAT mounts): O_EXCL create, then write.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM' && (error as NodeJS.ErrnoException).code !== 'ENOTSUP') throw error;
    fs.writeFileSync(file, content, { mode: 0o644, flag: 'wx' });
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes the lock if it still holds `staleRaw` (the record judged stale); the caller then tries again. */
function breakStale(file: string, staleRaw: string): void {
  const guard = `${file}.break`;
  try {
    createExclusive(guard, JSON.stringify(currentIdentity()));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    return; // another breaker is at work: look again
  }
  try {
    if (readLock(file)?.raw === staleRaw) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes DATA_DIR's lock or throws DataDirLockedError naming the holder. `log` hears about a stale lock
 * taken over (the owner died without releasing it).
 */
export async function acquireDataDirLock(dataDir: string, log: (message: string) => void): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const me = currentIdentity();
  const content = JSON.stringify(me, null, 2) + '\n';
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      createExclusive(file, content);
      return {
        file,
        release() {
          // Only our own record: after a takeover the file may belong to a successor.
          if (readLock(file)?.raw === content) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readLock(file);
    if (!found) continue; // released between our create and our read
    const { raw, holder } = found;
    if (!holder) {
      // Not a record this product writes: someone else's file, or a hand edit. Never guess.
      throw new DataDirLockedError(`DATA_DIR ${dataDir} is locked by ${file}, which holds no process record this server understands. If no FieldOps server uses this folder, delete that file.`, undefined);
    }
    // Our own pid: this very process (a second acquire, a bug) only if the start times say so; without
    // them (no /proc) it is a predecessor that had our pid, since no other live process can have it.
    const ownPid = holder.pid === me.pid && holder.host === me.host;
    const liveness = ownPid ? (me.startTicks !== undefined && holder.startTicks === me.startTicks ? 'self' : 'gone') : livenessOf(holder);
    if (liveness === 'self') throw new DataDirLockedError(`DATA_DIR ${dataDir} is already locked by this process (${me.pid}).`, holder);
    if (liveness === 'alive') {
      throw new DataDirLockedError(`DATA_DIR ${dataDir} is in use by FieldOps ${describe(holder)}. One data folder has one server: stop that one first, or choose another DATA_DIR.`, holder);
    }
    if (liveness === 'unknown') {
      throw new DataDirLockedError(`DATA_DIR ${dataDir} is locked by ${describe(holder)}, another host, which this server cannot check. If no server there uses this folder, delete ${file}.`, holder);
    }
    log(`DATA_DIR lock: taking over ${file} from ${describe(holder)}, which is gone`);
    breakStale(file, raw);
    await pause(20 + Math.random() * 30);
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir}: could not take ${file} (other servers keep racing for it).`, undefined);
}
