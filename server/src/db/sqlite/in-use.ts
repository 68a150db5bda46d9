import fs from 'node:fs';

/**
 * How many other processes of this machine have the database file open (Linux: their /proc fd
 * links; elsewhere it cannot be told and is 0). A SQLite database is only ever used on one machine.
 */
export function sqliteOtherProcesses(file: string): number {
  if (process.platform !== 'linux') return 0;
  const target = fs.realpathSync(file);
  let found = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    const opens = fds.some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
      } catch {
        return false;
      }
    });
    if (opens) found++;
  }
  return found;
}
