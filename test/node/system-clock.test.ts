/**
 * The host clock's timers: a delay longer than setTimeout takes (2^31-1 ms) must wait, not
 * fire at once (which made a far expiry or delivery delay spin on a 1 ms timer).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../core/index.js";

describe("systemClock.setTimer", () => {
  afterEach(() => vi.useRealTimers());

  it("does not fire a delay beyond 2^31-1 ms early, and fires it when it is due", () => {
    vi.useFakeTimers({ now: 0 });
    const fired: number[] = [];
    const year = 365 * 24 * 3600 * 1000;
    systemClock.setTimer(year, () => fired.push(Date.now()));
    vi.advanceTimersByTime(2 ** 31);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(year - 2 ** 31 - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([year]);
  });

  it("cancels a long delay in any of its steps", () => {
    vi.useFakeTimers({ now: 0 });
    let fired = false;
    const timer = systemClock.setTimer(3 * 2 ** 31, () => (fired = true));
    vi.advanceTimersByTime(2 ** 31 + 5);
    timer.cancel();
    vi.advanceTimersByTime(4 * 2 ** 31);
    expect(fired).toBe(false);
  });

  it("with real timers, a delay of 99,999,999,900 ms has not fired 50 ms later", async () => {
    let fired = false;
    const timer = systemClock.setTimer(99_999_999_900, () => (fired = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    timer.cancel();
    expect(fired).toBe(false);
  });
});
