// Prism ignores `servers` when routing (stoplightio/prism#906, #1591, #1307: "base paths are completely
// ignored"), so a request to /v1/pets finds no route in our spec, whose paths are /pets relative to
// https://{base_url}/v1. Rather than keep a hand copy of the spec with /v1 written into every path, we
// derive one at runtime: each path gets its servers' base path as a prefix (/v1 for the Pet Store,
// /quickstart for the operation-level quickstart server, which is where our mock mounts it) and the
// servers are dropped. Everything else (schemas, responses, security) is the spec, untouched.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { OpenApiDocument, PathItemObject, ServerObject } from '../../src/openapi/openapi-document.ts';
import { serverBasePath } from '../../src/openapi/server-base-path.ts';
import { KitError } from '../../src/shared/kit-error.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { QUICKSTART_PATH } from '../../src/shared/mount-paths.ts';

export interface MountOptions {
  /** Prefix for operations on the document's servers. Default: the path of the first server URL (`/v1`). */
  basePath?: string;
  /** Prefix for operations that declare their own server (the quickstart). Default `/quickstart`, as our mock. */
  quickstartPath?: string;
}

/**
 * Returns a copy of `source` whose paths carry their base path (`/pets` → `/v1/pets`,
 * `/messages` → `/quickstart/messages`) and which has no `servers` left, so Prism routes and
 * validates requests exactly where our mock serves them.
 */
export function derivePrismSpec(source: OpenApiDocument, options: MountOptions = {}): OpenApiDocument {
  const document = structuredClone(source);
  const basePath = trimSlash(options.basePath ?? serverBasePath(document.servers?.[0]));
  const quickstartPath = trimSlash(options.quickstartPath ?? QUICKSTART_PATH);
  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const ownServers = item.servers !== undefined || Object.values(item).some((op) => isOperationWithServers(op));
    const prefix = ownServers ? quickstartPath : basePath;
    delete item.servers;
    for (const operation of Object.values(item)) if (isOperationWithServers(operation)) delete operation.servers;
    const mounted = `${prefix}${path}`;
    if (paths[mounted])
      throw new KitError('derive the Prism document', `two paths mount at ${mounted}`, 'Choose other base paths.');
    paths[mounted] = item;
  }
  document.paths = paths;
  delete document.servers;
  return document;
}

export interface DerivedSpecFile {
  /** Absolute path of the derived document (YAML, the form both Prism and Dredd detect reliably). */
  path: string;
  /** Removes the temporary directory. */
  remove(): Promise<void>;
}

/** Writes a derived document into a fresh temporary directory (never into the repository). */
export async function writeTempSpec(document: OpenApiDocument, name: string): Promise<DerivedSpecFile> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-kit-'));
  const path = join(dir, name);
  await writeFile(path, stringify(document, { aliasDuplicateObjects: false }));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

function trimSlash(path: string): string {
  return path === '/' ? '' : withoutTrailingSlashes(path);
}

function isOperationWithServers(value: unknown): value is { servers?: ServerObject[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'servers' in value;
}
