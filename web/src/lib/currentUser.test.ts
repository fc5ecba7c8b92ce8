import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CurrentUser, GUEST } from '@common/models/user';
import { getCurrentUser, setCurrentUser, setNotificationCount } from './currentUser';

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
});

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
