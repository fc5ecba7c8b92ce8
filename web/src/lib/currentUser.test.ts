import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CurrentUser, GUEST } from '@common/models/user';
import { CURRENT_USER_STORAGE_KEY } from '@common/constants';
import { COUNT_SINCE_STORAGE_KEY, followStored, getCurrentUser, setCurrentUser, setNotificationCount } from './currentUser';

const anna = (count: number, token = 'tok-anna'): CurrentUser => ({ ...GUEST, id: 7, token, count_notifications: count });

let clock = 1_800_000_000_000;
/** The next moment on the (faked) clock, a second on. */
const next = () => {
  clock += 1_000;
  return clock;
};
/** A new session for Anna, with `count` unread, as a login answer brings it; gives its token. */
const begin = (count: number): string => {
  clock += 100_000;
  vi.useFakeTimers({ now: clock });
  const token = `t-${clock}`;
  setCurrentUser(anna(count, token), clock);
  return token;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A localStorage this tab shares with another; gives what the other tab writes there. */
const sharedStorage = () => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  });
  /** Another tab stores `user` with a count read no earlier than `since`, and this tab hears of it. */
  return (user: CurrentUser, since: number) => {
    items.set(COUNT_SINCE_STORAGE_KEY, String(since));
    items.set(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));
    followStored();
  };
};

describe('the unread count a tab keeps', () => {
  it('takes the count of an answer sent after the one it holds', () => {
    const token = begin(0);
    const sent = next();
    vi.setSystemTime(sent + 10);
    setCurrentUser({ ...anna(3), token }, sent);
    expect(getCurrentUser().count_notifications).toBe(3);
  });

  it('keeps a live count over an answer whose request left before it arrived', () => {
    const token = begin(0);
    const requestLeft = next();
    const liveArrived = next();
    vi.setSystemTime(liveArrived + 10);
    setNotificationCount(7, 1, liveArrived);
    expect(getCurrentUser().count_notifications).toBe(1);
    // the answer read its count before the comment committed, and comes in now
    setCurrentUser({ ...anna(0), token, firstname: 'Anna' }, requestLeft);
    expect(getCurrentUser().count_notifications).toBe(1);
    // the rest of it is taken
    expect(getCurrentUser().firstname).toBe('Anna');
    // a request sent after the live count brings a newer count
    const later = next();
    vi.setSystemTime(later + 10);
    setCurrentUser({ ...anna(0), token }, later);
    expect(getCurrentUser().count_notifications).toBe(0);
  });

  it('keeps the newer answer over a poll sent before it', () => {
    const token = begin(3);
    const pollLeft = next();
    const markReadLeft = next();
    vi.setSystemTime(markReadLeft + 10);
    setCurrentUser({ ...anna(0), token }, markReadLeft);
    setNotificationCount(7, 3, pollLeft);
    expect(getCurrentUser().count_notifications).toBe(0);
  });

  it('ignores a count for another user, and takes a new session whatever its time', () => {
    begin(2);
    const live = next();
    vi.setSystemTime(live + 10);
    setNotificationCount(8, 5, live);
    expect(getCurrentUser()).toMatchObject({ id: 7, count_notifications: 2 });
    // a login answer sent long ago is another session: taken with its count
    setCurrentUser({ ...GUEST, id: 8, token: `t8-${clock}`, count_notifications: 4 }, live - 50_000);
    expect(getCurrentUser()).toMatchObject({ id: 8, count_notifications: 4 });
  });

  it('forgets what it held when the clock is set back', () => {
    const token = begin(0);
    const live = next();
    vi.setSystemTime(live + 10);
    setNotificationCount(7, 1, live);
    // the clock goes back an hour: counts read after that still count
    vi.setSystemTime(live - 3_600_000);
    setCurrentUser({ ...anna(2), token }, live - 3_600_000);
    expect(getCurrentUser().count_notifications).toBe(2);
  });
});

describe('the unread count another tab stored', () => {
  it('is kept over an answer of this tab whose request left before the other tab read it', () => {
    const otherTab = sharedStorage();
    const token = begin(0);
    const requestLeft = next();
    const otherTabsLive = next();
    vi.setSystemTime(otherTabsLive + 10);
    otherTab({ ...anna(1), token }, otherTabsLive);
    expect(getCurrentUser().count_notifications).toBe(1);
    setCurrentUser({ ...anna(0), token }, requestLeft);
    expect(getCurrentUser().count_notifications).toBe(1);
    expect(JSON.parse(localStorage.getItem(CURRENT_USER_STORAGE_KEY) ?? '{}')).toMatchObject({ count_notifications: 1 });
  });

  it("brings another session's own moment: an answer of this tab sent after it is taken", () => {
    const otherTab = sharedStorage();
    begin(0);
    const answerLeft = next();
    const live = next();
    vi.setSystemTime(live + 10);
    setNotificationCount(7, 2, live);
    // the other tab logged in as someone else, with a request that left before this tab's live count
    otherTab({ ...GUEST, id: 8, token: 't8', count_notifications: 5 }, answerLeft);
    expect(getCurrentUser()).toMatchObject({ id: 8, count_notifications: 5 });
    // sent before this tab's old live count, after the other tab's login left
    const later = live - 500;
    setCurrentUser({ ...GUEST, id: 8, token: 't8', count_notifications: 4 }, later);
    expect(getCurrentUser().count_notifications).toBe(4);
  });
});
