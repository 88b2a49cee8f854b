import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
render(<OptionsApp />, document.getElementById('app')!);
