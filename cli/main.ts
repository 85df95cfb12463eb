// The `petstore-kit` executable's entry (bin/petstore-kit.mjs runs its compiled form): the command line of
// this process, its exit code set, never forced, so that output still being written is written.
import { runCommandLine } from './command-line.ts';

void runCommandLine(process.argv.slice(2)).then((code) => (process.exitCode = code));
