// The entry of every pool worker: TypeScript support, then the task module's handler behind a small protocol.
// Plain JavaScript so that a worker starts the same way under `node --import tsx`, tests and tools.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { handle } = await import(workerData.module);

parentPort.on('message', async ({ id, request }) => {
  try {
    parentPort.postMessage({ id, ok: true, result: await handle(request) });
  } catch (error) {
    const code = typeof error?.code === 'string' ? error.code : 'failed';
    parentPort.postMessage({ id, ok: false, error: { code, message: String(error?.message ?? error) } });
  }
});
parentPort.postMessage({ ready: true });
