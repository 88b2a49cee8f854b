// First: its reads start before the rest of the popup's code is evaluated.
import { popupReads } from '@/components/popup/popup-reads';
import { render } from 'preact';
import { PopupApp } from '@/components/popup/popup-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
await popupReads;
render(<PopupApp />, document.getElementById('app')!);
