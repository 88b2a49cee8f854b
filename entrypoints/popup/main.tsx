import { render } from 'preact';
import { PopupApp } from '@/components/popup/popup-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';

followTheme();
render(<PopupApp />, document.getElementById('app')!);
