// A consumer's TypeScript, checked under moduleResolution node16 and bundler against the installed .d.ts.
import { createPetStore, DEV_API_KEY, type Pet, type PetStore } from 'petstore-kit';
import { serve, type RunningServer } from 'petstore-kit/node';
import { createHandlers, type HandlersOptions } from 'petstore-kit/msw';
import { setupPetStoreServer } from 'petstore-kit/msw/node';
import { setupPetStoreWorker } from 'petstore-kit/msw/browser';
import {
  exchangesFromHar,
  judgeExchange,
  runConformance,
  type ExchangeVerdict,
  type Report,
} from 'petstore-kit/conformance';

const store: PetStore = createPetStore({ seed: 1 });
const pets: Pet[] = store.snapshot().pets;
const options: HandlersOptions = { baseUrl: 'http://petstore.test/v1' };
const { handlers } = createHandlers(options);
const { server } = setupPetStoreServer(options);
const { worker } = setupPetStoreWorker(options);
const running: Promise<RunningServer> = serve({ port: 0 });
const report: Promise<Report> = runConformance({
  baseUrl: 'http://127.0.0.1:4010/v1',
  apiKey: DEV_API_KEY,
  allowWrites: false,
});
// Traffic captured elsewhere, judged as verify judges it (docs/proxy.md#judge-traffic-you-captured).
const verdicts: Promise<ExchangeVerdict>[] = exchangesFromHar('{"log":{"entries":[]}}').map((exchange) =>
  judgeExchange(exchange, { baseUrl: 'http://127.0.0.1:4010/v1' }),
);
// @ts-expect-error: a Pet has no `owner`; the types come from the spec, so this must not compile.
const wrong: Pet = { id: 1, name: 'Rex', categoryId: 1, owner: 'me' };

export { pets, handlers, server, worker, running, report, verdicts, wrong };
