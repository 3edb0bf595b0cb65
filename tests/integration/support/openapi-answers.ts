/**
 * Every answer the integration suites receive through the request helper (stack.ts `client`) is held against the
 * OpenAPI document built from src/contract/openapi/: its status must be one the document declares for that route,
 * and a JSON body must fit the schema it declares for that status. A mismatch fails the test that got it, naming
 * the route, the status and what does not fit: the reference lists what the API answers.
 *
 * Requests to paths the document does not hold (the routes it leaves out on purpose, made-up paths) are not checked;
 * tests/integration/openapi-routes.test.ts holds the document against the server's route table.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '~/contract/openapi/document.ts';

const document = buildOpenApiDocument('http://localhost');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'nxn-openapi', components: { schemas: document.components.schemas } }, 'nxn-openapi');

interface Route {
  template: string;
  pattern: RegExp;
  /** Path parameters: a route with fewer is the more specific one (`/videos/availability` over `/videos/{id}`). */
  params: number;
}

const routes: Route[] = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
  params: (template.match(/\{/g) ?? []).length,
}));

function routeOf(method: string, path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  const found = routes
    .filter((route) => route.pattern.test(bare) && document.paths[route.template]?.[method.toLowerCase()])
    .sort((a, b) => a.params - b.params);
  return found[0]?.template;
}

type Response = { $ref?: string; content?: Record<string, { schema?: Record<string, unknown> }> };

const resolve = (response: Response): Response => {
  const name = response.$ref?.replace('#/components/responses/', '');
  return name ? (document.components.responses?.[name] as Response) : response;
};

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    // Component references point into the document's components, held under the id `nxn-openapi`.
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"nxn-openapi#/components/');
    validate = ajv.compile(JSON.parse(text));
    validators.set(key, validate);
  }
  return validate;
}

/** Why this answer does not fit the document, or undefined when it does (or the route is not in it). */
export function undeclaredAnswer(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string | undefined {
  const template = routeOf(method, path);
  if (!template) return undefined;
  const operation = document.paths[template]?.[method.toLowerCase()] as { responses: Record<string, Response> };
  const where = `${method.toUpperCase()} ${template} answered ${status}`;
  const declared = operation.responses[String(status)];
  if (!declared)
    return `${where}, which the OpenAPI document does not declare (it declares ${Object.keys(operation.responses).join(', ')}): add it to the route's row in src/contract/openapi/`;
  const schema = resolve(declared).content?.['application/json']?.schema;
  if (!schema || !contentType?.includes('application/json')) return undefined;
  const validate = validatorFor(`${method} ${template} ${status}`, schema);
  if (validate(body)) return undefined;
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
  return `${where} with a body the OpenAPI document's schema refuses: ${problems}. Body: ${JSON.stringify(body).slice(0, 500)}`;
}
