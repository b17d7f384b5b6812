import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible server on 127.0.0.1 for tests (path-style PUT, HEAD, GET with Range,
 * DELETE), so the real @aws-sdk/client-s3 runs against it. It does not check signatures.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const notFound = (res: http.ServerResponse, method: string) => {
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end(
      method === 'HEAD'
        ? undefined
        : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>not found</Message></Error>',
    );
  };
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${path}`);
    if (method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
        });
        res.writeHead(200, { etag: '"fake"' });
        res.end();
      });
      return;
    }
    const object = objects.get(path);
    if (method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204);
      res.end();
      return;
    }
    if (!object) return notFound(res, method);
    const size = object.body.length;
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range && method === 'GET') {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), size - 1);
      res.writeHead(206, {
        'content-type': object.contentType,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${size}`,
      });
      res.end(object.body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': size });
    res.end(method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
