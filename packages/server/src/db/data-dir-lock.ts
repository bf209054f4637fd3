import fs from 'node:fs';

/**
 * One process at a time on an embedded database's folder. PGlite takes no lock of its own: a
 * second server started on the same folder (a second `npm start`, here while the first was still
 * stopping) opened it as well, both wrote, and every later start aborted inside PGlite. The lock
 * is a file beside the folder (`<dir>.lock`, not in it: PGlite creates its cluster only in an
 * empty folder) holding the owner's pid. A lock whose process is gone (killed, crashed) is taken
 * over; one whose process runs is refused with a message that says which.
 *
 * Returns the release, which the database's close calls (and process exit, as a last resort).
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return releaser(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = ownerOf(file);
    if (owner !== undefined && running(owner)) {
      throw new Error(
        `the embedded database in ${dir} is in use by process ${owner} (another Herald server?). ` +
          `Stop that one first; if process ${owner} is not Herald, remove ${file}.`,
      );
    }
    // its owner is gone: take it over
    fs.rmSync(file, { force: true });
  }
  throw new Error(`the embedded database in ${dir}: could not take its lock ${file}`);
}

function releaser(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // only our own lock: never one another process took over meanwhile
    if (ownerOf(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // gone meanwhile, or unreadable: nobody holds it
  }
}

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
