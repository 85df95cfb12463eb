// What the page says when MSW's service worker cannot start: most often its script was never copied
// into the public directory, and the fix is one command.
const WORKER_SCRIPT = '/mockServiceWorker.js';

export async function showStartFailure(error: Error): Promise<void> {
  const script = await fetch(WORKER_SCRIPT, { method: 'HEAD' }).catch(() => undefined);
  const missing = !script?.ok || !/javascript/.test(script.headers.get('content-type') ?? '');
  const title = document.createElement('strong');
  title.textContent = missing ? `The mock could not start: ${WORKER_SCRIPT} is missing` : 'The mock could not start';
  const text = document.createElement('p');
  text.textContent = missing
    ? 'MSW needs its worker script at the root of the site. Copy it into your public directory with:'
    : `MSW's service worker failed to start: ${error.message}`;
  const command = document.createElement('pre');
  command.textContent = 'npx msw init <public dir>   (here: npm run msw:init, i.e. npx msw init examples/public)';
  const alert = document.querySelector<HTMLElement>('#error')!;
  alert.replaceChildren(title, text, ...(missing ? [command] : []));
  alert.hidden = false;
  document.querySelector('#mode')!.textContent = 'Not started: see the error below.';
}
