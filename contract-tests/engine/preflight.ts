import { describeNetworkError, type FetchLike } from '../http/send.ts';
import { ConformanceError } from './conformance-error.ts';

/** One unauthenticated GET to each base URL: any HTTP answer means reachable; none means exit 2, not 100 failures. */
export async function preflight(fetchImpl: FetchLike, urls: string[], timeoutMs: number): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetchImpl(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        // Not awaited: under MSW 2.15 in Node a mocked body's cancel() never settles (mswjs/interceptors#799).
        void response.body?.cancel().catch(() => undefined);
      } catch (error) {
        throw new ConformanceError('unreachable', `[petstore-kit] Failed to reach ${url}: ${describeNetworkError(error, timeoutMs)}. Check that the service is running and the URL is right.`);
      }
    }),
  );
}
