// The navbar's pending-count poll: 30 s while visible, paused while hidden, refreshed on
// return when due, and quiet while another screen feeds a fresh count.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeDoc extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

async function setup() {
  vi.resetModules();
  const mod = await import('../../src/stores/admin/pending');
  const doc = new FakeDoc();
  const refresh = vi.fn(async () => {
    mod.$pendingCount.set(refresh.mock.calls.length);
  });
  return { mod, doc, refresh };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('startPendingPoll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then every 30 s while visible', async () => {
    const { mod, doc, refresh } = await setup();
    const stop = mod.startPendingPoll(doc as unknown as Document, refresh);
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('pauses while hidden; on return refreshes only if 30 s have passed', async () => {
    const { mod, doc, refresh } = await setup();
    const stop = mod.startPendingPoll(doc as unknown as Document, refresh);
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    doc.set('hidden');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    doc.set('visible');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
    // a short absence: nothing on return, the next fetch keeps its 30 s slot
    await vi.advanceTimersByTimeAsync(5_000);
    doc.set('hidden');
    await vi.advanceTimersByTimeAsync(10_000);
    doc.set('visible');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stays quiet while another screen feeds a fresher count, and takes over when it stops', async () => {
    const { mod, doc, refresh } = await setup();
    mod.setPendingCount(4); // the users screen loaded first
    const stop = mod.startPendingPoll(doc as unknown as Document, refresh);
    await flush();
    expect(refresh).not.toHaveBeenCalled();
    expect(mod.$pendingCount.get()).toBe(4);
    // the users screen refreshes every 30 s (a little late each time): the navbar never fetches
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(30_000 + 800);
      mod.setPendingCount(5);
    }
    expect(refresh).not.toHaveBeenCalled();
    // back from a long absence, the users screen refreshes first: still no navbar fetch
    doc.set('hidden');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    doc.set('visible');
    await vi.advanceTimersByTimeAsync(300);
    mod.setPendingCount(6);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(refresh).not.toHaveBeenCalled();
    // the feeding stops: the navbar fetches once the value is 30 s (+ grace) old
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });
});
