// First: My reports' reads start before the rest of the page's code is evaluated.
import { firstReads } from './first-reads';
import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
await firstReads;
render(<OptionsApp />, document.getElementById('app')!);
