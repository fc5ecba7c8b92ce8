import fs from 'node:fs';

/** Removes the data folder of the run unless asked to keep it for a post-mortem. */
export default function globalTeardown() {
  const dir = process.env.TALES_E2E_DATA_DIR;
  if (dir && !process.env.KEEP_E2E_DATA) fs.rmSync(dir, { recursive: true, force: true });
}
