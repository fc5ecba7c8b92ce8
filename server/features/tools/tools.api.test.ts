import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { SerializedEditResult } from '../../../common/schemas/admin';
import { Client, type TestApp, startApp, templatesOf } from '../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const edit = (data: string, search?: string, replace = '') =>
  new Client(app.url).post<SerializedEditResult>('/tools/SerializedDataEditor', { data, search, replace, form_id: 'actionEdit' });

// Lengths are UTF-8 bytes, as PHP writes them.
const sample =
  'a:4:{i:0;s:12:"привет";s:4:"list";a:2:{i:0;i:42;i:1;d:1.5;}s:3:"obj";O:8:"stdClass":2:{s:4:"name";s:9:"café ☕";s:4:"flag";b:1;}i:7;N;}';

describe('SerializedDataEditor', () => {
  it('round-trips nested arrays and objects with multibyte strings exactly', async () => {
    const a = await edit(sample);
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(a.body.data.result).toBe(sample);
    expect(a.body.data.replacements).toBe(0);
    const tree = a.body.data.tree;
    expect(tree.type).toBe('array');
    if (tree.type !== 'array') return;
    expect(tree.entries.map((e) => e.key)).toEqual([0, 'list', 'obj', 7]);
    expect(tree.entries[2].value).toMatchObject({ type: 'object', className: 'stdClass' });
  });

  it('replaces in values, fixing byte lengths, also inside nested serialized and JSON strings', async () => {
    const inner = 's:5:"hello";';
    const data = `a:3:{s:1:"a";s:${Buffer.byteLength('hello world')}:"hello world";s:1:"n";s:${inner.length}:"${inner}";s:1:"j";s:17:"{"k":"hello you"}";}`;
    const a = await edit(data, 'hello', 'здравствуй');
    expect(a.body.data.replacements).toBe(3);
    const w = 'здравствуй';
    const innerNew = `s:${Buffer.byteLength(w)}:"${w}";`;
    const json = `{"k":"${w} you"}`;
    expect(a.body.data.result).toBe(
      `a:3:{s:1:"a";s:${Buffer.byteLength(`${w} world`)}:"${w} world";s:1:"n";s:${Buffer.byteLength(innerNew)}:"${innerNew}";s:1:"j";s:${Buffer.byteLength(json)}:"${json}";}`,
    );
    // the result reads back
    expect((await edit(a.body.data.result)).body.data.result).toBe(a.body.data.result);
  });

  it('explains data that is not serialized, naming the field, and never runs anything', async () => {
    for (const bad of ['a:2:{i:0;s:3:"ab";}', 'not serialized', 's:3:"abc"', 'C:3:"Foo":0:{}']) {
      const a = await edit(bad);
      expect(a.body.meta.alina_response_success).toBe(0);
      expect(templatesOf(a)).toEqual([MSG.serializedUnreadable]);
      expect(a.body.messages[0].field).toBe('data');
    }
    const obj = 'O:9:"Exploiter":1:{s:3:"cmd";s:6:"rm -rf";}';
    expect((await edit(obj)).body.data.result).toBe(obj);
  });
});
