// The markdown report goes to a CI job summary, where GitHub renders HTML: test names come from the user's
// requests (X-Petstore-Test) and must stay text; inside code spans, where entities would show as written,
// only the cell's bar is escaped.
import { describe, expect, it } from 'vitest';
import { renderRehearsal, type RehearsalReport } from './report.ts';

const report: RehearsalReport = {
  verdict: 'ready-with-fallback',
  reason: 'the app <b>copes</b> | still calls getPet',
  exitCode: 0,
  command: 'npm test',
  removals: [{ operationId: 'getPet', call: 'GET /pets/{petId}', sunset: '2030-12-05', replacement: 'GET /pets' }],
  passes: [],
  calls: [
    {
      operationId: 'getPet',
      method: 'GET',
      url: '/v1/pets/1?x=<a>|b',
      tests: ['shows <img src=x onerror=alert(1)> | pet'],
      count: 2,
      replacement: 'GET /v1/pets?limit=100&status=sold',
    },
  ],
};

describe('the markdown rehearsal report', () => {
  const markdown = renderRehearsal(report, 'markdown');

  it('writes test names and the reason as inert text', () => {
    expect(markdown).toContain('shows &lt;img src=x onerror=alert(1)&gt; \\| pet');
    expect(markdown).toContain('the app &lt;b&gt;copes&lt;/b&gt; \\| still calls getPet');
    expect(markdown).not.toContain('<img');
    expect(markdown).not.toContain('<b>');
  });

  it('keeps requests as written in their code spans, the bar escaped', () => {
    expect(markdown).toContain('`GET /v1/pets/1?x=<a>\\|b`');
    expect(markdown).toContain('`GET /v1/pets?limit=100&status=sold`');
  });
});
