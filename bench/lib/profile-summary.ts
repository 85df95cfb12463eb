// Reads a V8 .cpuprofile (written by `node --cpu-prof`) and lists where the self time went: by
// function and by file, so "which of our lines cost what" is one glance, without DevTools.
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  share: number;
}

export async function summariseProfile(
  path: string,
  top = 25,
): Promise<{ byFunction: ProfileLine[]; byFile: ProfileLine[] }> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const [id, time] of selfTime) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    // Shares of busy time: idle time depends only on how long the server waited between runs.
    if (functionName === '(idle)') continue;
    const file = shorten(url) || '(native)';
    total += time;
    const name = `${functionName || '(anonymous)'}  ${file}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    byFile.set(file, (byFile.get(file) ?? 0) + time);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, share: time / (total || 1) }));
  return { byFunction: rank(byFunction), byFile: rank(byFile) };
}

export function formatSummary({ byFunction, byFile }: { byFunction: ProfileLine[]; byFile: ProfileLine[] }): string {
  const lines = (list: ProfileLine[]) =>
    list.map(({ name, share }) => `  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
  return [
    'Self time by function (share of busy time):',
    ...lines(byFunction),
    '',
    'Self time by file:',
    ...lines(byFile),
  ].join('\n');
}

function shorten(url: string): string {
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(src|node_modules|bench|contract-tests|mocks)\//, '$1/');
}
