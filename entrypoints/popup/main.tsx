// First: it takes the reads the shell script started (popup-shell.ts) before the rest of the popup's code is evaluated.
import { popupReads } from '@/components/popup/popup-reads';
import { render } from 'preact';
import { PopupApp } from '@/components/popup/popup-app';
import { adoptPopupShell, keepPopupShell } from '@/components/popup/kept-render';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
await popupReads;
const app = document.getElementById('app')!;
// The app renders over the shell the page may show (popup-shell.ts), keeps its own first render, then takes what was typed.
const typeAgain = adoptPopupShell(app);
render(<PopupApp />, app);
void keepPopupShell(app);
typeAgain();
// Every control answers from here (`npm run bench` reads it beside popup-ready).
performance.mark('popup-mounted');
// The shell script painted the theme from the pages' copy; the stored choice is read and followed from here.
followTheme();
