import { Window } from 'happy-dom';
import { render, type ComponentChild } from 'preact';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * A happy-dom window of the test file's own (so `fetch` stays Node's), its
 * document global while the file runs and emptied after each test, and
 * `mount` to render a component into it.
 */
export function useDomWindow(url = 'https://extension.test/') {
  const window = new Window({ url });
  const document = window.document as unknown as Document;
  beforeAll(() => {
    Object.assign(globalThis, { document });
  });
  afterAll(async () => {
    delete (globalThis as { document?: Document }).document;
    await window.happyDOM.close();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });
  function mount(node: ComponentChild): HTMLElement {
    const root = document.createElement('div');
    document.body.append(root);
    render(node, root);
    return root;
  }
  return { window, document, mount };
}
