// The ceiling: a bare node:http server that answers every request with the same fixed JSON
// (the mock's own 20-pet page, passed in by the benchmark), with no routing, auth or validation.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BENCH_CEILING_BODY ?? '[]');
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
const server = createServer((req, res) => {
  // Drain a request body (POST scenario) before answering, as any real server must.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ceiling listening on http://127.0.0.1:${server.address().port}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
