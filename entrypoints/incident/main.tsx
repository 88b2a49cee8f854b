import { render } from 'preact';
import { IncidentPage } from '@/components/incident/incident-page';
import '@/components/styles/base.css';

render(<IncidentPage />, document.getElementById('app')!);
