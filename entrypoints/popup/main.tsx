import { render } from 'preact';
import { PopupApp } from '@/components/popup/popup-app';
import '@/components/styles/base.css';

render(<PopupApp />, document.getElementById('app')!);
