import { render } from 'preact';
import { IncidentPage } from '@/components/incident/incident-page';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

declarePageLanguage();
followTheme();
render(<IncidentPage />, document.getElementById('app')!);
