import { render } from 'preact';
import { PopupApp, startPopupReads } from '@/components/popup/popup-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

const reads = startPopupReads();
declarePageLanguage();
followTheme();
await reads;
render(<PopupApp />, document.getElementById('app')!);
