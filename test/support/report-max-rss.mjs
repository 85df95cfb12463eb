// Preloaded into a child (`node --import`), prints its peak resident set size on exit, so a test can
// bound the memory of a whole CLI run: `max-rss-kib <n>` on stderr.
process.on('exit', () => process.stderr.write(`max-rss-kib ${process.resourceUsage().maxRSS}\n`));
