// What a verify run must never print: the key, every near-miss of it the run sends (key-near-misses.ts),
// and the password of a base URL given with userinfo. One redactor for every output of the run: the
// recorded exchanges, the progress lines, the report in every format, the command's own messages.
import { urlSecrets } from '../../src/shared/carried-credentials.ts';
import { redactorFor, type Redactor } from '../../src/shared/redact.ts';
import { nearMissSpellings } from './key-near-misses.ts';

interface Run {
  apiKey: string;
  baseUrl?: string;
  quickstartUrl?: string;
}

/** Asked for at every request: one redactor per run's options (the same object all run long). */
const ofRun = new WeakMap<Run, Redactor>();

export function runRedactor(run: Run): Redactor {
  let redactor = ofRun.get(run);
  if (!redactor) {
    redactor = redactorFor([
      run.apiKey,
      ...nearMissSpellings(run.apiKey),
      ...urlSecrets(run.baseUrl ?? ''),
      ...urlSecrets(run.quickstartUrl ?? ''),
    ]);
    ofRun.set(run, redactor);
  }
  return redactor;
}
