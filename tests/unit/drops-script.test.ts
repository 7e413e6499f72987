// Ticket drops on the published page (docs/behaviour.md#ticket-drops): the drops script's
// countdown and switch on a stand-in DOM. The texts, instants and render: drops-page.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_SCRIPT } from '../../src/landing/script';

const AT = '2027-05-12T08:00:00Z';
const at = Date.parse(AT);
const HOUR = 3600_000;

// The drops script on a stand-in DOM: just what the script touches, shaped as EventList renders
// a waiting CTA (checked against the render in drops-page.test.ts).

class El {
  dataset: Record<string, string> = {};
  classes = new Set<string>();
  textContent = '';
  value = '';
  children: El[] = [];
  parent: El | null = null;
  classList = { add: (c: string) => this.classes.add(c) };
  constructor(
    readonly tag: string,
    data: Record<string, string> = {},
    children: El[] = [],
  ) {
    Object.assign(this.dataset, data);
    for (const child of children) {
      child.parent = this;
      this.children.push(child);
    }
  }
  get firstChild(): El | null {
    return this.children[0] ?? null;
  }
  get lastChild(): El | null {
    return this.children[this.children.length - 1] ?? null;
  }
  removeAttribute(name: string) {
    delete this.dataset[name.replace(/^data-/, '')];
  }
  closest(selector: string): El | null {
    const name = /^\[data-(\w+)\]$/.exec(selector)?.[1];
    for (let el: El | null = this; el; el = el.parent) if (name && name in el.dataset) return el;
    return null;
  }
  /** the first descendant with a data attribute ('[data-x]'), as the script looks for its timer */
  querySelector(selector: string): El | null {
    const name = /^\[data-(\w+)\]$/.exec(selector)?.[1];
    return (
      this.all()
        .slice(1)
        .find((el) => name !== undefined && name in el.dataset) ?? null
    );
  }
  all(): El[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

function waitingCta(instant: number) {
  const timer = new El('span', { p: 'Apre tra ' });
  const wrapper = new El('div', { w: String(instant) }, [
    new El('p', {}, [new El('span'), new El('span'), timer]),
    new El('a'),
  ]);
  return { wrapper, timer };
}

function standInDocument(roots: El[]) {
  const listeners: Record<string, Array<(e: unknown) => void>> = {};
  const byId: Record<string, El> = { 'fs-c': new El('select'), 'fs-o': new El('input') };
  const doc = {
    querySelectorAll: (selector: string) =>
      selector === '[data-w]' ? roots.flatMap((r) => r.all()).filter((el) => 'w' in el.dataset) : [],
    addEventListener: (type: string, fn: (e: unknown) => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
    getElementById: (id: string) => byId[id] ?? null,
  };
  const fire = (type: string, event: unknown = {}) => {
    for (const fn of listeners[type] ?? []) fn(event);
  };
  return { doc, fire, byId };
}

function run(roots: El[]) {
  const stand = standInDocument(roots);
  new Function('document', DROP_SCRIPT)(stand.doc);
  return stand;
}

describe('the drops script', () => {
  const delays: number[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: at - 3 * 24 * HOUR });
    delays.length = 0;
    const real = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      return real(fn, ms);
    }) as typeof setTimeout);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows the date until the last 24 hours, then counts down to the second and switches on it', () => {
    const { wrapper, timer } = waitingCta(at);
    const { fire } = run([wrapper]);
    expect(wrapper.classes.has('c')).toBe(false);
    expect(timer.textContent).toBe('');
    // a day before: still the date
    vi.advanceTimersByTime(2 * 24 * HOUR);
    expect(wrapper.classes.has('c')).toBe(false);
    // one second later the countdown starts
    vi.advanceTimersByTime(1000);
    expect(wrapper.classes.has('c')).toBe(true);
    expect(timer.textContent).toBe('Apre tra 23:59:59');
    vi.advanceTimersByTime(1000);
    expect(timer.textContent).toBe('Apre tra 23:59:58');
    // later in the day (the clock moved on while the tab was away): ticks on the instant's seconds
    const left = 2 * HOUR + 14 * 60_000 + 5000;
    vi.setSystemTime(at - left - 500);
    fire('visibilitychange');
    expect(timer.textContent).toBe('Apre tra 02:14:06');
    vi.advanceTimersByTime(499);
    expect(timer.textContent).toBe('Apre tra 02:14:06');
    vi.advanceTimersByTime(1);
    expect(timer.textContent).toBe('Apre tra 02:14:05');
    vi.setSystemTime(at - 2500);
    fire('visibilitychange');
    vi.advanceTimersByTime(1000);
    expect(timer.textContent).toBe('Apre tra 00:00:02');
    // the last second: rounded up, never 00:00:00 while closed
    vi.advanceTimersByTime(600);
    expect(timer.textContent).toBe('Apre tra 00:00:01');
    vi.advanceTimersByTime(899);
    expect(Date.now()).toBe(at - 1);
    expect(timer.textContent).toBe('Apre tra 00:00:01');
    expect('w' in wrapper.dataset).toBe(true);
    // on the instant: the wrapper drops data-w, and the CSS shows the link
    vi.advanceTimersByTime(1);
    expect('w' in wrapper.dataset).toBe(false);
    expect(timer.textContent).toBe('Apre tra 00:00:01');
  });

  it('a document older than the instant switches as it loads', () => {
    vi.setSystemTime(at + 5000);
    const { wrapper } = waitingCta(at);
    run([wrapper]);
    expect('w' in wrapper.dataset).toBe(false);
  });

  it('never sets a timer past 2^31-1 ms, and looks again when the tab comes back', () => {
    const far = at + 40 * 24 * HOUR;
    const { wrapper, timer } = waitingCta(far);
    const { fire } = run([wrapper]);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(wrapper.classes.has('c')).toBe(false);
    // the tab slept past the instant: its timers did not run, the visibility change catches up
    vi.setSystemTime(far - 10_000);
    fire('visibilitychange');
    expect(timer.textContent).toBe('Apre tra 00:00:10');
    vi.setSystemTime(far + 1);
    fire('visibilitychange');
    expect('w' in wrapper.dataset).toBe(false);
  });

  it('each CTA switches at its own instant', () => {
    vi.setSystemTime(at - 3000);
    const first = waitingCta(at);
    const second = waitingCta(at + 2000);
    run([first.wrapper, second.wrapper]);
    vi.advanceTimersByTime(3000);
    expect('w' in first.wrapper.dataset).toBe(false);
    expect(second.timer.textContent).toBe('Apre tra 00:00:02');
    vi.advanceTimersByTime(2000);
    expect('w' in second.wrapper.dataset).toBe(false);
  });

  it("'Avvisami' chooses the event's city, or 'Un'altra città' with its name", () => {
    const { fire, byId } = run([]);
    const listed = new El('a', { a: 'Milano' });
    fire('click', { target: listed });
    expect(byId['fs-c']!.value).toBe('Milano');
    const other = new El('a', { a: '+', o: 'Cagliari' }, [new El('span')]);
    fire('click', { target: other.firstChild });
    expect(byId['fs-c']!.value).toBe('+');
    expect(byId['fs-o']!.value).toBe('Cagliari');
    fire('click', { target: new El('a') });
    expect(byId['fs-c']!.value).toBe('+');
  });
});
