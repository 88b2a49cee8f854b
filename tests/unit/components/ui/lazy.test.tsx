import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent, pendingStatus } from '@/components/ui/lazy';
import { useDomWindow } from '../dom';

// A part of a page loaded after it shows. Its file can be gone when the
// extension was updated while the page stayed open: the part then says so
// and offers to reload the page, instead of loading for ever.

const { mount } = useDomWindow('chrome-extension://test/options.html');

function Greeting({ name }: { name: string }) {
  return <p class="greeting">Hello, {name}</p>;
}

/** Mounts inside act, so the effects run. */
async function shown(node: Parameters<typeof mount>[0]): Promise<HTMLElement> {
  let root!: HTMLElement;
  await act(() => {
    root = mount(node);
  });
  return root;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazyComponent', () => {
  it('shows its fallback, then the component with its props once loaded', async () => {
    let loaded!: (component: typeof Greeting) => void;
    const Lazy = lazyComponent<{ name: string }>(
      () => new Promise((resolve) => (loaded = resolve)),
      pendingStatus(() => 'Loading the greeting…'),
    );
    const root = await shown(<Lazy name="Ada" />);
    expect(root.innerHTML).toBe('<p class="status status-pending" role="status">Loading the greeting…</p>');
    await act(() => loaded(Greeting));
    await settle();
    expect(root.innerHTML).toBe('<p class="greeting">Hello, Ada</p>');
  });

  it('shows nothing while loading when it has no fallback', async () => {
    const Lazy = lazyComponent<{ name: string }>(() => new Promise(() => undefined));
    const root = await shown(<Lazy name="Ada" />);
    expect(root.innerHTML).toBe('');
  });

  it('says the part could not be loaded, and its button reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { reload });
    const Lazy = lazyComponent<{ name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      pendingStatus(() => 'Loading…'),
    );
    const root = await shown(<Lazy name="Ada" />);
    await settle();
    const problem = root.querySelector('p.problem')!;
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toBe('This part of the page could not be loaded, most likely because the extension was updated since the page opened. Reload the page. Reload the page');
    expect(root.querySelector('.status-pending')).toBeNull();
    (problem.querySelector('button') as HTMLButtonElement).click();
    expect(reload).toHaveBeenCalledOnce();
  });
});
