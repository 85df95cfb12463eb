// The version is in the address. The seed: "Each [base address] ends with the path segment /v1" and "The
// version is carried in the base address path segment /v1 for both production and staging". The segment is
// read from the interface's servers (each URL with its variables' defaults); the base URL verify was given
// is the deployment's base address, so a deployment that serves the operations elsewhere (at the root, or
// under /api) departs from the interface even when every operation answers there.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import type { OpenApiDocument } from '../../../src/openapi/openapi-document.ts';
import { withoutTrailingSlashes } from '../../../src/shared/trailing-slashes.ts';
import { fillTemplate } from '../../../src/openapi/fill-template.ts';

export const versionInBaseUrl = scenarioCheck({
  name: 'versionInBaseUrl',
  description: "The base URL ends with the version path segment of the interface's servers (/v1).",
  scenarios(model) {
    const segment = versionSegment(model.base.document);
    const operation =
      model.collections[0]?.list ?? model.operations.find((o) => !o.ownServer && effectOf(o) === 'safe');
    if (!segment || !operation) return [];
    return [
      {
        name: `the base URL ends with the path segment /${segment}, and ${operation.operationId} answers there`,
        operationId: operation.operationId,
        phase: 'read',
        async run(ctx) {
          const response = await ctx.send(operation, {});
          const path = withoutTrailingSlashes(new URL(ctx.baseUrl).pathname);
          const last = path.slice(path.lastIndexOf('/') + 1);
          if (last === segment) return;
          ctx.fail({
            title: 'VersionNotInBaseUrl',
            message:
              `The base URL ${ctx.baseUrl} ends with ${last ? `/${last}` : 'no path segment'}; the interface's base ` +
              `addresses end with /${segment}. ${operation.operationId} answered ${response.status} there.`,
            expected: `a base URL ending with /${segment}`,
            actual: ctx.baseUrl,
          });
        },
      },
    ];
  },
});

/** The last path segment shared by every server of the document, when it is a version (`v1`). */
export function versionSegment(document: OpenApiDocument): string | undefined {
  const segments = new Set(
    (document.servers ?? []).map((server) => {
      const url = fillTemplate(server.url, (name: string) => String(server.variables?.[name]?.default ?? ''));
      const path = withoutTrailingSlashes(/^[a-z]+:\/\/[^/]*(\/[^?#]*)?/i.exec(url)?.[1] ?? url);
      return path.slice(path.lastIndexOf('/') + 1);
    }),
  );
  const [only] = segments;
  return segments.size === 1 && /^v\d+$/.test(only) ? only : undefined;
}
