import path from 'node:path';
import { ROLES } from '../../common/constants';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createEventRelay } from '../event-relay';
import { createEventBus } from '../events';
import { findByMail, setBan, setRole } from '../features/auth/service';

const USAGE = `Usage:
  npm run user -- role add <admin|moderator> <mail>
  npm run user -- role remove <admin|moderator> <mail>
  npm run user -- ban <mail> <YYYY-MM-DD|off>
Uses the same DATABASE_URL / DATA_DIR (and REDIS_URL) as the server; running servers take the change at once.`;

function parseUntil(s: string): number | null {
  if (s === 'off') return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
  if (!Number.isFinite(t)) throw new Error(`Not a date: ${s}`);
  return Math.floor(t / 1000);
}

async function main(argv: string[]) {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL || undefined, pgliteDir: path.join(config.dataDir, 'pglite') });
  // running servers hear the change at once (their event relay), not after their session cache's life
  const events = createEventBus();
  const relay = createEventRelay(config, { onEvents: () => {}, onResumed: () => {} });
  if (relay) {
    events.relayTo(relay);
    await relay.ready();
  }
  try {
    if (cmd === 'role' && rest.length === 3) {
      const [action, role, mail] = rest;
      if (action !== 'add' && action !== 'remove') throw new Error(`Unknown action ${action}\n${USAGE}`);
      if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role ${role}: one of ${ROLES.join(', ')}`);
      const user = await findByMail(database.db, mail);
      if (!user) throw new Error(`No user with mail ${mail}`);
      await setRole({ db: database.db, events }, user.id, role, action === 'add');
      console.log(`${action === 'add' ? 'Granted' : 'Removed'} ${role} ${action === 'add' ? 'to' : 'from'} ${user.mail} (id ${user.id})`);
      return 0;
    }
    if (cmd === 'ban' && rest.length === 2) {
      const [mail, until] = rest;
      const user = await findByMail(database.db, mail);
      if (!user) throw new Error(`No user with mail ${mail}`);
      const t = parseUntil(until);
      await setBan({ db: database.db, events }, user.id, t);
      console.log(t === null ? `Lifted the ban of ${user.mail}` : `Banned ${user.mail} until ${new Date(t * 1000).toISOString()}`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await relay?.close();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
