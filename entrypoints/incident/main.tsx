import { render } from 'preact';
import { IncidentPage } from '@/components/incident/incident-page';
import '@/components/styles/base.css';

render(<IncidentPage hash={location.hash} />, document.getElementById('app')!);
