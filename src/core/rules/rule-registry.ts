// Rules added at run time (admin API, CLI, `store.rules`): which requests they answer, with what, and for how
// many more. Checked when added, by the rule schema and then by the interface itself: a body of your own must fit
// the response the interface declares for its status, unless the rule says it is deliberate.
import { headerValue, type CoreRequest } from '../core-request.ts';
import { responseFor } from '../../openapi/index-operations.ts';
import { checkingStopped, MAX_LISTED_ISSUES } from '../../openapi/capped-issues.ts';
import { EntryList, RegistryInputError, type EntryRegistry } from '../registry-input.ts';
import { issuesFromAjv, type Issue } from '../../openapi/issue.ts';
import { MAX_INPUT_DEPTH, nestsDeeperThan } from '../../shared/input-limits.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import type { ShapedOperation } from '../shaping/shape-answer.ts';
import { ruleIssues } from './rule-issues.ts';
import { ruleSchema, type RuleInput, type RuleTarget, type RuleValue } from './rule-schema.ts';

export interface ActiveRule extends RuleInput {
  id: string;
  /** How many requests it has answered so far. */
  hits: number;
  /** Requests left before it goes, when added with `times`. */
  remaining?: number;
  /** Its body breaks the interface's response schema (allowed by `deliberate`); its answers are marked so. */
  breaksInterface?: true;
}

/** A rule's input is checked against RULE_SCHEMA, narrowed to its operation. */
export interface RuleRegistry extends EntryRegistry<ActiveRule> {
  /** The first rule that matches this request, consuming one of its `times`. */
  pick(operationId: string, request: CoreRequest, pathParams: Record<string, string>): ActiveRule | undefined;
}

export function createRuleRegistry(options: {
  targets: RuleTarget[];
  operations: ReadonlyMap<string, ShapedOperation>;
  compiler: SchemaCompiler;
}): RuleRegistry {
  const schema = ruleSchema(options.targets);
  const validate = options.compiler.compile(schema);

  const check = (input: unknown): RuleInput & { breaksInterface?: true } => {
    const operation = (input as RuleInput | null)?.operation;
    if (!validate(input))
      throw new RegistryInputError(
        'rule',
        ruleIssues(validate.errors, schema, operation),
        checkingStopped(validate.errors),
      );
    const rule = input as RuleInput;
    if (rule.body === undefined) return rule;
    // Kept whole, cloned and sent: past this depth a clone or JSON.stringify would overflow the stack.
    if (nestsDeeperThan(rule.body)) {
      const message = `field 'body' nests deeper than ${MAX_INPUT_DEPTH} levels`;
      throw new RegistryInputError('rule', [{ in: 'body', pointer: '/body', message }]);
    }
    const { issues: broken, stopped } = interfaceIssues(
      rule,
      options.operations.get(rule.operation)!,
      options.compiler,
    );
    if (!broken.length) return rule;
    if (!rule.deliberate) {
      // After the body's issues, among those listed however many there are.
      const fix = { in: 'body' as const, pointer: '/deliberate', message: 'set deliberate: true to send it anyway' };
      const at = Math.min(broken.length, MAX_LISTED_ISSUES - 1);
      throw new RegistryInputError('rule', [...broken.slice(0, at), fix, ...broken.slice(at)], stopped);
    }
    return { ...rule, breaksInterface: true };
  };

  const active = new EntryList<ActiveRule>('r', (rule) => structuredClone(rule));
  return {
    add(input) {
      // Checked before an id is given: a refused rule takes none.
      const checked = structuredClone(check(input));
      return active.add((id) => {
        const rule: ActiveRule = { id, ...checked, hits: 0 };
        if (rule.match?.headers) rule.match.headers = lowerCaseNames(rule.match.headers);
        return rule;
      });
    },
    list: () => active.list(),
    remove: (id) => active.remove(id),
    clear: () => active.clear(),
    get size() {
      return active.size;
    },
    pick: (operationId, request, pathParams) =>
      active.take((rule) => rule.operation === operationId && matches(rule, request, pathParams)),
  };
}

/** Why a rule's own body is not an answer the interface declares for the operation at that status. */
function interfaceIssues(
  rule: RuleInput,
  target: ShapedOperation,
  compiler: SchemaCompiler,
): { issues: Issue[]; stopped: boolean } {
  const status = rule.status ?? target.successStatus;
  const declared = status === undefined ? undefined : responseFor(target.operation, status);
  if (!declared) {
    const statuses = Object.keys(target.operation.responses).join(', ');
    const message = `field 'status': ${status} is not declared for ${rule.operation} (declared: ${statuses})`;
    return { issues: [{ in: 'body', pointer: '/status', message }], stopped: false };
  }
  if (!declared.schema) return { issues: [], stopped: false };
  const validate = compiler.compile(declared.schema);
  if (validate(rule.body)) return { issues: [], stopped: false };
  const why = ` (the interface's ${status} answer of ${rule.operation})`;
  const issues = issuesFromAjv('body', validate.errors, '/body').map((issue) => ({
    ...issue,
    message: issue.message.replace(/^body field/, 'field') + why,
  }));
  return { issues, stopped: checkingStopped(validate.errors) };
}

function matches(rule: RuleInput, request: CoreRequest, pathParams: Record<string, string>): boolean {
  const { match } = rule;
  if (!match) return true;
  for (const [name, value] of Object.entries(match.path ?? {}))
    if (decoded(pathParams[name]) !== String(value)) return false;
  if (match.query) {
    const start = request.url.indexOf('?');
    const query = new URLSearchParams(start === -1 ? '' : request.url.slice(start + 1));
    for (const [name, value] of Object.entries(match.query))
      if (!query.getAll(name).includes(String(value))) return false;
  }
  for (const [name, value] of Object.entries(match.headers ?? {}))
    if (headerValue(request, name) !== String(value)) return false;
  return true;
}

function lowerCaseNames(values: Record<string, RuleValue>): Record<string, RuleValue> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A malformed escape is compared as it was sent. */
function decoded(part: string | undefined): string | undefined {
  if (part === undefined) return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
