import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has safe defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, API_PREFIX: '/api', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', CORS_ORIGINS: [] });
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.PGLITE_SHARED_BUFFERS).toBe('256MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).PGLITE_SHARED_BUFFERS).toBe('1GB');
    expect(c.PGLITE_PREWARM).toBe('auto');
    expect(loadConfig({ PGLITE_PREWARM: 'off' }).PGLITE_PREWARM).toBe(0);
    expect(loadConfig({ PGLITE_PREWARM: '2GB' }).PGLITE_PREWARM).toBe(2 * 1024 ** 3);
    expect(loadConfig({ PGLITE_PREWARM: '512kB' }).PGLITE_PREWARM).toBe(512 * 1024);
  });

  it('reads lists and numbers from the environment', () => {
    const c = loadConfig({ PORT: '8080', CORS_ORIGINS: 'https://a.example, http://localhost:5173', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.PORT).toBe(8080);
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['API_PREFIX', 'api'],
    ['CORS_ORIGINS', '*'],
    ['SMTP_URL', 'not a url'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'ftp://x'],
    ['LOG_LEVEL', 'loud'],
    ['FILE_MAX_BYTES', '0'],
    ['STORAGE_DRIVER', 'ftp'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_PREFIX', '../up'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.1, not-an-address'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['PGLITE_SHARED_BUFFERS', '256'],
    ['PGLITE_SHARED_BUFFERS', '2GB'],
    ['PGLITE_SHARED_BUFFERS', '512kB'],
    ['PGLITE_SHARED_BUFFERS', '256MB; drop table tales'],
    ['PGLITE_PREWARM', 'on'],
    ['PGLITE_PREWARM', '2 GB'],
    ['PGLITE_PREWARM', '-1MB'],
    ['PGLITE_PREWARM', '1.5GB'],
    ['PROCESSES', '0'],
    ['PROCESSES', '65'],
    ['PROCESSES', 'two'],
    ['PROCESSES', '1.5'],
    ['PROCESSES', '-2'],
  ])('stops with a message naming %s for a bad value', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(key));
  });

  it('asks for a bucket when files go to S3, and for both halves of a key pair', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER is s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toMatchObject({ STORAGE_DRIVER: 's3', S3_REGION: 'us-east-1' });
    expect(loadConfig({})).toMatchObject({
      STORAGE_DRIVER: 'local',
      FILE_MAX_BYTES: 20 * 1024 * 1024,
      FILES_PER_REQUEST: 10,
      FILES_PER_USER: 500,
    });
  });

  it('takes TRUST_PROXY as a number of hops or a list of proxies, never "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('runs one process unless told, and more only on PostgreSQL with Redis', () => {
    expect(loadConfig({}).PROCESSES).toBe(1);
    const shared = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379' };
    expect(loadConfig({ ...shared, PROCESSES: '4' }).PROCESSES).toBe(4);
    expect(loadConfig({ ...shared, PROCESSES: 'auto' }).PROCESSES).toBe(os.availableParallelism());
    expect(() => loadConfig({ REDIS_URL: shared.REDIS_URL, PROCESSES: '2' })).toThrow(
      /PROCESSES: more than one process needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: shared.DATABASE_URL, PROCESSES: '2' })).toThrow(
      /PROCESSES: more than one process needs REDIS_URL/,
    );
    // one process is always fine, whatever the database
    expect(loadConfig({ PROCESSES: '1' }).PROCESSES).toBe(1);
  });
});
