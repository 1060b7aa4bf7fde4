import http from 'node:http';

/**
 * Requests whose path goes on the wire exactly as written (`curl --path-as-is`): `fetch` and
 * `inject()` parse the URL first, which turns `\` into `/` and removes dot segments, so the
 * spellings an attacker sends would never reach the server. Used against a listening test app.
 */

/** What came back: the status, the headers and the body as text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One kept-alive client per suite: many requests, few connections. */
export function rawClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  function send(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: hostname, port, method, path: rawPath, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  }
  return { send, close: () => agent.destroy() };
}
