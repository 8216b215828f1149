/**
 * Seconds left of `seconds`, counting down once a second while the page is open (from the wall
 * clock, so a throttled background tab catches up); restarts when `seconds` changes. Used by the
 * "send a new code" countdowns of sign-in and of a sign-in contact change.
 */
import { useEffect, useState } from "react";

export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}
