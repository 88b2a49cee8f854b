import { render } from 'preact';
import { ReviewApp } from '@/components/review/review-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
render(<ReviewApp sourceId={new URLSearchParams(location.search).get('report')} />, document.getElementById('app')!);
