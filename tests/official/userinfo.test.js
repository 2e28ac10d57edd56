// The userinfo fake (OAuth2 v2 userinfo and tokeninfo) driven by Google's own Node client, googleapis'
// oauth2 v2, every answer checked against the client's Schema$Userinfo and Schema$Tokeninfo declarations.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Common, google } from 'googleapis';
import { startFake } from './lib/fake_server.js';
import { assertShape, googleSchemas } from './lib/declared_types.js';

const schemas = googleSchemas('oauth2', 'v2');

let fake;

before(async () => {
  fake = await startFake('userinfo');
});
after(async () => fake?.stop());

/// The oauth2 v2 client calling the fake with `token` as its OAuth credential (none: no credential).
function oauth2(token) {
  const options = { version: 'v2', rootUrl: `${fake.base}/` };
  if (token) {
    const auth = new google.auth.OAuth2();
    auth.setCredentials({ access_token: token });
    options.auth = auth;
  }
  return google.oauth2(options);
}

function judged(res, type, required = []) {
  assert.equal(res.status, 200);
  assertShape(schemas.check(type, res.data, { required }), type);
  return res.data;
}

async function refusal(promise, status) {
  const err = await promise.then(
    () => assert.fail(`expected HTTP ${status}`),
    (e) => e,
  );
  assert.ok(err instanceof Common.GaxiosError, `not a GaxiosError: ${err}`);
  assert.equal(err.status, status);
  return err;
}

describe('userinfo fake with googleapis oauth2 v2', () => {
  test('userinfo.get and userinfo.v2.me.get show the whole account to an openid email profile token', async () => {
    const client = oauth2(fake.credentials.ACCESS_TOKEN);
    const me = judged(await client.userinfo.get(), 'Userinfo', ['id', 'email', 'verified_email', 'name']);
    assert.equal(me.id, '100000000000000000001');
    assert.equal(me.email, 'ada@analytical.example');
    assert.equal(me.verified_email, true);
    assert.equal(me.name, 'Ada Lovelace');
    assert.equal(me.given_name, 'Ada');
    assert.equal(me.family_name, 'Lovelace');
    assert.equal(me.hd, 'analytical.example');
    assert.equal(me.locale, 'en-GB');
    const again = judged(await client.userinfo.v2.me.get(), 'Userinfo');
    assert.deepEqual(again, me);
  });

  test('a token with openid and the email scope sees the id and email only', async () => {
    const me = judged(await oauth2(fake.credentials.EMAIL_ONLY_TOKEN).userinfo.get(), 'Userinfo', ['id', 'email']);
    assert.deepEqual(Object.keys(me).sort(), ['email', 'id', 'verified_email']);
    assert.equal(me.email, 'grace@example.com');
    assert.equal(me.verified_email, false);
  });

  test('the fields parameter narrows the answer', async () => {
    const me = judged(await oauth2(fake.credentials.ACCESS_TOKEN).userinfo.get({ fields: 'email,name' }), 'Userinfo');
    assert.deepEqual(me, { email: 'ada@analytical.example', name: 'Ada Lovelace' });
  });

  test('tokeninfo describes an access token and an ID token, no credential needed', async () => {
    const client = oauth2();
    const access = judged(await client.tokeninfo({ access_token: fake.credentials.ACCESS_TOKEN }), 'Tokeninfo',
                          ['issued_to', 'audience', 'user_id', 'expires_in', 'scope', 'email']);
    assert.equal(access.user_id, '100000000000000000001');
    assert.equal(access.scope, 'openid email profile');
    assert.equal(access.email, 'ada@analytical.example');
    assert.ok(Number.isInteger(access.expires_in) && access.expires_in > 0 && access.expires_in <= 3600);
    const id = judged(await client.tokeninfo({ id_token: fake.credentials.ID_TOKEN }), 'Tokeninfo',
                      ['audience', 'user_id', 'expires_in']);
    assert.equal(id.user_id, '100000000000000000001');
    assert.equal(id.scope, undefined);
  });

  test('tokeninfo refuses a revoked token with 400 invalid_token', async () => {
    const err = await refusal(oauth2().tokeninfo({ access_token: fake.credentials.REVOKED_TOKEN }), 400);
    assert.equal(err.response.data.error, 'invalid_token');
    assert.equal(typeof err.response.data.error_description, 'string');
  });

  test('userinfo refuses a revoked token and a missing one with 401 and a Bearer challenge', async () => {
    for (const client of [oauth2(fake.credentials.REVOKED_TOKEN), oauth2()]) {
      const err = await refusal(client.userinfo.get(), 401);
      assert.match(err.response.headers.get?.('www-authenticate') ?? err.response.headers['www-authenticate'],
                   /^Bearer realm=/);
      assert.equal(err.response.data.error.code, 401);
      assert.equal(err.message, err.response.data.error.message);
    }
  });

  test('an unknown path is 404 with Google\'s error body', async () => {
    // The auth library's own request(), as an application calls a URL the generated client lacks.
    const auth = new google.auth.OAuth2();
    auth.setCredentials({ access_token: fake.credentials.ACCESS_TOKEN });
    const err = await refusal(auth.request({ url: `${fake.base}/oauth2/v2/nowhere` }), 404);
    assert.equal(err.response.data.error.code, 404);
  });
});
