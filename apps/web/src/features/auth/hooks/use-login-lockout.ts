import { useCallback, useEffect, useRef, useState } from 'react';

const TICK_MS = 1000;

/**
 * Counts failed sign-ins and runs the lockout countdown after a 429. The remaining time is
 * computed from a deadline rather than decremented, so a throttled background tab stays exact.
 */
export function useLoginLockout() {
  const [failures, setFailures] = useState(0);
  const [remainingSeconds, setRemainingSeconds] = useState(0);
  const deadlineRef = useRef(0);
  const isLocked = remainingSeconds > 0;

  useEffect(() => {
    if (!isLocked) return undefined;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadlineRef.current - Date.now()) / TICK_MS));
      setRemainingSeconds(left);
      // The server's failure window has passed too: start counting afresh.
      if (left === 0) setFailures(0);
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [isLocked]);

  const recordFailure = useCallback(() => {
    setFailures((count) => count + 1);
  }, []);

  const lockFor = useCallback((seconds: number) => {
    const whole = Math.max(1, Math.ceil(seconds));
    deadlineRef.current = Date.now() + whole * TICK_MS;
    setRemainingSeconds(whole);
  }, []);

  return { failures, isLocked, remainingSeconds, recordFailure, lockFor };
}
