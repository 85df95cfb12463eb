// The flags that say who may reach a local server, shared by `serve` and `proxy`: which Host names it
// answers besides loopback (DNS rebinding), and which pages may call its admin API (CORS).
import { UsageError } from './usage-error.ts';

/** `--allowed-host`: a host name or address, or `.domain` for a domain and its subdomains. */
export function allowedHost(text: string): string {
  const name = text.startsWith('.') ? text.slice(1) : text;
  if (!URL.canParse(`http://${name}`) || new URL(`http://${name}`).host !== name.toLowerCase())
    throw new UsageError(`--allowed-host: expected a host name such as app.test or .example.test, got "${text}"`);
  return text.toLowerCase();
}

/** `--admin-origin`: an origin as browsers send it (scheme, host and port; no path). */
export function adminOrigin(text: string): string {
  const origin = URL.canParse(text) ? new URL(text).origin : 'null';
  if (origin === 'null' || origin !== text.replace(/\/$/, ''))
    throw new UsageError(`--admin-origin: expected an origin such as http://localhost:5173, got "${text}"`);
  return origin;
}
