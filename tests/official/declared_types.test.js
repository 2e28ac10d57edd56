// The checker the scenarios judge answers with: it must see each kind of mismatch, or the scenarios
// would pass whatever the fakes answer.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { googleSchemas, hubspotModels } from './lib/declared_types.js';

describe('declared types read from googleapis .d.ts', () => {
  const mc = googleSchemas('migrationcenter', 'v1alpha1');

  test('reads the Schema$ interfaces with their member types', () => {
    assert.equal(mc.members('ImportJob').get('state'), 'string | null');
    assert.equal(mc.members('ImportJob').get('inlinePayload'), 'Schema$InlinePayloadInfo');
    assert.equal(mc.members('InlinePayloadInfo').get('payload'), 'Schema$PayloadFile[]');
  });

  test('a well-formed answer has no problem', () => {
    assert.deepEqual(mc.check('ImportJob', {
      name: 'projects/p/locations/l/importJobs/j', state: 'IMPORT_JOB_STATE_READY', labels: { a: 'b' },
      inlinePayload: { format: 'IMPORT_JOB_FORMAT_MANUAL_CSV', payload: [{ name: 'f', data: 'QQ==' }] },
      executionReport: { framesReported: 2 },
    }), []);
  });

  test('sees a number where a string is declared, an int64 sent as a number, and nested mismatches', () => {
    assert.deepEqual(mc.check('ImportJob', { state: 3 }), ['ImportJob.state: declared string, got the number 3']);
    // AggregationResultCount.value is an int64: Google's JSON carries it as a string.
    assert.equal(mc.members('AggregationResultCount').get('value'), 'string | null');
    assert.deepEqual(mc.check('AggregationResultCount', { value: 3 }),
                     ['AggregationResultCount.value: declared string, got the number 3']);
    assert.deepEqual(mc.check('ImportJob', { inlinePayload: { payload: [{ data: 1 }] } }),
                     ['ImportJob.inlinePayload.payload[0].data: declared string, got the number 1']);
    assert.deepEqual(mc.check('ImportJob', { labels: { a: 1 } }), ['ImportJob.labels.a: declared string, got the number 1']);
  });

  test('sees an undeclared member, a wrong container, a missing required member', () => {
    assert.deepEqual(mc.check('Source', { colour: 'red' }), ["Source.colour: Schema$Source declares no member 'colour'"]);
    assert.deepEqual(mc.check('ListSourcesResponse', { sources: {} }),
                     ['ListSourcesResponse.sources: declared Schema$Source[], got an object']);
    assert.deepEqual(mc.check('Source', {}, { required: ['name'] }), ['Source.name: missing']);
  });
});

describe('declared types read from @hubspot/api-client models', () => {
  const wh = hubspotModels('webhooks', { tolerate: { 'ThrottlingSettings.period': 'test' } });
  const good = { id: '1', active: true, eventType: 'contact.creation', createdAt: '2024-01-01T00:00:00.000Z' };

  test('a well-formed answer has no problem', () => {
    assert.deepEqual(wh.check('SubscriptionResponse', good), []);
  });

  test('sees a wrong JSON type, a missing required member, a value outside the enum, a bad timestamp', () => {
    assert.deepEqual(wh.check('SubscriptionResponse', { ...good, id: 1 }),
                     ['SubscriptionResponse.id: declared string, got the number 1']);
    const { active: _, ...noActive } = good;
    assert.deepEqual(wh.check('SubscriptionResponse', noActive), ['SubscriptionResponse.active: required by SubscriptionResponse, missing']);
    assert.deepEqual(wh.check('SubscriptionResponse', { ...good, eventType: 'contact.teleported' }),
                     ['SubscriptionResponse.eventType: the string "contact.teleported" is not a value of SubscriptionResponseEventTypeEnum']);
    assert.deepEqual(wh.check('SubscriptionResponse', { ...good, createdAt: 'yesterday' }),
                     ['SubscriptionResponse.createdAt: declared Date (date-time), got the string "yesterday"']);
  });

  test('reads wire names (ErrorDetail.in), flags undeclared members unless tolerated', () => {
    assert.deepEqual(wh.check('ErrorDetail', { message: 'm', in: 'targetUrl' }), []);
    assert.deepEqual(wh.check('ErrorDetail', { message: 'm', _in: 'targetUrl' }), ["ErrorDetail._in: ErrorDetail declares no member '_in'"]);
    assert.deepEqual(wh.check('ThrottlingSettings', { maxConcurrentRequests: 1, period: 'SECONDLY' }), []);
    assert.deepEqual(wh.check('ThrottlingSettings', { maxConcurrentRequests: 1.5 }),
                     ['ThrottlingSettings.maxConcurrentRequests: declared int32, got 1.5']);
  });
});
