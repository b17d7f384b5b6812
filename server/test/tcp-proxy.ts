import net from 'node:net';

/**
 * A loopback TCP proxy a test can cut and restore, as a database restart or a network outage
 * looks to the app: `cut()` drops every open connection and refuses new ones (accepts, then
 * closes at once); `stall()` drops them too but then accepts new ones and never answers, as a
 * server behind a dropped route looks; `silence()` closes nothing: open connections stop carrying
 * bytes either way and new ones are accepted and never answered, as a failed switch or a stuck
 * load balancer looks (no reset ever comes); `restore()` lets connections through again (what
 * a silenced connection held back flows on, as TCP retransmits once the route is back).
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  stall(): void;
  silence(): void;
  restore(): void;
  /** How many connections the proxy carries to the server now (not those stalled or silenced new). */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'stalled' | 'silent' = 'open';
  const sockets = new Set<net.Socket>();
  /** Connections carried to the server: each client socket with its upstream. */
  const pairs = new Set<[net.Socket, net.Socket]>();
  // While silent a connection's bytes are held, not dropped: the sockets keep reading, so a side
  // that closes is still seen closing (and its other side closed).
  const held = new Map<net.Socket, Buffer[]>();
  const carry = (from: net.Socket, to: net.Socket) => {
    held.set(from, []);
    from.on('close', () => held.delete(from));
    from.on('data', (chunk: Buffer) => {
      if (mode === 'silent') held.get(from)?.push(chunk);
      else to.write(chunk);
    });
  };
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
    if (mode === 'stalled' || mode === 'silent') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    carry(client, upstream);
    carry(upstream, client);
    client.on('close', () => {
      pairs.delete(pair);
      upstream.destroy();
    });
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
    silence() {
      mode = 'silent';
    },
    restore() {
      mode = 'open';
      for (const [client, upstream] of pairs) {
        for (const chunk of held.get(client)?.splice(0) ?? []) upstream.write(chunk);
        for (const chunk of held.get(upstream)?.splice(0) ?? []) client.write(chunk);
      }
    },
    openConnections: () => pairs.size,
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
