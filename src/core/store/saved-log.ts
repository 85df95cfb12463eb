// A saved log, read back: checked once when the store is created (a state file may have been edited by hand),
// each event by its own entry in CHANGES (apply-event.ts), then replayed onto the data set (`replay`, there)
// at start and at every reset.
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { checkLogged, type LogCheck } from './apply-event.ts';
import { checkCounters, fieldIssues, SnapshotError } from './snapshot.ts';
import type { SavedLog } from './store-events.ts';

/** Throws a SnapshotError naming the first event that is not what the spec and the mock's id rules allow. */
export function checkSavedLog(log: SavedLog, compiler: SchemaCompiler): void {
  checkCounters(log);
  if (!Array.isArray(log.events)) throw new SnapshotError('"events" is not an array');
  // Compiled once: a state file may hold a million pets, checked at every start.
  const validators = {
    Pet: compiler.compile({ $ref: '#/components/schemas/Pet' }),
    Message: compiler.compile({ $ref: '#/components/schemas/Message' }),
  };
  const at: LogCheck = {
    index: 0,
    schemaDue: true,
    compiler,
    fail(why) {
      throw new SnapshotError(`event ${at.index}: ${why}`);
    },
    conform(schema, value) {
      const validate = validators[schema];
      if (!validate(value)) at.fail(fieldIssues(validate.errors).join('; '));
    },
  };
  const unverified = log.events.length - (log.verified ?? 0);
  for (let i = 0; i < log.events.length; i++) {
    // One object for every event, no closure per event: a start-up may check a million of them.
    at.index = i;
    at.schemaDue = i < unverified;
    checkLogged(log.events[i]!, at);
  }
}
