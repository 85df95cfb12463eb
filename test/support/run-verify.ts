// `petstore-kit verify` in process, its stdout and stderr captured, for tests of the command itself.
import { verifyCommand, type VerifyIo } from '../../cli/verify.ts';

export async function runVerify(
  argv: string[],
  io: Partial<VerifyIo> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const capture = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), isTty: false, env: {} };
  const code = await verifyCommand(argv, { ...capture, ...io });
  return { code, stdout, stderr };
}
