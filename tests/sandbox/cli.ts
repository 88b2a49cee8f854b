import { startSandbox } from './server.ts';

/** Reads `--port N` (or `--port=N`); 8787 when absent. */
function portFromArgs(args: string[]): number {
  const i = args.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return 8787;
  const raw = args[i]?.includes('=') ? args[i]?.split('=')[1] : args[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535; got "${raw}".`);
    process.exit(2);
  }
  return port;
}

const sandbox = await startSandbox({ port: portFromArgs(process.argv.slice(2)) });
console.log(`Incident API sandbox listening on ${sandbox.baseUrl}

  API base URL      ${sandbox.baseUrl}   (paths start with /v1/)
  managed key       ${sandbox.keys.managed}   Acme Holdings (cl_acme) + Acme Bank (cl_acme_bank) + Acme Travel (cl_acme_travel)
  single key        ${sandbox.keys.single}   Globex Corporation (cl_globex)
  control endpoint  ${sandbox.baseUrl}/__sandbox/   (reset, state, faults, requests, deliveries, incidents/{id}/...)

Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received; stopping the sandbox.`);
    void sandbox.close().then(() => process.exit(0));
  });
}
