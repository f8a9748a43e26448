import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedGraphqlCall {
  body: string;
  status: number;
  response: string;
}

/**
 * A pass-through HTTP proxy in front of the CMS that keeps every GraphQL request and its answer,
 * so a test sees the queries the web app really sends.
 */
export async function startRecordingProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const calls: RecordedGraphqlCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const answerBody = Buffer.concat(answerChunks);
            if (request.url?.startsWith('/graphql')) {
              calls.push({ body: body.toString('utf8'), status: answer.statusCode ?? 0, response: answerBody.toString('utf8') });
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            response.end(answerBody);
          });
        },
      );
      upstream.on('error', () => {
        response.writeHead(502);
        response.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
