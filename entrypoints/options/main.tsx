import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';

followTheme();
render(<OptionsApp />, document.getElementById('app')!);
