// The conformance suite in process against a server a test starts: every scenario (writes allowed, the
// quickstart included) with the development key, and the server closed whatever the outcome.
import { DEV_API_KEY } from '../../src/core/index.ts';
import { runConformance, type ConformanceOptions, type Report } from '../../contract-tests/index.ts';

interface Started {
  apiUrl: string;
  quickstartUrl: string;
  close(): Promise<void>;
}

export async function verifyStarted(
  start: () => Promise<Started>,
  options: Partial<ConformanceOptions> = {},
): Promise<Report> {
  const server = await start();
  try {
    return await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      // The server shares this event loop with the judge: on a busy machine an answer can take longer than
      // verify's 10 s default, a verdict on the machine. A test of timeouts passes its own.
      timeoutMs: 60_000,
      ...options,
    });
  } finally {
    await server.close();
  }
}
