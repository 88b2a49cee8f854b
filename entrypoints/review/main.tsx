import { render } from 'preact';
import { ReviewApp } from '@/components/review/review-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
const query = new URLSearchParams(location.search);
render(<ReviewApp sourceId={query.get('report')} forEmail={query.has('email')} />, document.getElementById('app')!);
