/**
 * Zod builds fast object parsers with `new Function` where eval is allowed, and probes for it once.
 * The page's Content-Security-Policy allows no eval, and the browser reports even the probe as a
 * violation, so the web app turns that off. Imported first in main.tsx: before any schema is made.
 *
 * Zod keeps its global configuration (`z.config()`) on `globalThis.__zod_globalConfig` and adopts
 * an object already there when it loads, so the setting is written there rather than through
 * `z.config`: importing zod here would put it in the entry chunk, on the feed's path, when only
 * the forms and the tools use it (zodJitless.test.ts checks that zod takes the setting).
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;
