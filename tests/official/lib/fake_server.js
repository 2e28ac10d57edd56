// Starts webapi-fake-server for one API as a child process and stops it again.
//
// The server prints the demo data set's credentials and its CONTROL_TOKEN as NAME=VALUE lines, then `port=N` once it accepts
// connections (tools/fake_server/main.cpp, docs/fake-server.md). startFake() reads those lines and answers
// the base URL, the credentials, a helper for the control plane under /__webapi/, and stop().

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/// The fake server's path: WEBAPI_FAKE_SERVER, which the ctest entry sets from the built target.
export function fakeServerPath() {
  const path = process.env.WEBAPI_FAKE_SERVER;
  if (!path) throw new Error('set WEBAPI_FAKE_SERVER to the webapi-fake-server executable');
  return path;
}

export async function startFake(api) {
  const child = spawn(fakeServerPath(), ['--api', api, '--seed', 'demo', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test process that ends without calling stop() (an uncaught error) must not leave the server running.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const credentials = {};
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`webapi-fake-server --api ${api} printed no port in 10 s`));
    }, 10000);
    child.once('error', (e) => { clearTimeout(timer); reject(e); });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`webapi-fake-server --api ${api} exited with ${code} before listening: ${stderr}`));
    });
    lines.on('line', (line) => {
      const eq = line.indexOf('=');
      if (eq < 0) return;
      const name = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (name === 'port') {
        clearTimeout(timer);
        resolve(Number(value));
      } else {
        credentials[name] = value;
      }
    });
  });
  child.removeAllListeners('exit');
  const base = `http://127.0.0.1:${port}`;

  /// A call to the control plane; answers the parsed JSON body (null for 204).
  async function control(method, path, body) {
    // The control plane answers only requests carrying the token the server printed.
    const init = { method, headers: { 'X-Webapi-Control': credentials.CONTROL_TOKEN } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${base}/__webapi/${path}`, init);
    if (!res.ok) throw new Error(`control plane ${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  }

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    process.removeListener('exit', killOnExit);
  }

  return { base, port, credentials, control, stop, process: child };
}
