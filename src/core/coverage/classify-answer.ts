// Which of the named states (src/shared/shown-states.ts) one answer of the mock was, read from its journal
// entry alone: the status, what shaped it (`shapedBy`, `delayMs`, `transport`, `brownout`) and, for a list,
// how many items its body held against the page size asked. Nothing is recorded for coverage: the journal
// already holds all of it.
import type { JournalEntry } from '../journal/request-journal.ts';
import { SHOWN_STATE_NAMES, type ShownState } from '../../shared/shown-states.ts';
import type { PageSize } from './page-sizes.ts';

/** What forced an answer, by the prefix of its `shapedBy` item (shape-answer.ts writes them). */
const FORCED: Record<string, ShownState> = {
  prefer: 'forced by Prefer',
  rule: 'forced by a rule',
  fault: 'forced by a fault',
};

/** The states an answer was, in vocabulary order; none for an ordinary answer that is not a list (a pet, a 201). */
export function classifyAnswer(entry: JournalEntry, pageSize: PageSize): ShownState[] {
  const states = new Set<ShownState>();
  for (const by of entry.shapedBy ?? []) {
    const forced = FORCED[by.slice(0, by.indexOf(' '))];
    if (forced) states.add(forced);
  }
  if (entry.delayMs) states.add('slow');
  // The page never got the answer the mock had: what it had is not what it showed.
  if (entry.transport) states.add('dropped');
  else for (const state of answerStates(entry, pageSize)) states.add(state);
  return SHOWN_STATE_NAMES.filter((state) => states.has(state));
}

function answerStates(entry: JournalEntry, pageSize: PageSize): ShownState[] {
  const { status } = entry;
  if (status === 400) return ['400 validation'];
  if (status === 401) return ['401 unauthorized'];
  if (status === 404) return ['404 not found'];
  if (status === 410 || entry.brownout) return ['removed'];
  if (status >= 500) return ['5xx'];
  if (status < 200 || status >= 300) return [];
  const items = listLength(entry);
  if (items === undefined) return [];
  if (items === 0) return ['empty list'];
  const asked = entry.operation === undefined ? undefined : pageSize(entry.operation, entry.query);
  if (asked === undefined) return [];
  return [items >= asked ? 'full page' : 'last page'];
}

/** The number of items of a JSON array body; undefined for any other body, or one the journal no longer holds whole. */
function listLength(entry: JournalEntry): number | undefined {
  const body = entry.response.body;
  if (!body || body.truncated || body.omitted || !body.text.trimStart().startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.text);
    return Array.isArray(parsed) ? parsed.length : undefined;
  } catch {
    return undefined; // a malformed-body fault: not a list the page could read
  }
}
