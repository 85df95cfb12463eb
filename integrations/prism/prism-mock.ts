// Prism's spec-only mock of the Pet Store, mounted like our stateful mock (/v1, /quickstart), so a
// frontend can switch between the two by changing only the origin.
import { loadSpec } from '../shared/spec-files.ts';
import { serverBasePath } from '../../src/openapi/server-base-path.ts';
import { derivePrismSpec, writeTempSpec } from './derive-prism-spec.ts';
import { spawnPrism } from './spawn-prism.ts';
import { QUICKSTART_PATH } from '../../src/shared/mount-paths.ts';

export interface PrismMockOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Dynamic mode: bodies generated from the schemas by json-schema-faker on every call, instead of static examples. */
  dynamic?: boolean;
  /** Seed for dynamic mode, so generated bodies repeat across runs. */
  seed?: string;
  specPath?: string;
  quickstartPath?: string;
  onLine?: (line: string) => void;
}

export interface PrismMock {
  url: string;
  /** url + the spec's base path (`/v1`). */
  apiUrl: string;
  /** url + the quickstart mount (`/quickstart`). */
  quickstartUrl: string;
  close(): Promise<void>;
}

/** Starts `prism mock` on a derived copy of the spec (see derive-prism-spec.ts). */
export async function startPrismMock(options: PrismMockOptions = {}): Promise<PrismMock> {
  const source = await loadSpec(options.specPath);
  const basePath = serverBasePath(source.servers?.[0]);
  const quickstartPath = options.quickstartPath ?? QUICKSTART_PATH;
  const spec = await writeTempSpec(derivePrismSpec(source, { basePath, quickstartPath }), 'petstore.prism-mock.yaml');
  const args = options.dynamic ? ['--dynamic', ...(options.seed ? ['--seed', options.seed] : [])] : [];
  try {
    const prism = await spawnPrism('mock', [spec.path], {
      host: options.host,
      port: options.port,
      args,
      onLine: options.onLine,
    });
    return {
      url: prism.url,
      apiUrl: `${prism.url}${basePath}`,
      quickstartUrl: `${prism.url}${quickstartPath}`,
      async close() {
        await prism.stop();
        await spec.remove();
      },
    };
  } catch (error) {
    await spec.remove();
    throw error;
  }
}
