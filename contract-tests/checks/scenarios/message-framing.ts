// What HTTP requires of how a message is framed, which fetch and node:http hide from their caller, so each is
// asked on a connection of its own and read byte for byte (http/raw-exchange.ts). A HEAD answer ends with its
// headers: "the server MUST NOT send content in the response" (RFC 9110 §9.3.2); bytes after them are read by
// a client that keeps the connection as the start of its next answer. And an HTTP/1.0 client does not know
// chunked: "A server MUST NOT send a response containing Transfer-Encoding unless the corresponding request
// indicates HTTP/1.1 (or later minor revisions)" (RFC 9112 §6.1).
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { FindingDraft } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import { clip, perCollection } from './scenario-helpers.ts';

export const messageFraming = scenarioCheck({
  name: 'messageFraming',
  description:
    'A HEAD answer carries no content (RFC 9110 §9.3.2); an HTTP/1.0 request gets no Transfer-Encoding (RFC 9112 §6.1).',
  scenarios: perCollection(({ list, limit }) => [
    {
      name: `HEAD ${list.path} with the key, read byte for byte → headers only, no content`,
      operationId: list.operationId,
      phase: 'read' as const,
      unlistedMethod: true,
      async run(ctx) {
        const response = await ctx.sendUndeclared({ method: 'HEAD', path: list.path, wire: 'raw' });
        const finding = headContent(response, `HEAD ${list.path}`);
        if (finding) ctx.fail(finding);
      },
    },
    {
      name: `${list.operationId} as an HTTP/1.0 request → answered without Transfer-Encoding`,
      operationId: list.operationId,
      phase: 'read' as const,
      async run(ctx) {
        const query = limit ? { [limit.parameter.name]: 1 } : {};
        const response = await ctx.send(list, { query, wire: 'http/1.0' });
        const finding = chunkedToHttp10(response, `${list.operationId} asked in HTTP/1.0`);
        if (finding) ctx.fail(finding);
      },
    },
  ]),
});

/** The verdict on a HEAD answer read byte for byte (its body is what followed the headers): HeadContentSent. */
export function headContent(response: Pick<Observed, 'status' | 'text'>, what: string): FindingDraft | undefined {
  if (response.text === '') return undefined;
  return {
    title: 'HeadContentSent',
    message: `${what} answered ${response.status} and sent ${response.text.length} characters of content after the headers: "the server MUST NOT send content in the response" to HEAD (RFC 9110 §9.3.2). A client that keeps the connection reads them as its next answer.`,
    expected: 'the headers alone',
    actual: clip(response.text, 200),
  };
}

/** The verdict on an answer to an HTTP/1.0 request: no Transfer-Encoding (ChunkedToHttp10). */
export function chunkedToHttp10(
  response: Pick<Observed, 'status' | 'headers'>,
  what: string,
): FindingDraft | undefined {
  const coding = response.headers['transfer-encoding'];
  if (coding === undefined) return undefined;
  return {
    title: 'ChunkedToHttp10',
    message: `${what} answered ${response.status} with Transfer-Encoding: ${coding}: "A server MUST NOT send a response containing Transfer-Encoding unless the corresponding request indicates HTTP/1.1" (RFC 9112 §6.1). An HTTP/1.0 client reads the chunk sizes as content.`,
    expected: 'no Transfer-Encoding (Content-Length, or the close ends the body)',
    actual: `Transfer-Encoding: ${coding}`,
  };
}
