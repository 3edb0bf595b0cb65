/** The catalog: `GET /v2/catalog/gpus` and `GET /v2/catalog/datacenters`, with the sandbox's stock of each GPU type. */
import { type Answer, answer, problem } from './protocol.ts';

export const GPU_TYPES = [
  { id: 'NVIDIA GeForce RTX 4090', name: 'RTX 4090', pool: 'ADA_24', memory: 24, secure: 0.69, community: 0.34 },
  { id: 'NVIDIA A100 80GB PCIe', name: 'A100 PCIe', pool: 'AMPERE_80', memory: 80, secure: 1.64, community: 1.19 },
  { id: 'NVIDIA H100 80GB HBM3', name: 'H100 SXM', pool: 'HOPPER_141', memory: 80, secure: 2.99, community: null },
];
export const DATA_CENTERS = [
  {
    id: 'SANDBOX-1',
    name: 'Sandbox (simulated)',
    region: 'NORTH_AMERICA',
    globalNetwork: false,
    networkVolumeTypes: ['STANDARD'],
    compliance: [],
  },
];
const MAX_COUNT = 8;

/** Whether each GPU type (by id) can be placed now. */
export type Stock = Map<string, boolean>;

/** At start every type is in stock but the H100. */
export const initialStock = (): Stock =>
  new Map(GPU_TYPES.map((type) => [type.id, type.id !== 'NVIDIA H100 80GB HBM3']));

/** GET /v2/catalog/gpus; the sandbox's stock does not depend on count or cloud beyond whether the cloud has the type. */
export function gpus(query: URLSearchParams, stock: Stock): Answer {
  const include = query.get('include');
  if ((include === 'AVAILABILITY') !== query.has('product'))
    return problem(400, 'include=AVAILABILITY requires product, and product is valid only with it');
  if (include !== null && include !== 'AVAILABILITY')
    return problem(422, 'Request validation failed.', [`include: unknown value ${include}`]);
  const withStock = include === 'AVAILABILITY';
  const cloud = query.get('cloud') ?? 'SECURE';
  const types = GPU_TYPES.map((t) => {
    const inCloud = cloud === 'COMMUNITY' ? t.community !== null : true;
    const level = stock.get(t.id) && inCloud ? 'HIGH' : 'NONE';
    return {
      id: t.id,
      name: t.name,
      pool: t.pool,
      manufacturer: 'NVIDIA',
      memory: t.memory,
      secure: true,
      community: t.community !== null,
      price: { secure: t.secure, community: t.community ?? 0 },
      maxCount: { secure: MAX_COUNT, community: t.community === null ? 0 : MAX_COUNT },
      ...(withStock
        ? {
            availability: level,
            ...(level === 'NONE'
              ? {}
              : { dataCenters: DATA_CENTERS.map((dc) => ({ id: dc.id, name: dc.name, availability: level })) }),
          }
        : {}),
    };
  });
  return answer(200, { gpus: types });
}

export function dataCenters(query: URLSearchParams, stock: Stock): Answer {
  const withStock = query.get('include') === 'GPU_AVAILABILITY';
  return answer(200, {
    dataCenters: DATA_CENTERS.map((dc) => ({
      ...dc,
      ...(withStock
        ? {
            gpuAvailability: GPU_TYPES.map((t) => ({
              id: t.id,
              name: t.name,
              availability: stock.get(t.id) ? 'HIGH' : 'NONE',
            })),
          }
        : {}),
    })),
  });
}
