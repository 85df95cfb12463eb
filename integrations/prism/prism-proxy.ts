// `prism proxy` as an independent judge of a live API: traffic sent to `baseUrl` goes
//   client → front relay → prism proxy → back relay → target
// Prism validates each request and each target response against the spec and says what it found in the
// `sl-violations` header, which the front relay collects. The back relay exists because Prism has a
// single upstream, while the quickstart may live on another server. Prism runs WITHOUT --errors: with
// it, Prism answers invalid requests itself (422/401) instead of forwarding them, which would hide the
// target's own answers to the deliberately invalid requests of the conformance suite.
import { parseJsonExact, stringifyJsonExact } from '../../src/shared/exact-json.ts';
import { loadSpec } from '../shared/spec-files.ts';
import { serverBasePath } from '../../src/openapi/server-base-path.ts';
import { derivePrismSpec, writeTempSpec } from './derive-prism-spec.ts';
import { parseViolationsHeader, type PrismViolation } from './parse-violations.ts';
import { joinUrl, startRelay, type Relay } from './relay.ts';
import { spawnPrism, type PrismProcess } from './spawn-prism.ts';
import { QUICKSTART_PATH } from '../../src/shared/mount-paths.ts';

export type { PrismViolation } from './parse-violations.ts';

export interface PrismProxyOptions {
  /** Base URL of the API under test, including its base path, e.g. http://127.0.0.1:4010/v1. */
  target: string;
  /** Base URL of the quickstart server. Default: the target's origin + `/quickstart`, as our mock serves it. */
  quickstartTarget?: string;
  /** The contract. Default: spec/petstore.openapi.yaml of this package. */
  specPath?: string;
}

export interface PrismProxy {
  /** Send Pet Store traffic here (origin of the proxy + `/v1`). */
  baseUrl: string;
  /** Send quickstart traffic here (origin of the proxy + `/quickstart`). */
  quickstartUrl: string;
  /**
   * Everything Prism reported so far, in arrival order. `source: 'request'` entries are expected for
   * requests that are invalid on purpose (no key, bad body); `source: 'response'` ones are the target's fault.
   */
  violations(): PrismViolation[];
  close(): Promise<void>;
}

/** Starts the validating proxy in front of `target`. Always `close()` it (it owns a child process). */
export async function startPrismProxy(options: PrismProxyOptions): Promise<PrismProxy> {
  const source = await loadSpec(options.specPath);
  const basePath = serverBasePath(source.servers?.[0]);
  const quickstartPath = QUICKSTART_PATH;
  const target = new URL(options.target);
  const quickstartTarget = options.quickstartTarget ?? `${target.origin}${quickstartPath}`;
  const found: PrismViolation[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };

  try {
    const spec = await writeTempSpec(
      derivePrismSpec(source, { basePath, quickstartPath }),
      'petstore.prism-proxy.yaml',
    );
    cleanups.push(spec.remove);
    const back: Relay = await startRelay({
      route: (_, pathAndQuery) => {
        const [mount, upstream] = under(pathAndQuery, quickstartPath)
          ? [quickstartPath, quickstartTarget]
          : [basePath, options.target];
        if (under(pathAndQuery, mount)) return joinUrl(upstream, pathAndQuery.slice(mount.length));
        return joinUrl(target.origin, pathAndQuery); // outside both mounts: the target's server answers as it will
      },
    });
    cleanups.push(back.close);
    const prism: PrismProcess = await spawnPrism('proxy', [spec.path, back.url], {
      args: ['--errors=false', '--cors=false'],
    });
    cleanups.push(prism.stop);
    const front: Relay = await startRelay({
      bufferBodies: true,
      route: (method, pathAndQuery, body, headers) => {
        const unfit = jsonPrismCannotRelay(headers?.['content-type'], body);
        if (!unfit) return joinUrl(prism.url, pathAndQuery);
        // Prism parses JSON bodies itself: it answers a malformed one with its own 400
        // ({"error":{"code":"invalid_json"}}), and forwards the others re-serialised, so an int64 beyond
        // 2^53 or 1.0000000000000000001 reaches the target rounded. Either way the target's answer to
        // what was sent would be hidden: such requests go straight to the target, unjudged by Prism.
        found.push({
          method,
          path: pathAndQuery,
          message: unfit,
          severity: 'Information',
          source: 'request',
          location: ['request', 'body'],
        });
        return joinUrl(back.url, pathAndQuery);
      },
      onResponse: (method, pathAndQuery, response) => {
        const header = response.headers['sl-violations'];
        found.push(...parseViolationsHeader(method, pathAndQuery, Array.isArray(header) ? header.join(',') : header));
      },
    });
    cleanups.push(front.close);
    return {
      baseUrl: `${front.url}${basePath}`,
      quickstartUrl: `${front.url}${quickstartPath}`,
      violations: () => [...found],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const MALFORMED_JSON_NOTE =
  'request.body is not valid JSON, which Prism cannot parse: sent to the target directly, unjudged by Prism';
const ROUNDED_JSON_NOTE =
  'request.body holds numbers a double cannot carry exactly, which Prism would round when it re-encodes the body: sent to the target directly, unjudged by Prism';

/** Why a JSON-labelled body cannot pass through Prism unchanged (it is malformed, or Prism would round it); undefined when it can. */
function jsonPrismCannotRelay(contentType: string | undefined, body: Buffer | undefined): string | undefined {
  if (!body || body.length === 0 || !/^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '')) return undefined;
  const text = body.toString('utf8');
  let rounded: unknown;
  try {
    rounded = JSON.parse(text);
  } catch {
    return MALFORMED_JSON_NOTE;
  }
  return stringifyJsonExact(parseJsonExact(text)) === JSON.stringify(rounded) ? undefined : ROUNDED_JSON_NOTE;
}

function under(pathAndQuery: string, mount: string): boolean {
  if (mount === '') return true;
  const rest = pathAndQuery.slice(mount.length);
  return pathAndQuery.startsWith(mount) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'));
}
