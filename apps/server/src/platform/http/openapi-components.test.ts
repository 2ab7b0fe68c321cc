import { describe, expect, it } from 'vitest';
import { dropUnusedSchemas, shareErrorResponses, shareParameters } from './openapi-components';

const envelope = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
const idParam = { in: 'path', name: 'id', required: true, schema: { $ref: '#/components/schemas/Uuid' } };

describe('API description components', () => {
  it('answers every 4xx of an operation with the one shared error response', () => {
    const doc = shareErrorResponses({
      paths: { '/a': { get: { responses: { 200: { description: 'ok' }, 400: envelope, 404: envelope } } } },
    }) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: unknown };
    expect(doc.paths['/a']!.get!.responses).toEqual({
      200: { description: 'ok' },
      '4XX': { $ref: '#/components/responses/Error' },
    });
    expect(doc.components).toMatchObject({ responses: { Error: envelope } });
  });

  it('describes a parameter declared the same way by several operations once', () => {
    const op = () => ({ parameters: [idParam, { in: 'query', name: 'x', schema: { type: 'string' } }] });
    const doc = shareParameters({ paths: { '/a/{id}': { get: op(), put: op(), delete: op() } } }) as {
      paths: Record<string, Record<string, { parameters: unknown[] }>>;
      components: { parameters: Record<string, unknown> };
    };
    expect(doc.components.parameters).toEqual({
      idPath: idParam,
      xQuery: { in: 'query', name: 'x', schema: { type: 'string' } },
    });
    expect(doc.paths['/a/{id}']!.put!.parameters).toEqual([
      { $ref: '#/components/parameters/idPath' },
      { $ref: '#/components/parameters/xQuery' },
    ]);
    // Used fewer times than the threshold: left in place.
    const once = shareParameters({ paths: { '/b/{id}': { get: { parameters: [idParam] } } } }) as typeof doc;
    expect(once.paths['/b/{id}']!.get!.parameters).toEqual([idParam]);
  });

  it('keeps the named schemas an operation reaches, directly or through another schema, and drops the rest', () => {
    const doc = dropUnusedSchemas({
      paths: { '/a': { get: { responses: { 200: { $ref: '#/components/schemas/A' } } } } },
      components: {
        schemas: {
          A: { properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: 'string' },
          AInput: { type: 'object' },
        },
      },
    }) as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['A', 'B']);
  });
});
