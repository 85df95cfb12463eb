// The round robin (lib/round-robin.ts) as a process of its own, for the shared-mock benchmark: in the load
// generator's process it would share autocannon's event loop and measure that instead of the replicas.
import { startRoundRobin } from './lib/round-robin.ts';

const balancer = await startRoundRobin(process.argv.slice(2));
process.stdout.write(`round robin ${balancer.url}\n`);
process.once('SIGINT', () => void balancer.close().then(() => process.exit(0)));
