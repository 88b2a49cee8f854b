// First: My reports' reads start before the rest of the page's code is evaluated.
import { firstReads } from './first-reads';
import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import { keepReportsRender } from '@/components/my-reports/kept-reports';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
await firstReads;
const app = document.getElementById('app')!;
// The app renders over the kept render the first script may show (options-first-read.ts), then keeps its own.
render(<OptionsApp />, app);
void keepReportsRender(app);
