/**
 * The Node flags the server runs with (docs/decisions.md, "A young generation sized for the
 * server"). Node reads them only as it starts, so every launcher passes them: `npm run serve`
 * (package.json), deploy/tales.service, the local cluster (scripts/cluster.ts), the benchmarks and
 * the e2e server; with PROCESSES > 1 the first process hands them to the others (main.ts). A test
 * (node-flags.unit.test.ts) checks that each launcher carries them.
 *
 * `--max-semi-space-size=64`: the young generation may grow to 64 MB a half (Node's default is 16).
 * At 64 connections a request's objects outlive the default's collections and are copied into the
 * old generation; with room they die young. Fresh searches at a million tales: 0.8 → 1.2 thousand a
 * second, p95 105–129 → 84–88 ms (docs/benchmarks.md). V8 grows the space only while much of it
 * survives, so a quiet server stays small.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** A flag's name as V8 reads it: `--max_semi_space_size=32` and `--max-semi-space-size 32` name the same one. */
const flagName = (arg: string) => arg.replace(/^--?/, '').split('=')[0].replace(/_/g, '-');

/**
 * The SERVER_NODE_FLAGS this process was not started with, by name (a deployer's own value of one
 * stands): neither on its command line (`execArgv`) nor in NODE_OPTIONS.
 */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter((a) => a.startsWith('-')).map(flagName));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)));
}
