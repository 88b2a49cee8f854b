import { render } from 'preact';
import { IncidentPage } from '@/components/incident/incident-page';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';

followTheme();
render(<IncidentPage />, document.getElementById('app')!);
