import net from 'node:net';

/**
 * A loopback TCP proxy a test can cut and restore, as a database restart or a network outage
 * looks to the app: `cut()` drops every open connection and refuses new ones (accepts, then
 * closes at once); `stall()` drops them too but then accepts new ones and never answers, as a
 * server behind a dropped route looks; `restore()` lets connections through again.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'stalled' = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'stalled') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      mode = 'stalled';
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      mode = 'open';
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
