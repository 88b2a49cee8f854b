import { render } from 'preact';
import { ReviewApp } from '@/components/review/review-app';
import '@/components/styles/base.css';

render(<ReviewApp sourceId={new URLSearchParams(location.search).get('report')} />, document.getElementById('app')!);
