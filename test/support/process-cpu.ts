// The CPU time a process has used, user and system, read from /proc/PID/stat: what an input cost a server,
// whatever else the machine runs (a wait on a busy machine stretches with the load; CPU time does not).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** Clock ticks per second, the unit of /proc's times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds process `pid` has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command's name in parentheses (which may hold spaces): field 3 on, so utime (14) and stime (15)
  // are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
