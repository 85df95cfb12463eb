// Delivers an answer shaped by a Prefer header or an armed fault (src/core/shaping) over node:http:
// the delay, a dropped connection (the socket destroyed, no answer), a body cut short after headers
// that promise all of it, or no answer at all (held until the client or the server closes).
import type { ServerResponse } from 'node:http';
import type { CoreResponse, Shaping } from '../core/index.ts';

export function deliverShaped(res: ServerResponse, response: CoreResponse, shaping: Shaping, send: () => void): void {
  const deliver = () => {
    if (res.destroyed) return;
    switch (shaping.transport) {
      case 'drop-connection':
        return void res.destroy();
      case 'never-respond':
        return;
      case 'truncated-body': {
        if (response.body === null) return void res.destroy();
        const body = Buffer.from(response.body);
        res.writeHead(response.status, { ...response.headers, 'content-length': String(body.length) });
        // The socket closes once the first half is flushed: the client sees a premature end of the body.
        return void res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      }
      default:
        send();
    }
  };
  if (!shaping.delayMs) return deliver();
  const timer = setTimeout(deliver, shaping.delayMs);
  // A client that gives up during the delay frees the timer at once.
  res.once('close', () => clearTimeout(timer));
}
