import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('OpenAPI at /api/docs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('serves the Swagger UI to anyone', async () => {
    const res = await call(t, 'GET', '/api/docs');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /swagger-ui/i);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, 'no inline scripts allowed');
    const asset = await call(t, 'GET', '/api/docs/static/swagger-initializer.js');
    assert.equal(asset.statusCode, 200);
    assert.match(asset.body, /docs\/json|\.\/json/);
    const css = await call(t, 'GET', '/api/docs/static/swagger-ui.css');
    assert.equal(css.statusCode, 200);
  });

  it('serves the OpenAPI document generated from the zod contract with every catalogue call', async () => {
    const res = await call(t, 'GET', '/api/docs/json');
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\./);
    const expected: Record<string, string[]> = {
      '/api/universities': ['get', 'post'],
      '/api/universities/{id}': ['get', 'put', 'delete'],
      '/api/programs': ['get', 'post'],
      '/api/programs/{id}': ['get', 'put', 'delete'],
      '/api/programs/university/{universityId}': ['get'],
      '/api/courses': ['get', 'post'],
      '/api/courses/{id}': ['get', 'put', 'delete'],
      '/api/courses/program/{programId}': ['get'],
      '/api/dashboard/stats': ['get'],
      '/api/universities/{id}/intakes': ['get', 'post'],
      '/api/intakes/{id}': ['get', 'put', 'delete'],
      '/api/intakes/{id}/capacity': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      assert.ok(doc.paths[path], `${path} is documented`);
      for (const method of methods) assert.ok(doc.paths[path][method], `${method.toUpperCase()} ${path} is documented`);
    }
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/api/docs')), 'the docs routes themselves are hidden');
  });

  it('documents bodies, parameters and who may call', async () => {
    const doc = (await call(t, 'GET', '/api/docs/json')).json();
    const createCourse = doc.paths['/api/courses'].post;
    const courseBody = createCourse.requestBody.content['application/json'].schema;
    assert.ok(courseBody.properties.semesterToBeDone, 'create takes semesterToBeDone');
    assert.ok(courseBody.required.includes('programId'));
    const updateCourse = doc.paths['/api/courses/{id}'].put.requestBody.content['application/json'].schema;
    assert.ok(updateCourse.properties.sermisterToBeDone, 'edit takes sermisterToBeDone');
    assert.deepEqual(createCourse.security, [{ bearerAuth: [] }]);
    assert.equal(doc.paths['/api/universities'].get.security, undefined, 'public reads need no token');
    assert.match(doc.paths['/api/universities'].post.description, /SUPERUSER/);
    assert.ok(doc.components.securitySchemes.bearerAuth);
    const params = doc.paths['/api/programs/university/{universityId}'].get.parameters;
    assert.ok(params.some((p: { name: string; in: string }) => p.name === 'universityId' && p.in === 'path'));
    const listQuery = doc.paths['/api/programs'].get.parameters.map((p: { name: string }) => p.name).sort();
    assert.deepEqual(listQuery, ['page', 'search', 'size', 'universityId']);
    const statsSchema = doc.paths['/api/dashboard/stats'].get.responses['200'].content['application/json'].schema;
    assert.ok(statsSchema.properties.submissionsLast7Days);
  });
});
