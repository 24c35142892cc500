// A forward proxy for the network tests: answers CONNECT (https through a tunnel) and plain
// absolute-form requests (http), on 127.0.0.1, and connects every target to 127.0.0.1 whatever its
// name, so tests can use a name that resolves nowhere (security.test) and only the proxy can reach.
// Requires Basic credentials when given some. Records what it was asked for.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxyRecord {
  method: string;
  /** `host:port` for CONNECT, the absolute URL otherwise. */
  target: string;
  authorized: boolean;
}

export interface TestProxy {
  url: string;
  port: number;
  requests: ProxyRecord[];
  close(): Promise<void>;
}

export async function startProxy(credentials?: { user: string; password: string }): Promise<TestProxy> {
  const expected =
    credentials && `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  const sockets = new Set<Socket>();
  const requests: ProxyRecord[] = [];
  const allowed = (req: IncomingMessage) => !expected || req.headers['proxy-authorization'] === expected;

  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    requests.push({ method: req.method ?? '', target: target.href, authorized: allowed(req) });
    if (!allowed(req)) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        path: target.pathname + target.search,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    requests.push({ method: 'CONNECT', target, authorized: allowed(req) });
    if (!allowed(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    const port = Number(target.split(':').pop());
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [upstream, client]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        upstream.destroy();
        client.destroy();
      });
    }
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
