// The headers of a dashboard page, the mock's and the proxy's: the page talks only to its own origin and may
// not be framed (the mock's buttons reset and arm faults; the proxy's shows what clients sent), and no
// browser may guess another type for it or pass its address on. Its script and style are inline, by design:
// nothing to build or serve besides the page.
export const DASHBOARD_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; " +
    "img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  // frame-ancestors' predecessor, for browsers that predate CSP 2.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});

/** Text for HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A dashboard page's start: its head (title, inline style) and the opening body tag holding its admin path. */
export function dashboardPageStart(title: string, style: string, adminPath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body data-admin="${escapeHtml(adminPath)}">`;
}
