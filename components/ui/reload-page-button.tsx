import type { JSX } from 'preact';
import { i18n } from '#i18n';

/** "Reload the page": what a problem that only a fresh page can mend offers. */
export function ReloadPageButton(): JSX.Element {
  return (
    <button type="button" class="link-button" onClick={() => location.reload()}>
      {i18n.t('problem.reload_page')}
    </button>
  );
}
