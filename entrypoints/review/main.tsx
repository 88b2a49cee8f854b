import { render } from 'preact';
import { ReviewApp } from '@/components/review/review-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
const query = new URLSearchParams(location.search);
const webmail = Number(query.get('webmail') ?? NaN);
render(<ReviewApp sourceId={query.get('report')} forEmail={query.has('email')} webmailTabId={Number.isInteger(webmail) ? webmail : null} />, document.getElementById('app')!);
