import { describe, expect, it } from 'vitest';
import './zodJitless';

describe('zodJitless', () => {
  it('zod, loaded afterwards, takes the jitless setting', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
