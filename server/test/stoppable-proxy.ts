import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StoppableProxy {
  /** `http://127.0.0.1:<port>`: the store's endpoint as the server under test sees it. */
  endpoint: string;
  /** The store stops: every open connection is cut, and new ones are refused. */
  stop(): void;
  /** The store hangs: open connections are cut, and new ones are taken and never answered. */
  hang(): void;
  /** The store is back. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on loopback in front of a test store (s3rver), to stop or hang it while a request is under way. */
export async function startStoppableProxy(target: string): Promise<StoppableProxy> {
  const { hostname, port } = new URL(target);
  let mode: 'pass' | 'hanging' = 'pass';
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'hanging') return;
    const store = net.connect(Number(port), hostname, () => client.pipe(store).pipe(client));
    open.add(store);
    store.on('close', () => (open.delete(store), client.destroy()));
    store.on('error', () => client.destroy());
    client.on('close', () => store.destroy());
  });
  const listen = (at: number) => new Promise<void>((resolve) => server.listen(at, '127.0.0.1', resolve));
  await listen(0);
  const listening = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${listening}`,
    stop() {
      server.close();
      for (const socket of open) socket.resetAndDestroy();
    },
    hang() {
      mode = 'hanging';
      for (const socket of open) socket.destroy(); // kept-alive connections too: the next request meets the hang
    },
    async start() {
      mode = 'pass';
      if (!server.listening) await listen(listening);
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
