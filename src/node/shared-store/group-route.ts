// GET /__admin/group, behind the key as every admin endpoint: the replicas on this shared store, whether each
// is alive, and which one answered (replica-group.ts). Served by `serve --store` only.
import type { AdminRoutes } from '../../core/admin/admin-api.ts';
import { jsonResponse } from '../../core/http/json-response.ts';
import type { ReplicaGroup } from './replica-group.ts';

export function groupRoutes(group: () => ReplicaGroup): AdminRoutes {
  return { '/group': { GET: () => jsonResponse(200, JSON.stringify(group().view())) } };
}
