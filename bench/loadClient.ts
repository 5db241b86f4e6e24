/**
 * A bench's HTTP client in a thread of its own, as autocannon's `workers` option does for the API bench: the
 * latency a browser sees, without the client's own work (fetch's streams, decompressing the answer) taking turns
 * on the server's event loop. In the server's thread that work was a third of a site report's measured time.
 */
import { Worker } from 'node:worker_threads';

/** What Chromium sends: the panel's calls always accept compressed answers. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One batch: each URL fetched once with `inFlight` requests at a time; answers other than 200 fail the batch. */
interface Batch {
  urls: string[];
  headers: Record<string, string>;
  inFlight: number;
}

/** The worker's code, plain CommonJS (evaluated, so it needs no loader): runs each batch it is sent. */
const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ urls, headers, inFlight }) => {
  const times = [];
  let next = 0;
  let failure = null;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < urls.length && !failure) {
      const url = urls[next++];
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) failure = url + ': ' + res.status + ' ' + Buffer.from(body).toString().slice(0, 300);
      times.push(performance.now() - started);
    }
  }));
  parentPort.postMessage({ times, failure });
});`;

export class LoadClient {
  private readonly worker = new Worker(WORKER, { eval: true });

  /** Each request's latency in ms, in the order they finished. */
  run(urls: string[], headers: Record<string, string>, inFlight: number): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const done = ({ times, failure }: { times: number[]; failure: string | null }) => {
        this.worker.off('error', failed);
        if (failure) reject(new Error(failure));
        else resolve(times);
      };
      const failed = (error: Error) => {
        this.worker.off('message', done);
        reject(error);
      };
      this.worker.once('message', done);
      this.worker.once('error', failed);
      this.worker.postMessage({ urls, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers }, inFlight } satisfies Batch);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
