import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROXY_ERRORS, proxyError, type ProxyErrorCode } from './proxy-errors.ts';

const codes = Object.keys(PROXY_ERRORS) as ProxyErrorCode[];

describe('the proxy error catalog', () => {
  it('is the table of docs/proxy.md, code for code, status for status', () => {
    const page = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8');
    const rows = [...page.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map(([, code, status]) => `${code} ${status}`);
    expect(rows.sort()).toEqual(codes.map((code) => `${code} ${PROXY_ERRORS[code]}`).sort());
  });

  it.each(codes)('renders %s as an Error body whose status is the HTTP status', (code) => {
    const answer = proxyError(code, 'why', { via: '1.1 p' });
    expect(answer.status).toBe(PROXY_ERRORS[code]);
    expect(answer.headers).toEqual({ 'content-type': 'application/json', via: '1.1 p' });
    expect(JSON.parse(answer.body!)).toEqual({ code, message: 'why', status: PROXY_ERRORS[code] });
  });
});
