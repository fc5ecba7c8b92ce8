import { z } from 'zod';

/**
 * Zod builds fast object parsers with `new Function` where eval is allowed, and probes for it once.
 * The page's Content-Security-Policy allows no eval, and the browser reports even the probe as a
 * violation, so the web app turns that off. Imported first in main.tsx: before any schema is made.
 */
z.config({ jitless: true });
