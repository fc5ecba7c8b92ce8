import { type BrowserContext, test as base, type ConsoleMessage } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Every spec imports `test` from here: the suite runs under the app's Content-Security-Policy
 * (server/http/security-headers.ts) and a test fails when any page of it broke the policy. The
 * guard watches every browser context the test opens (its own `context`/`page`, and any made with
 * `browser.newContext()`): in every frame, before the page's scripts, a listener reports each
 * `securitypolicyviolation` event; and the browser's own console message for a violation counts
 * too. After the test, any violation fails it, listed.
 */
export interface CspViolation {
  /** The document (or console message location) the violation happened in. */
  where: string;
  what: string;
}

const REPORT_BINDING = '__talesReportCspViolation';
const CONSOLE_VIOLATION = /Content[ -]Security[ -]Policy/i;

/** Runs in every frame of a watched context before its own scripts. */
function reportViolations(binding: string) {
  window.addEventListener(
    'securitypolicyviolation',
    (e) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        where: document.URL,
        what: `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} (${e.sourceFile || '?'}:${e.lineNumber}) ${e.sample}`.trim(),
      });
    },
    true,
  );
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const found: CspViolation[] = [];
      const setups: Promise<unknown>[] = [];
      const onConsole = (msg: ConsoleMessage) => {
        if (CONSOLE_VIOLATION.test(msg.text())) found.push({ where: msg.location().url || msg.page()?.url() || '?', what: msg.text() });
      };
      const watch = (context: BrowserContext) => {
        context.on('console', onConsole);
        // Called as the context is made, before the test can open a page in it; sent in order.
        setups.push(
          context.exposeBinding(REPORT_BINDING, (_source, v: CspViolation) => {
            found.push(v);
          }),
          context.addInitScript(reportViolations, REPORT_BINDING),
        );
      };
      browser.on('context', watch);
      try {
        await use(found);
      } finally {
        browser.off('context', watch);
      }
      // A context the test closed at once may refuse; any other failure would leave it unwatched.
      for (const r of await Promise.allSettled(setups)) {
        if (r.status === 'rejected' && !/closed/i.test(String(r.reason))) throw r.reason;
      }
      if (found.length) {
        const list = found.map((v) => `  - ${v.what}\n    in ${v.where}`).join('\n');
        throw new Error(`${found.length} Content-Security-Policy violation(s):\n${list}`);
      }
    },
    { auto: true },
  ],
});
