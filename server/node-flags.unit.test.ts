import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, missingNodeFlags } from './node-flags';

const root = path.join(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe("the server's Node flags", () => {
  it('are missing until given, on the command line or in NODE_OPTIONS, however the name is spelled', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=64');
    expect(missingNodeFlags([], '')).toEqual([...SERVER_NODE_FLAGS]);
    // other flags, and values alone, do not count
    expect(missingNodeFlags(['--max-old-space-size=4096', '--import', 'tsx'], '--enable-source-maps 64')).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags(['--max-semi-space-size=64'], '')).toEqual([]);
    expect(missingNodeFlags(['--max_semi_space_size=64'], '')).toEqual([]);
    expect(missingNodeFlags(['--max-semi-space-size', '64'], '')).toEqual([]);
    expect(missingNodeFlags([], '--enable-source-maps  --max-semi-space-size=64')).toEqual([]);
    // a deployer's own value stands
    expect(missingNodeFlags(['--max-semi-space-size=32'], '')).toEqual([]);
  });

  it('are passed by every launcher: npm run serve and start, the systemd unit, the benchmarks, the local cluster, the e2e server', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const args = (command: string) => command.split(/\s+/);
    expect(missingNodeFlags(args(scripts.serve.replace(/ dist\/server\/main\.js$/, '')), '')).toEqual([]);
    expect(scripts.serve).toMatch(/ dist\/server\/main\.js$/);
    expect(scripts.start).toMatch(/npm run serve$/);
    const execStart = /^ExecStart=(.*)$/m.exec(read('deploy/tales.service'))?.[1] ?? '';
    expect(execStart).toMatch(/ dist\/server\/main\.js$/);
    expect(missingNodeFlags(args(execStart), '')).toEqual([]);
    // the benchmarks', the local cluster's and the e2e server's are SERVER_NODE_FLAGS themselves
    for (const file of ['bench/lib.ts', 'scripts/cluster.ts', 'playwright.config.ts'])
      expect(read(file)).toMatch(/\.\.\.SERVER_NODE_FLAGS, /);
  });
});
