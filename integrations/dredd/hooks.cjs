// Dredd hooks for the Pet Store (Dredd 14 loads Node hooks with require(), so this file is CommonJS;
// `require('hooks')` is the hooks object Dredd injects). They apply the per-transaction recipes that
// integrations/dredd/transaction-plan.ts derives from the spec, so that every transaction sends the
// request that must produce the documented status it expects:
//   2xx  the key, an id that exists (created below, before the run), Dredd's valid example body
//   400  the key and an input the spec makes invalid (body without required fields, limit over its
//        maximum, a non-integer id)
//   401  no Authorization header
//   404  the key and an id that no pet has
//   410  sent to a second server whose clock is past the sunset; skipped, with the reason, without one
//   413  a body one byte over the 1 MiB limit
// The quickstart operation lives on another server (an operation-level `servers` entry, which Dredd
// ignores), so its transactions are re-targeted to the quickstart URL.
// Inputs come from the environment set by dredd-command.ts. The key is never logged.
/* eslint-disable @typescript-eslint/no-require-imports */
const hooks = require('hooks');
const fs = require('node:fs');

const env = process.env;
const plan = JSON.parse(fs.readFileSync(env.PETSTORE_KIT_DREDD_PLAN, 'utf8'));
const servers = {
  api: env.PETSTORE_KIT_DREDD_API_URL,
  quickstart: env.PETSTORE_KIT_DREDD_QUICKSTART_URL,
  sunset: env.PETSTORE_KIT_DREDD_SUNSET_URL,
};
const apiKey = env.PETSTORE_KIT_DREDD_API_KEY;
let existingId;
let fixtureError;

// An id that exists: create a pet through the API itself, with Dredd's own (valid) example body.
hooks.beforeAll((transactions, done) => {
  const { fixture } = plan;
  if (!fixture) return done();
  const creating = transactions.find(
    (t) =>
      t.request.method === fixture.method && t.origin.resourceName === fixture.path && /^2/.test(t.expected.statusCode),
  );
  fetch(`${servers.api}${fixture.path}`, {
    method: fixture.method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
    body: creating ? creating.request.body : '{}',
  })
    .then(async (response) => {
      const body = await response.json().catch(() => undefined);
      if (!response.ok || !body || body[fixture.idField] === undefined)
        throw new Error(`${fixture.method} ${fixture.path} answered ${response.status}`);
      existingId = String(body[fixture.idField]);
    })
    .catch((error) => {
      fixtureError = `Failed to create a resource to read: ${error.message}`;
    })
    .finally(done);
});

hooks.beforeEach((transaction) => {
  const key = `${transaction.request.method} ${transaction.origin.resourceName} ${transaction.expected.statusCode}`;
  const recipe = plan.recipes[key];
  if (!recipe) {
    transaction.fail = `no recipe for "${key}" in the plan derived from the spec`;
    return;
  }
  if (recipe.skip) {
    transaction.skip = true;
    hooks.log(`skipped ${transaction.name}: ${recipe.skip}`);
    return;
  }
  const server = servers[recipe.server];
  if (!server) {
    transaction.fail = `no ${recipe.server} server URL was given`;
    return;
  }
  const params = recipe.pathParams || {};
  if (Object.values(params).includes('existing') && existingId === undefined) {
    transaction.fail = fixtureError || 'no existing resource to read';
    return;
  }
  const path = fillTemplate(transaction.origin.resourceName, (name, expression) =>
    encodeURIComponent(
      params[name] === 'existing' ? existingId : params[name] !== undefined ? params[name] : expression,
    ),
  );
  const query = recipe.query ? `?${new URLSearchParams(recipe.query)}` : '';
  const target = new URL(server);
  transaction.protocol = target.protocol;
  transaction.host = target.hostname;
  transaction.port = target.port || (target.protocol === 'https:' ? '443' : '80');
  transaction.fullPath = `${withoutTrailingSlashes(target.pathname)}${path}${query}`;
  transaction.request.uri = `${path}${query}`;

  const headers = transaction.request.headers;
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
  if (recipe.auth === 'key') headers.Authorization = `Bearer ${apiKey}`;

  if (recipe.body && 'json' in recipe.body) transaction.request.body = JSON.stringify(recipe.body.json);
  if (recipe.body && 'oversizeBytes' in recipe.body)
    transaction.request.body = oversizedJson(recipe.body.oversizeBytes);

  // Gavel judges the body by the spec's schema, not by Dredd's generated example (see gavel-schema.ts).
  if (recipe.expectedSchema) {
    transaction.expected.bodySchema = recipe.expectedSchema;
    delete transaction.expected.body;
  }
});

/** A JSON object of exactly `bytes` bytes: well-formed, so only its size is wrong. */
function oversizedJson(bytes) {
  const frame = '{"padding":""}';
  return `{"padding":"${'x'.repeat(Math.max(0, bytes - frame.length))}"}`;
}

/**
 * The template with each `{name}` replaced by `value(name, '{name}')`: a loop in one pass, as
 * src/openapi/fill-template.ts (this file runs in Dredd's own process and cannot import the kit's modules).
 */
function fillTemplate(template, value) {
  let filled = '';
  let text = 0;
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    const close = open === -1 ? -1 : template.indexOf('}', open + 1);
    if (close === -1) return filled + template.slice(text);
    if (close === open + 1) {
      from = open + 1;
      continue;
    }
    filled += template.slice(text, open) + value(template.slice(open + 1, close), template.slice(open, close + 1));
    text = from = close + 1;
  }
}

function withoutTrailingSlashes(path) {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}
