import { request } from 'node:http';
import { e2ePort } from './servers.js';

/** A JSON call to the test server as if from `{slug}.localhost`: Node does not resolve *.localhost itself. */
export function apiCall<T>(host: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const port = e2ePort();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `${host}:${port}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve(JSON.parse(text) as T)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function apiLogin(host: string, username: string): Promise<string> {
  const session = await apiCall<{ access_token: string }>(host, 'POST', '/api/token', {
    grant_type: 'password',
    username,
    password: 'Kampus!2026',
  });
  return session.access_token;
}
