// Test probe, loaded with `node --import`: says on stderr how many SIGTERM listeners the process has at the
// moment `petstore-kit serve` writes its banner (the moment a supervisor may stop it).
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (String(chunk).includes('Pet Store API'))
    process.stderr.write(
      `[probe] SIGTERM listeners when the banner was written: ${process.listenerCount('SIGTERM')}\n`,
    );
  return write(chunk, ...rest);
};
