// Checks a JSON answer against the types a client declares for it, read from the client's own package:
//
//   googleSchemas('migrationcenter', 'v1alpha1')  the Schema$* interfaces of googleapis' .d.ts
//   hubspotModels('webhooks')                     the model classes of @hubspot/api-client: wire names,
//                                                 types and formats from their runtime attributeTypeMap,
//                                                 enum values from their enums, required members from
//                                                 their .d.ts
//
// check(type, value) lists every problem: a member of another JSON type than declared (a number where a
// string is), a member the type does not declare, a required member missing, a value outside an enum.
// assertShape(...) fails the test with that list.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

/// The member declarations `{ name: typeText }` of every `export interface Schema$Name` in a googleapis .d.ts.
function readGoogleInterfaces(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const interfaces = new Map();
  for (const m of text.matchAll(/export interface Schema\$(\w+) \{([\s\S]*?)\n {4}\}/g)) {
    const members = new Map();
    const body = m[2].replace(/\s+/g, ' ');
    for (const mm of body.matchAll(/'?([\w@$-]+)'?\??: ((?:\{[^}]*\}|[^;{])+);/g)) members.set(mm[1], mm[2].trim());
    interfaces.set(m[1], members);
  }
  return interfaces;
}

/// The Schema$* types of googleapis' `api` at `version`, as its .d.ts declares them.
export function googleSchemas(api, version) {
  const file = require.resolve(`googleapis/build/src/apis/${api}/${version}.d.ts`);
  const interfaces = readGoogleInterfaces(file);
  if (interfaces.size === 0) throw new Error(`no Schema$ interfaces read from ${file}`);

  function checkType(typeText, value, at, problems) {
    let t = typeText.trim();
    if (t.endsWith(' | null')) {
      if (value === null) return;
      t = t.slice(0, -' | null'.length).trim();
    }
    if (t === 'any') return;
    if (t === 'string' || t === 'number' || t === 'boolean') {
      if (typeof value !== t || (t === 'number' && !Number.isFinite(value)))
        problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      return;
    }
    const array = t.match(/^(.+)\[\]$/) || t.match(/^Array<(.+)>$/);
    if (array) {
      if (!Array.isArray(value)) return problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      value.forEach((v, i) => checkType(array[1], v, `${at}[${i}]`, problems));
      return;
    }
    const map = t.match(/^\{ \[key: string\]: (.+); \}$/);
    if (map) {
      if (!isObject(value)) return problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      for (const [k, v] of Object.entries(value)) checkType(map[1], v, `${at}.${k}`, problems);
      return;
    }
    const schema = t.match(/^Schema\$(\w+)$/);
    if (schema) return checkSchema(schema[1], value, at, problems);
    problems.push(`${at}: the declared type '${t}' is not one this checker reads`);
  }

  function checkSchema(name, value, at, problems) {
    const members = interfaces.get(name);
    if (!members) return problems.push(`${at}: no Schema$${name} in the client's declarations`);
    if (!isObject(value)) return problems.push(`${at}: declared Schema$${name}, got ${describe(value)}`);
    for (const [k, v] of Object.entries(value)) {
      const declared = members.get(k);
      if (declared === undefined) problems.push(`${at}.${k}: Schema$${name} declares no member '${k}'`);
      else checkType(declared, v, `${at}.${k}`, problems);
    }
  }

  return {
    has: (name) => interfaces.has(name),
    members: (name) => interfaces.get(name),
    /// The problems of `value` as a Schema$`name`; `required` lists members this answer must carry.
    check(name, value, { required = [] } = {}) {
      const problems = [];
      checkSchema(name, value, name, problems);
      if (isObject(value))
        for (const r of required) if (value[r] === undefined) problems.push(`${name}.${r}: missing`);
      return problems;
    },
  };
}

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/// The model classes of @hubspot/api-client's `area` (e.g. 'webhooks'). `tolerate` names members the
/// client does not declare that an answer may still carry, as 'Model.member', each with the reason.
export function hubspotModels(area, { tolerate = {} } = {}) {
  const allFile = require.resolve(`@hubspot/api-client/lib/codegen/${area}/models/all.js`);
  const models = require(allFile);
  const dir = path.dirname(allFile);
  const requiredOf = new Map();
  for (const name of Object.keys(models)) {
    const dts = path.join(dir, `${name}.d.ts`);
    if (!fs.existsSync(dts)) continue;
    const text = fs.readFileSync(dts, 'utf8');
    const cls = text.match(new RegExp(`export declare class ${name} \\{([\\s\\S]*?)\\n\\}`));
    if (!cls) continue;
    const required = new Set();
    for (const m of cls[1].matchAll(/^ {4}'(\w+)'(\??): /gm)) if (!m[2]) required.add(m[1]);
    requiredOf.set(name, required);
  }

  function checkType(type, format, value, at, problems) {
    const t = type.trim();
    if (t === 'any') return;
    if (t === 'string' || t === 'boolean') {
      if (typeof value !== t) problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      return;
    }
    if (t === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return problems.push(`${at}: declared number, got ${describe(value)}`);
      if ((format === 'int32' || format === 'int64') && !Number.isInteger(value))
        problems.push(`${at}: declared ${format}, got ${value}`);
      return;
    }
    if (t === 'Date') {
      if (typeof value !== 'string' || !isoTimestamp.test(value) || Number.isNaN(Date.parse(value)))
        problems.push(`${at}: declared Date (${format || 'date-time'}), got ${describe(value)}`);
      return;
    }
    const array = t.match(/^Array<(.+)>$/);
    if (array) {
      if (!Array.isArray(value)) return problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      value.forEach((v, i) => checkType(array[1], '', v, `${at}[${i}]`, problems));
      return;
    }
    const map = t.match(/^\{ \[key: string\]: (.+); \}$/);
    if (map) {
      if (!isObject(value)) return problems.push(`${at}: declared ${t}, got ${describe(value)}`);
      for (const [k, v] of Object.entries(value)) checkType(map[1], '', v, `${at}.${k}`, problems);
      return;
    }
    const model = models[t];
    if (!model) return problems.push(`${at}: the declared type '${t}' is not one of the client's models`);
    if (typeof model.getAttributeTypeMap !== 'function') {
      const allowed = Object.values(model);
      if (!allowed.includes(value)) problems.push(`${at}: ${describe(value)} is not a value of ${t}`);
      return;
    }
    checkModel(t, value, at, problems);
  }

  function checkModel(name, value, at, problems) {
    if (!isObject(value)) return problems.push(`${at}: declared ${name}, got ${describe(value)}`);
    const attributes = models[name].getAttributeTypeMap();
    const wireNames = new Set(attributes.map((a) => a.baseName));
    for (const k of Object.keys(value))
      if (!wireNames.has(k) && !(`${name}.${k}` in tolerate))
        problems.push(`${at}.${k}: ${name} declares no member '${k}'`);
    const required = requiredOf.get(name) ?? new Set();
    for (const a of attributes) {
      const v = value[a.baseName];
      if (v === undefined || v === null) {
        if (required.has(a.name)) problems.push(`${at}.${a.baseName}: required by ${name}, missing`);
        continue;
      }
      checkType(a.type, a.format, v, `${at}.${a.baseName}`, problems);
    }
  }

  return {
    models,
    /// The problems of the wire JSON `value` as the model `name`.
    check(name, value) {
      const problems = [];
      checkType(name, '', value, name, problems);
      return problems;
    },
  };
}

/// Fails the test when `problems` (from a check) is not empty, listing them all.
export function assertShape(problems, what = 'the answer') {
  assert.deepEqual(problems, [], `${what} does not have the client's declared shape:\n  ${problems.join('\n  ')}`);
}
