/**
 * A local server speaking Lambda Cloud's API v1 for the adapter tests: instance types with the regions that have
 * capacity, launch and terminate, instances (booting, then active after `bootMs` on the test's clock), SSH keys,
 * and Lambda's error shape ({ error: { code, message } }) for a missing key, no capacity and unknown instances.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startLambdaCloud(options: { apiKey: string; now: () => number; bootMs: number }) {
  const instances = new Map<
    string,
    { id: string; name: string; type: string; region: string; launchedAt: number; status: 'active' | 'terminated' }
  >();
  const keys: { id: string; name: string; public_key: string }[] = [];
  let capacity = true;
  let counter = 0;
  const types = {
    gpu_1x_a10: {
      instance_type: {
        name: 'gpu_1x_a10',
        description: '1x A10 (24 GB PCIe)',
        gpu_description: 'A10 (24 GB PCIe)',
        price_cents_per_hour: 75,
        specs: { vcpus: 30, memory_gib: 200, storage_gib: 1400, gpus: 1 },
      },
    },
  };
  const error = (code: string, message: string) => ({ error: { code, message } });

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.headers.authorization !== `Bearer ${options.apiKey}`)
        return send(401, error('global/invalid-api-key', 'API key was invalid, expired, or deleted.'));
      const body = raw ? JSON.parse(raw) : {};
      const route = `${req.method} ${req.url}`;
      const view = (i: {
        id: string;
        name: string;
        type: string;
        region: string;
        launchedAt: number;
        status: string;
      }) => {
        const booted = options.now() - i.launchedAt >= options.bootMs;
        return {
          id: i.id,
          name: i.name,
          status: i.status === 'terminated' ? 'terminated' : booted ? 'active' : 'booting',
          ip: booted ? '203.0.113.7' : null,
          region: { name: i.region },
          instance_type: types.gpu_1x_a10.instance_type,
          jupyter_url: booted ? `https://jupyter-${i.id}.lambdaspaces.com/?token=t` : null,
        };
      };
      if (route === 'GET /api/v1/instance-types') {
        return send(200, {
          data: {
            gpu_1x_a10: {
              ...types.gpu_1x_a10,
              regions_with_capacity_available: capacity ? [{ name: 'us-east-1', description: 'Virginia, USA' }] : [],
            },
          },
        });
      }
      if (route === 'GET /api/v1/ssh-keys') return send(200, { data: keys });
      if (route === 'POST /api/v1/ssh-keys') {
        const key = { id: `key${keys.length}`, name: body.name, public_key: body.public_key };
        keys.push(key);
        return send(200, { data: key });
      }
      if (route === 'POST /api/v1/instance-operations/launch') {
        if (!capacity)
          return send(
            400,
            error('instance-operations/launch/insufficient-capacity', 'Not enough capacity to fulfill launch request.'),
          );
        if (!body.ssh_key_names?.every((name: string) => keys.some((k) => k.name === name)))
          return send(400, error('global/invalid-parameters', 'Unknown SSH key'));
        const id = `inst${++counter}`;
        instances.set(id, {
          id,
          name: body.name,
          type: body.instance_type_name,
          region: body.region_name,
          launchedAt: options.now(),
          status: 'active',
        });
        return send(200, { data: { instance_ids: [id] } });
      }
      if (route === 'POST /api/v1/instance-operations/terminate') {
        const found = body.instance_ids.map((id: string) => instances.get(id)).filter(Boolean);
        if (found.length === 0) return send(404, error('global/object-does-not-exist', 'Instance not found'));
        for (const instance of found) instances.delete(instance.id);
        return send(200, { data: { terminated_instances: found.map(view) } });
      }
      if (route === 'GET /api/v1/instances') return send(200, { data: [...instances.values()].map(view) });
      const one = /^GET \/api\/v1\/instances\/(\w+)$/.exec(route);
      if (one) {
        const instance = instances.get(one[1]!);
        return instance
          ? send(200, { data: view(instance) })
          : send(404, error('global/object-does-not-exist', 'Instance not found'));
      }
      return send(404, error('global/not-found', route));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setCapacity: (value: boolean) => {
      capacity = value;
    },
    instances: () => [...instances.values()],
    keys: () => keys,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
