import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startFirstRead } from '@/components/popup/first-read';
import { showPopupShell } from '@/components/popup/kept-render';
import { declarePageLanguage } from '@/utils/i18n/locale';
import { applyPaintedTheme } from '@/utils/settings/theme-paint';

// A classic script popup.html runs while it is parsed, before the popup's
// module: the theme, the language and the kept first render (popup-shell.ts).
export default defineUnlistedScript(() => {
  // First the read the kept render waits for (and the app takes): its answer is on its way while the rest runs (issue 43).
  startFirstRead();
  applyPaintedTheme();
  declarePageLanguage();
  // A read that fails shows no shell: the popup renders as on a first open.
  showPopupShell().catch(() => undefined);
});
