import { emptySession, type SessionState, sessionStore } from '../lib/session/session-store';

/**
 * Puts a signed-in session in the store, as after a login: `user` holds only the fields the test
 * needs, `extra` the session's other fields (token, role…).
 */
export function setTestSession(user: Record<string, unknown>, extra: Partial<SessionState> = {}) {
  sessionStore.setState({ ...emptySession, ...extra, user: user as never });
}
