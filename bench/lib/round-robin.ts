// A tiny round-robin load balancer: each request goes to the next target in turn, its body and answer passed
// through as they are. Enough to put two replicas of the shared mock (docs/shared-mock.md) behind one origin,
// in the tests and in the benchmark, without a real balancer.
import { request as httpRequest, createServer, Agent } from 'node:http';

export interface RoundRobin {
  /** The balancer's origin, e.g. `http://127.0.0.1:40123`. */
  url: string;
  close(): Promise<void>;
}

export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer({ noDelay: true, keepAliveTimeout: 60_000 }, (req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const forwarded = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // Small requests and answers go out at once (no Nagle wait between a header and a body written apart).
    forwarded.setNoDelay(true);
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('round robin: the target did not answer');
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
