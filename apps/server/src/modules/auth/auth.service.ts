import { randomBytes } from 'node:crypto';
import { ERROR_CODES, SESSION_IDLE_TIMEOUT_MS } from '@abp/contracts';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { AuthRepository } from './auth.repository.js';
import { LiveSessionCache } from './live-session-cache.js';
import type { LoginThrottle } from './login-throttle.js';
import { PasswordGate } from './password-gate.js';

export interface LoginResult {
  loginTime: string;
  sessionId: string;
}

export interface SessionInfo {
  loginTime: string;
  lastActivity: string;
}

// Writing last_seen on every request would make every read a write; a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

const tooManyAttempts = (retryAfter: number) =>
  new AppError(ERROR_CODES.rateLimited, 'Too many login attempts. Please try again later.', 429, undefined, retryAfter);

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly throttle: LoginThrottle,
    private readonly now: () => Date = () => new Date(),
    private readonly gate = new PasswordGate(),
    private readonly liveSessions = new LiveSessionCache(),
  ) {}

  /**
   * Creates the operator account on first start. Returns the generated password when one was made
   * (ADMIN_PASSWORD unset), so that start-up can print it once; later starts return null.
   */
  async ensureOperator(adminPassword: string | undefined): Promise<string | null> {
    if (await this.repo.findOperator()) return null;
    const password = adminPassword ?? randomBytes(12).toString('base64url');
    const created = await this.repo.createOperatorIfMissing(await hashPassword(password));
    return created && !adminPassword ? password : null;
  }

  async login(password: string, client: string): Promise<LoginResult> {
    await this.checkPassword(password, client, 'Invalid password');
    const now = this.now();
    const sessionId = randomBytes(24).toString('base64url');
    await this.repo.pruneSessions(new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS));
    await this.repo.createSession(sessionId, now);
    return { loginTime: now.toISOString(), sessionId };
  }

  /**
   * The one way a password is checked (login and change-password share the limit): refused at once
   * while the client is locked out or too many checks are under way; every attempt is counted
   * before the client's next one starts (see PasswordGate), and a success clears only the failures
   * of a client that is not locked out at that moment.
   */
  private async checkPassword(password: string, client: string, wrongMessage: string): Promise<void> {
    const lockedNow = this.throttle.retryAfterSeconds(client);
    if (lockedNow > 0) throw tooManyAttempts(lockedNow);
    await this.gate.run(client, async () => {
      const locked = this.throttle.retryAfterSeconds(client);
      if (locked > 0) throw tooManyAttempts(locked);
      const account = await this.repo.findOperator();
      if (!account || !(await verifyPassword(password, account.passwordHash))) {
        const lockout = this.throttle.recordFailure(client);
        if (lockout > 0) throw tooManyAttempts(lockout);
        throw new AppError(ERROR_CODES.unauthenticated, wrongMessage, 401);
      }
      this.throttle.recordSuccess(client);
    });
  }

  /** Seconds left in the address' lockout (failed logins and refused bodies alike), or 0. */
  lockedOutFor(client: string): number {
    return this.throttle.retryAfterSeconds(client);
  }

  /** A request refused for its body (413) without a session counts like a failed login. */
  recordRefusal(client: string): void {
    this.throttle.recordFailure(client);
  }

  /** A live session that has not been idle for 24 h; with `touch`, its activity time moves on. */
  async resolveSession(sessionId: string, touch: boolean): Promise<SessionInfo | null> {
    const now = this.now();
    const cached = this.liveSessions.get(sessionId, now.getTime());
    const row = cached ?? (await this.repo.findLiveSession(sessionId));
    if (!row) return null;
    if (!cached) this.liveSessions.set(sessionId, row, now.getTime());
    const idle = now.getTime() - row.lastSeenAt.getTime();
    if (idle >= SESSION_IDLE_TIMEOUT_MS) {
      await this.logout(sessionId);
      return null;
    }
    let lastSeen = row.lastSeenAt;
    if (touch && idle >= TOUCH_EVERY_MS) {
      await this.repo.touchSession(sessionId, now);
      this.liveSessions.touched(sessionId, now);
      lastSeen = now;
    }
    return { loginTime: row.createdAt.toISOString(), lastActivity: lastSeen.toISOString() };
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.endSession(sessionId, this.now());
    this.liveSessions.forget(sessionId);
  }

  /** Changes the password and ends every other session; the caller's own stays signed in. */
  async changePassword(
    currentPassword: string,
    newPassword: string,
    keepSessionId: string,
    client: string,
  ): Promise<void> {
    await this.checkPassword(currentPassword, client, 'Current password is incorrect');
    if (currentPassword === newPassword) {
      throw new AppError(ERROR_CODES.validation, 'New password must be different from the current password', 400, [
        { field: 'newPassword', message: 'must be different from the current password' },
      ]);
    }
    await this.repo.replacePassword(await hashPassword(newPassword));
    await this.repo.endOtherSessions(keepSessionId, this.now());
    this.liveSessions.clear();
  }

  /** Used by `npm run set-password`: no current password needed, every session ends. */
  async resetPassword(newPassword: string): Promise<void> {
    const hash = await hashPassword(newPassword);
    if (await this.repo.createOperatorIfMissing(hash)) return;
    await this.repo.replacePassword(hash);
    await this.repo.endOtherSessions(null, this.now());
    this.liveSessions.clear();
  }
}
