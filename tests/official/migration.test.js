// The migration fake (Migration Center v1alpha1) driven by Google's own Node client, googleapis'
// migrationcenter v1alpha1, every answer checked against the client's Schema$* declarations.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Common, google } from 'googleapis';
import { startFake } from './lib/fake_server.js';
import { assertShape, googleSchemas } from './lib/declared_types.js';

const schemas = googleSchemas('migrationcenter', 'v1alpha1');
const TYPE_PREFIX = 'type.googleapis.com/google.cloud.migrationcenter.v1alpha1.';

let fake;
let mc;
let parent;

before(async () => {
  fake = await startFake('migration');
  const auth = new google.auth.OAuth2();
  auth.setCredentials({ access_token: fake.credentials.ACCESS_TOKEN });
  mc = google.migrationcenter({ version: 'v1alpha1', rootUrl: `${fake.base}/`, auth });
  parent = `projects/${fake.credentials.PROJECT}/locations/${fake.credentials.LOCATION}`;
});
after(async () => fake?.stop());

/// `res.data` checked as Schema$`type`, carrying `required`; answers it.
function judged(res, type, required = []) {
  assert.equal(res.status, 200);
  assertShape(schemas.check(type, res.data, { required }), `${type}`);
  return res.data;
}

/// An operation's response or metadata: a protobuf Any, its "@type" naming the Schema$ it holds.
function unpacked(any, type) {
  assert.equal(any['@type'], TYPE_PREFIX + type);
  const { '@type': _, ...rest } = any;
  assertShape(schemas.check(type, rest), `the operation's ${type}`);
  return rest;
}

/// Polls operations.get until done, moving the fake's clock a second between polls (the fake runs an
/// operation for two seconds of its clock); answers the done operation.
async function waitFor(operation) {
  let op = operation;
  for (let polls = 0; !op.done; ++polls) {
    assert.ok(polls < 10, `operation ${op.name} is not done after ${polls} polls`);
    await fake.control('PUT', 'clock', { advance_seconds: 1 });
    op = judged(await mc.projects.locations.operations.get({ name: op.name }), 'Operation', ['name']);
  }
  assert.equal(op.done, true);
  assert.equal(op.error, undefined, `operation ${op.name} failed: ${JSON.stringify(op.error)}`);
  return op;
}

/// A started long-running operation: not yet done, metadata naming the verb and target.
function started(res, verb, target) {
  const op = judged(res, 'Operation', ['name', 'done', 'metadata']);
  assert.match(op.name, new RegExp(`^${parent}/operations/`));
  assert.equal(op.done, false);
  const meta = unpacked(op.metadata, 'OperationMetadata');
  assert.equal(meta.verb, verb);
  assert.equal(meta.target, target);
  return op;
}

/// Every item of a listing, following nextPageToken until the last page; checks each page.
async function listAll(call, params, responseType, member) {
  const items = [];
  let pageToken;
  let pages = 0;
  do {
    const page = judged(await call({ ...params, pageToken }), responseType);
    ++pages;
    items.push(...(page[member] ?? []));
    pageToken = page.nextPageToken;
    assert.ok(pages <= 50, 'the listing does not end');
  } while (pageToken);
  return { items, pages };
}

/// The GaxiosError a call fails with, after checking its status and Google's error body.
async function refusal(promise, status, canonical) {
  const err = await promise.then(
    () => assert.fail(`expected HTTP ${status}`),
    (e) => e,
  );
  assert.ok(err instanceof Common.GaxiosError, `not a GaxiosError: ${err}`);
  assert.equal(err.status, status);
  assert.equal(err.response.status, status);
  const body = err.response.data;
  assert.equal(typeof body.error, 'object');
  assert.equal(body.error.code, status);
  assert.equal(body.error.status, canonical);
  assert.equal(typeof body.error.message, 'string');
  // The client makes the service's message its own.
  assert.equal(err.message, body.error.message);
  return err;
}

describe('migration fake with googleapis migrationcenter v1alpha1', () => {
  test('locations: listed and read; an unoffered one is 404', async () => {
    const { items } = await listAll(
      (p) => mc.projects.locations.list(p),
      { name: `projects/${fake.credentials.PROJECT}`, pageSize: 2 },
      'ListLocationsResponse',
      'locations',
    );
    const ids = items.map((l) => l.locationId);
    assert.ok(ids.includes('us-central1'), `locations: ${ids}`);
    for (const l of items) assertShape(schemas.check('Location', l, { required: ['name', 'locationId'] }));
    const here = judged(await mc.projects.locations.get({ name: parent }), 'Location', ['name', 'locationId']);
    assert.equal(here.name, parent);
    await refusal(mc.projects.locations.get({ name: `projects/${fake.credentials.PROJECT}/locations/mars-north1` }),
                  404, 'NOT_FOUND');
  });

  test('sources: create, read, page through, patch, delete, each as a long-running operation', async () => {
    const name = `${parent}/sources/crm`;
    const create = started(
      await mc.projects.locations.sources.create({
        parent, sourceId: 'crm', requestBody: { displayName: 'CRM export', description: 'from the CRM', priority: 3 },
      }),
      'create', name);
    const done = await waitFor(create);
    const created = unpacked(done.response, 'Source');
    assert.equal(created.name, name);
    assert.equal(created.displayName, 'CRM export');
    assert.equal(created.priority, 3);

    const read = judged(await mc.projects.locations.sources.get({ name }), 'Source', ['name', 'createTime', 'state']);
    assert.equal(read.description, 'from the CRM');
    assert.equal(read.state, 'ACTIVE');
    assert.ok(!Number.isNaN(Date.parse(read.createTime)));

    await refusal(mc.projects.locations.sources.create({ parent, sourceId: 'crm', requestBody: {} }),
                  409, 'ALREADY_EXISTS');

    for (const id of ['erp', 'hr']) {
      await waitFor(started(await mc.projects.locations.sources.create({ parent, sourceId: id, requestBody: {} }),
                            'create', `${parent}/sources/${id}`));
    }
    const { items, pages } = await listAll((p) => mc.projects.locations.sources.list(p), { parent, pageSize: 2 },
                                           'ListSourcesResponse', 'sources');
    assert.deepEqual(items.map((s) => s.name.split('/').pop()), ['vmware-export', 'crm', 'erp', 'hr']);
    assert.equal(pages, 2);

    const patch = started(
      await mc.projects.locations.sources.patch({
        name, updateMask: 'displayName', requestBody: { displayName: 'CRM nightly', description: 'ignored' },
      }),
      'update', name);
    const patched = unpacked((await waitFor(patch)).response, 'Source');
    assert.equal(patched.displayName, 'CRM nightly');
    assert.equal(patched.description, 'from the CRM', 'a member outside the update mask stays');

    for (const id of ['erp', 'hr']) {
      const del = started(await mc.projects.locations.sources.delete({ name: `${parent}/sources/${id}` }),
                          'delete', `${parent}/sources/${id}`);
      const gone = await waitFor(del);
      assert.equal(gone.response['@type'], 'type.googleapis.com/google.protobuf.Empty');
      await refusal(mc.projects.locations.sources.get({ name: `${parent}/sources/${id}` }), 404, 'NOT_FOUND');
    }
  });

  test('assets: the demo machines page by page, a batch update of labels, aggregation', async () => {
    const { items, pages } = await listAll((p) => mc.projects.locations.assets.list(p), { parent, pageSize: 2 },
                                           'ListAssetsResponse', 'assets');
    assert.ok(pages >= 2);
    const byVm = new Map(items.map((a) => [a.virtualMachineDetails?.vmName, a]));
    for (const vm of ['web-1', 'web-2', 'db-1']) assert.ok(byVm.has(vm), `no asset for ${vm}`);
    const db = byVm.get('db-1');
    assertShape(schemas.check('Asset', db, { required: ['name', 'createTime', 'virtualMachineDetails'] }));
    assert.equal(db.virtualMachineDetails.coreCount, 16);
    assert.equal(db.virtualMachineDetails.memoryMb, 65536);

    const one = judged(await mc.projects.locations.assets.get({ name: db.name }), 'Asset', ['name']);
    assert.equal(one.name, db.name);

    const updated = judged(await mc.projects.locations.assets.batchUpdate({
      parent,
      requestBody: { requests: [{ asset: { name: db.name, labels: { tier: 'data' } }, updateMask: 'labels' }] },
    }), 'BatchUpdateAssetsResponse');
    assert.deepEqual(updated.assets.map((a) => a.labels), [{ tier: 'data' }]);

    const filtered = judged(await mc.projects.locations.assets.list({ parent, filter: 'labels.tier = "data"' }),
                            'ListAssetsResponse');
    assert.deepEqual(filtered.assets.map((a) => a.name), [db.name]);

    const agg = judged(await mc.projects.locations.assets.aggregateValues({
      parent,
      requestBody: { aggregations: [{ field: 'virtualMachineDetails.coreCount', count: {}, sum: {} }] },
    }), 'AggregateAssetsValuesResponse');
    const [result] = agg.results;
    // count is an int64: a JSON string in Google's encoding; sum a double.
    assert.equal(result.count.value, String(items.length));
    assert.equal(result.sum.value, items.reduce((n, a) => n + (a.virtualMachineDetails?.coreCount ?? 0), 0));

    await refusal(mc.projects.locations.assets.get({ name: `${parent}/assets/no-such-asset` }), 404, 'NOT_FOUND');
  });

  test('import job with an inline CSV payload (base64, as the API carries bytes): create, validate, run, read the assets', async () => {
    const source = `${parent}/sources/vmware-export`;
    const csv = 'MachineName,CoreCount,MemoryMB,OsName\napp-1,2,4096,Debian 12\napp-2,8,32768,Debian 12\n';
    const name = `${parent}/importJobs/inline-csv`;
    const create = started(await mc.projects.locations.importJobs.create({
      parent, importJobId: 'inline-csv',
      requestBody: {
        assetSource: source,
        displayName: 'Inline CSV',
        inlinePayload: {
          format: 'IMPORT_JOB_FORMAT_MANUAL_CSV',
          payload: [{ name: 'machines.csv', data: Buffer.from(csv, 'utf8').toString('base64') }],
        },
      },
    }), 'create', name);
    const job = unpacked((await waitFor(create)).response, 'ImportJob');
    assert.equal(job.state, 'IMPORT_JOB_STATE_PENDING');

    // A job runs only once validated.
    const early = await refusal(mc.projects.locations.importJobs.run({ name, requestBody: {} }), 400, 'FAILED_PRECONDITION');
    assert.match(early.message, /validate/);

    await waitFor(started(await mc.projects.locations.importJobs.validate({ name, requestBody: {} }), 'validate', name));
    const validated = judged(await mc.projects.locations.importJobs.get({ name }), 'ImportJob', ['name', 'state']);
    assert.equal(validated.state, 'IMPORT_JOB_STATE_READY',
                 `validation report: ${JSON.stringify(validated.validationReport)}`);

    await waitFor(started(await mc.projects.locations.importJobs.run({ name, requestBody: {} }), 'run', name));
    const ran = judged(await mc.projects.locations.importJobs.get({ name }), 'ImportJob',
                       ['name', 'state', 'executionReport', 'completeTime']);
    assert.equal(ran.state, 'IMPORT_JOB_STATE_COMPLETED');
    assert.equal(ran.executionReport.framesReported, 2);

    const { items } = await listAll((p) => mc.projects.locations.assets.list(p),
                                    { parent, filter: 'virtualMachineDetails.vmName:app-*' },
                                    'ListAssetsResponse', 'assets');
    const vms = Object.fromEntries(items.map((a) => [a.virtualMachineDetails.vmName, a.virtualMachineDetails]));
    assert.deepEqual(Object.keys(vms).sort(), ['app-1', 'app-2']);
    assert.equal(vms['app-2'].coreCount, 8);
    assert.equal(vms['app-2'].memoryMb, 32768);

    const jobs = await listAll((p) => mc.projects.locations.importJobs.list(p), { parent, pageSize: 1 },
                               'ListImportJobsResponse', 'importJobs');
    assert.ok(jobs.items.some((j) => j.name === name));
  });

  test('import job whose CSV lacks the machine name column fails validation and cannot run', async () => {
    const name = `${parent}/importJobs/bad-csv`;
    await waitFor(started(await mc.projects.locations.importJobs.create({
      parent, importJobId: 'bad-csv',
      requestBody: {
        assetSource: `${parent}/sources/vmware-export`,
        inlinePayload: {
          format: 'IMPORT_JOB_FORMAT_MANUAL_CSV',
          payload: [{ name: 'bad.csv', data: Buffer.from('Host,Cores\nx,1\n').toString('base64') }],
        },
      },
    }), 'create', name));
    await waitFor(started(await mc.projects.locations.importJobs.validate({ name, requestBody: {} }), 'validate', name));
    const job = judged(await mc.projects.locations.importJobs.get({ name }), 'ImportJob', ['validationReport']);
    assert.equal(job.state, 'IMPORT_JOB_STATE_FAILED_VALIDATION');
    const [file] = job.validationReport.fileValidations;
    assert.equal(file.fileName, 'bad.csv');
    assert.ok(file.fileErrors.length >= 1);
    await refusal(mc.projects.locations.importJobs.run({ name, requestBody: {} }), 400, 'FAILED_PRECONDITION');
  });

  test('groups: the demo group, a new one, adding an asset', async () => {
    const demo = judged(await mc.projects.locations.groups.get({ name: `${parent}/groups/web-tier` }), 'Group',
                        ['name', 'displayName']);
    assert.equal(demo.displayName, 'Web tier');
    const name = `${parent}/groups/data-tier`;
    await waitFor(started(await mc.projects.locations.groups.create({
      parent, groupId: 'data-tier', requestBody: { displayName: 'Data tier' },
    }), 'create', name));
    const db = judged(await mc.projects.locations.assets.list({ parent, filter: 'virtualMachineDetails.vmName = "db-1"' }),
                      'ListAssetsResponse').assets[0];
    await waitFor(started(await mc.projects.locations.groups.addAssets({
      group: name, requestBody: { assets: { assetIds: [db.name] } },
    }), 'addAssets', name));
    const member = judged(await mc.projects.locations.assets.get({ name: db.name }), 'Asset');
    assert.ok(member.assignedGroups.includes(name), `assignedGroups: ${member.assignedGroups}`);
    const { items } = await listAll((p) => mc.projects.locations.groups.list(p), { parent, pageSize: 1 },
                                    'ListGroupsResponse', 'groups');
    assert.deepEqual(items.map((g) => g.name.split('/').pop()), ['web-tier', 'data-tier']);
  });

  test('operations: listed; cancelling a running one ends it with CANCELLED', async () => {
    const op = started(await mc.projects.locations.preferenceSets.create({
      parent, preferenceSetId: 'cheap', requestBody: { displayName: 'Cheapest' },
    }), 'create', `${parent}/preferenceSets/cheap`);
    const cancelled = await mc.projects.locations.operations.cancel({ name: op.name, requestBody: {} });
    assert.equal(cancelled.status, 200);
    const after = judged(await mc.projects.locations.operations.get({ name: op.name }), 'Operation');
    assert.equal(after.done, true);
    assert.equal(after.error.code, 1);
    assert.equal(unpacked(after.metadata, 'OperationMetadata').requestedCancellation, true);
    const { items } = await listAll((p) => mc.projects.locations.operations.list(p), { name: parent, pageSize: 3 },
                                    'ListOperationsResponse', 'operations');
    assert.ok(items.some((o) => o.name === op.name));
  });

  test('reportAssetFrames in the shape the client declares today (machineDetails) makes an asset', async () => {
    const res = await mc.projects.locations.assets.reportAssetFrames({
      parent, source: `${parent}/sources/vmware-export`,
      requestBody: { framesData: [{ machineDetails: { machineName: 'batch-1', coreCount: 2, memoryMb: 2048 } }] },
    });
    assert.equal(res.status, 200);
    const { items } = await listAll((p) => mc.projects.locations.assets.list(p), { parent }, 'ListAssetsResponse', 'assets');
    const made = items.find((a) => a.machineDetails?.machineName === 'batch-1');
    assert.ok(made, 'no asset carries machineDetails.machineName batch-1');
    assert.equal(made.machineDetails.coreCount, 2);
  });

  test('int64 members round-trip as decimal strings, beyond what a double holds', async () => {
    // 2^53 + 1: a JSON number would come back as 9007199254740992; Google's encoding keeps it exact.
    const bytes = '9007199254740993';
    const res = await mc.projects.locations.assets.reportAssetFrames({
      parent, source: `${parent}/sources/vmware-export`,
      requestBody: { framesData: [{ virtualMachineDetails: {
        vmName: 'big-disk-1', coreCount: 4, vmDisks: { hddTotalCapacityBytes: bytes, hddTotalFreeBytes: '17179869184' },
      } }] },
    });
    assert.equal(res.status, 200);
    const found = judged(await mc.projects.locations.assets.list({
      parent, filter: 'virtualMachineDetails.vmName = "big-disk-1"' }), 'ListAssetsResponse').assets;
    assert.equal(found.length, 1);
    const asset = judged(await mc.projects.locations.assets.get({ name: found[0].name }), 'Asset');
    const disks = asset.virtualMachineDetails.vmDisks;
    assert.equal(typeof disks.hddTotalCapacityBytes, 'string');
    assert.equal(disks.hddTotalCapacityBytes, bytes);
    assert.equal(disks.hddTotalFreeBytes, '17179869184');
  });

  test('credentials: a call without a working token is 401 UNAUTHENTICATED', async () => {
    const auth = new google.auth.OAuth2();
    auth.setCredentials({ access_token: 'ya29.not-issued' });
    const stranger = google.migrationcenter({ version: 'v1alpha1', rootUrl: `${fake.base}/`, auth });
    await refusal(stranger.projects.locations.sources.list({ parent }), 401, 'UNAUTHENTICATED');
  });
});
