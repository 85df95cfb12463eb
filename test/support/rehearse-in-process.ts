// `petstore-kit rehearse` run in this process (its passes start real mocks and child processes), its output
// kept: the rehearsal tests' one way to call it.
import { rehearseCommand } from '../../cli/rehearse.ts';

export async function rehearse(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  // Without what vitest sets for its own workers: a vitest run as the command would take itself for one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const code = await rehearseCommand(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { ...env, PETSTORE_API_KEY: undefined, NO_COLOR: '1' },
  });
  return { code, stdout, stderr };
}
